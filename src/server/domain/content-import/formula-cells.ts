/**
 * Spreadsheets run a cell that starts with = + - or @ as a formula when a CSV is opened
 * ("=cmd|' /C calc'!A0"), so a CSV export writes such a text with one more leading apostrophe
 * and a CSV import takes one off (the spreadsheet convention for "this is text"). Imports never
 * evaluate anything: a cell's text is stored as it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/** True for a text that, after any leading apostrophes, a spreadsheet would run ("-5" is a number, left alone). */
function looksLikeFormula(v: string): boolean {
  const core = v.replace(/^'+/, '');
  return FORMULA_START.test(core) && !PLAIN_NUMBER.test(core);
}

/** A text as a CSV export writes it. */
export function escapeFormulaCell(v: string): string {
  return looksLikeFormula(v) ? `'${v}` : v;
}

/** A CSV cell as imported: the inverse of escapeFormulaCell. */
export function unescapeFormulaCell(v: string): string {
  return v.startsWith("'") && looksLikeFormula(v) ? v.slice(1) : v;
}
