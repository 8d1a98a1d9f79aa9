import { describe, expect, it } from "vitest";
import { csvHeader, csvLines } from "./csv";

/** A whole file: the header, then the rows. */
const toCsv = (rows: Record<string, unknown>[], columns = Object.keys(rows[0] ?? {})) => csvHeader(columns) + csvLines(rows, columns);

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, and writes dates as ISO", () => {
    const csv = toCsv([{ name: 'Sita "S" Rai', note: "a,b\nc", at: new Date("2026-01-02T03:04:05Z"), count: 3, empty: null }]);
    expect(csv).toBe('name,note,at,count,empty\r\n"Sita ""S"" Rai","a,b\nc",2026-01-02T03:04:05.000Z,3,\r\n');
  });

  it("prefixes text that a spreadsheet would run as a formula, but not negative numbers", () => {
    const csv = toCsv([{ a: '=HYPERLINK("http://x")', b: "+1", c: "-2", d: "@SUM(A1)", e: -5, f: "safe" }]);
    expect(csv.split("\r\n")[1]).toBe(`"'=HYPERLINK(""http://x"")",'+1,'-2,'@SUM(A1),-5,safe`);
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv([], ["id", "email"])).toBe("id,email\r\n");
  });
});
