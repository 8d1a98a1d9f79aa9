/** Spreadsheets run a cell that begins with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  // Only text is guarded: a negative number is a number, not a formula.
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header line of an RFC 4180 CSV file. */
export const csvHeader = (columns: string[]): string => columns.map(cell).join(",") + "\r\n";

/** RFC 4180 CSV lines of the rows, their cells in the order of `columns`. */
export function csvLines(rows: Record<string, unknown>[], columns: string[]): string {
  return rows.map((row) => columns.map((column) => cell(row[column])).join(",") + "\r\n").join("");
}
