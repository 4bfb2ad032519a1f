/**
 * Cells for spreadsheets: a value starting with =, +, -, @, a tab or a carriage return is read by Excel,
 * LibreOffice and Sheets as a formula (CSV injection, OWASP), so it is written with a leading apostrophe;
 * cells holding the delimiter, a quote or a line break are quoted.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text a spreadsheet shows as text, never evaluates. */
export function defuseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV cell: defused, then quoted when needed. */
export function csvSafeCell(value: string, delimiter = ','): string {
  const safe = defuseFormula(value);
  return safe.includes(delimiter) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
