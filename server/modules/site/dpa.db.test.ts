import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it("gives the data processing agreement as a PDF that reads, with the company's own details", async () => {
  const response = await t.app.inject({ method: "GET", url: "/legal/dpa.pdf" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  expect(response.headers["content-disposition"]).toBe('attachment; filename="HimalTech-Data-Processing-Agreement.pdf"');
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  expect(pdf.numPages).toBeGreaterThanOrEqual(2);
  const { text } = await extractText(pdf, { mergePages: true });
  for (const words of [
    "HimalTech Data Processing Agreement",
    "HimalTech Solutions Pvt. Ltd.",
    "Jhamsikhel Road 12",
    "dpo@himaltech.com.np",
    "within 72 hours",
    "Standard Contractual Clauses",
  ]) {
    expect(text.replace(/\s+/g, " ")).toContain(words);
  }
  // Made once, then the same bytes.
  expect((await t.app.inject({ method: "GET", url: "/legal/dpa.pdf" })).rawPayload.equals(response.rawPayload)).toBe(true);
});
