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

/** RFC 4180 CSV with a header row; the columns are the first row's keys, or `columns` when there are no rows. */
export function toCsv(rows: Record<string, unknown>[], columns: string[] = Object.keys(rows[0] ?? {})): string {
  const lines = [columns.map(cell).join(",")];
  for (const row of rows) lines.push(columns.map((column) => cell(row[column])).join(","));
  return lines.join("\r\n") + "\r\n";
}
