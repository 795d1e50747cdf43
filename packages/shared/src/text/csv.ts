/**
 * CSV as the server and the web app write it: RFC 4180 (fields quoted when
 * they hold a comma, a quote or a line break; quotes doubled; lines ended by
 * CRLF), and no cell a spreadsheet would run as a formula. Text that begins
 * with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading single
 * quote (OWASP's advice on CSV injection), so a campaign named
 * `=HYPERLINK(…)` reads as that text. Numbers are written as they are: they
 * are ours, not someone's text, and a negative one stays a number.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** One cell: text that a spreadsheet would read as a formula made inert, then quoted where RFC 4180 needs it. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as a CSV document, every line (the last too) ended by CRLF. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
