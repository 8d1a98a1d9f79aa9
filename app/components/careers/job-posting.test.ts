import { describe, expect, it } from "vitest";
import { baseSalary } from "./job-posting";

const range = (currency: string, minValue: number, maxValue: number, unitText: string) => ({
  "@type": "MonetaryAmount",
  currency,
  value: { "@type": "QuantitativeValue", minValue, maxValue, unitText },
});

describe("a job's salary for job search", () => {
  it("reads the usual ways of writing a range or an amount with its period", () => {
    expect(baseSalary("NPR 220,000 – 320,000 per month")).toEqual(range("NPR", 220000, 320000, "MONTH"));
    expect(baseSalary("Rs. 90,000-120,000 / month")).toEqual(range("NPR", 90000, 120000, "MONTH"));
    expect(baseSalary("USD 40,000 to 55,000 a year")).toEqual(range("USD", 40000, 55000, "YEAR"));
    expect(baseSalary("$45/hour")).toEqual({
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", value: 45, unitText: "HOUR" },
    });
  });

  it("gives job search nothing for a salary it cannot read for certain", () => {
    for (const written of [undefined, "", "Competitive", "NPR 300,000 – 200,000 per month", "NPR 200,000 per fortnight", "About NPR 1,00,000 monthly"])
      expect(baseSalary(written), String(written)).toBeNull();
  });
});
