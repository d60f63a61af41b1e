import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { COLUMN_HELP, COLUMNS, type Column, type LayoutRow } from './columns';
import { escapeFormulaCell } from './formula-cells';

/**
 * Rows as CSV: the header, then a record a question, CRLF between records (RFC 4180). A UTF-8
 * byte order mark first, without which Excel reads the file as Windows-1252; the import drops it.
 */
export function rowsToCsv(rows: readonly LayoutRow[]): string {
  const records = rows.map((r) => COLUMNS.map((c) => escapeFormulaCell(r[c])));
  return `\ufeff${stringify([[...COLUMNS], ...records], { record_delimiter: 'windows' })}`;
}

/** A row as a JSON object: empty cells left out, level and marks as numbers, latex as a boolean. */
function jsonItem(r: LayoutRow): Record<string, string | number | boolean> {
  const item: Record<string, string | number | boolean> = {};
  for (const c of COLUMNS) {
    if (r[c] === '') continue;
    item[c] = c === 'level' || c === 'marks' ? Number(r[c]) : c === 'latex' ? r[c] === 'true' : r[c];
  }
  return item;
}

/** Rows as a JSON array of question objects. */
export function rowsToJson(rows: readonly LayoutRow[]): string {
  return `${JSON.stringify(rows.map(jsonItem), null, 2)}\n`;
}

/**
 * Rows as an XLSX workbook: a "questions" sheet (every cell a text, so nothing in it runs as a
 * formula) and a "columns" sheet saying what each column holds.
 */
export async function rowsToXlsx(rows: readonly LayoutRow[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('questions');
  sheet.addRow([...COLUMNS]).font = { bold: true };
  for (const r of rows) sheet.addRow(COLUMNS.map((c: Column) => r[c]));
  const help = wb.addWorksheet('columns');
  help.addRow(['column', 'what it holds']).font = { bold: true };
  for (const c of COLUMNS) help.addRow([c, COLUMN_HELP[c]]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
