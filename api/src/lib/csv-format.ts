/**
 * How the product writes a CSV record, and how its importer reads back what it wrote. Every
 * CSV the server sends (the products export, the import template, an import's errors.csv)
 * goes through `csvRecord`, so no writer can forget either rule below.
 *
 * 1. Formulas (OWASP "CSV injection"): a spreadsheet runs a cell that starts with `=`, `+`,
 *    `-`, `@`, a tab or a carriage return (and Excel takes the fullwidth `＝ ＋ － ＠` too).
 *    Such a cell gets a leading `'`, which spreadsheets show as text. A cell that already
 *    starts with quotes before such a character gets one more, so that `restoreFormulaCell`
 *    (the importer) removes exactly the quote that was added and every text comes back as
 *    it was stored. A plain negative number (`-5`, `-1.5`) is left alone: a spreadsheet reads
 *    it as a number, never as a formula, and the numeric columns stay numbers.
 * 2. Quoting (RFC 4180): a cell holding the delimiter, a double quote, a carriage return or a
 *    line feed (alone or as a pair), or one that was neutralised, is quoted, quotes doubled.
 *    A lone `\n` left unquoted splits the row in a spreadsheet program.
 */

// The lead quotes are part of the pattern so that a stored `'=x` is told apart from our `'`.
const FORMULA_START = /^'*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const ADDED_QUOTE = /^'+[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** The cell as written to a file: a leading `'` when a spreadsheet would run it. */
export function neutraliseFormulaCell(cell: string): string {
  if (!FORMULA_START.test(cell) || PLAIN_NEGATIVE_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}

/** The importer's inverse of `neutraliseFormulaCell`: drops the one quote it added. */
export function restoreFormulaCell(cell: string): string {
  return ADDED_QUOTE.test(cell) ? cell.slice(1) : cell;
}

function formatCell(raw: string): string {
  const cell = neutraliseFormulaCell(raw);
  // Both delimiters the importer reads are quoted, so a file stays one file for either.
  if (cell === raw && !NEEDS_QUOTES.test(cell)) return cell;
  return `"${cell.replace(/"/g, '""')}"`;
}

/** One CSV record, comma separated and ending in CRLF, every cell made safe to open. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(formatCell).join(',')}\r\n`;
}
