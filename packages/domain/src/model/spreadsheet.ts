/**
 * Spreadsheet formula injection: a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * run as a formula by Excel, LibreOffice and Google Sheets when the file is opened, so a vehicle named
 * `=HYPERLINK(…)` could leak data or run commands on the reader's machine. Such text gets a leading
 * apostrophe, which spreadsheets read as "this is text". Numbers stay numbers, and text that is just a
 * number (a formatted `-12.5`) is left alone: it can hold no formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

export function neutraliseCell<T extends string | number>(cell: T): T | string {
  if (typeof cell !== "string" || !FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}

export function neutraliseRows(body: readonly (readonly (string | number)[])[]): (string | number)[][] {
  return body.map((line) => line.map(neutraliseCell));
}
