import ExcelJS from 'exceljs';
import { ContentFileError, type SourceRow } from './columns';
import { rowsOfTable, type TableRecord } from './table-rows';
import { zipUncompressedBytes } from './zip-size';

/** What a workbook may inflate to (a 10 MB workbook of text is well under it). */
export const MAX_XLSX_UNPACKED_BYTES = 200 * 1024 * 1024;

/** The sheet a workbook's questions are on: one named "questions", else the first. */
function questionSheet(wb: ExcelJS.Workbook): ExcelJS.Worksheet | undefined {
  return wb.worksheets.find((s) => s.name.trim().toLowerCase() === 'questions') ?? wb.worksheets[0];
}

/**
 * A cell's value as text. A formula is kept as its text ("=A1*2"), never its cached result:
 * what the file says is imported, nothing in it is evaluated or trusted.
 */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('formula' in v) return `=${v.formula}`;
  if ('sharedFormula' in v) return `=${v.sharedFormula}`;
  if ('hyperlink' in v) return typeof v.text === 'string' ? v.text : cellText(v.text);
  if ('error' in v) return v.error;
  return '';
}

/** Reads an XLSX workbook's question sheet (header row first) as rows of the column layout, numbered by sheet row. */
export async function parseXlsx(bytes: Uint8Array, maxUnpacked = MAX_XLSX_UNPACKED_BYTES): Promise<SourceRow[]> {
  const unpacked = zipUncompressedBytes(bytes);
  if (unpacked === null) throw new ContentFileError('not readable as XLSX: not a ZIP file');
  if (unpacked > maxUnpacked) {
    throw new ContentFileError(`the workbook unpacks to ${unpacked} bytes: at most ${maxUnpacked}`);
  }
  const wb = new ExcelJS.Workbook();
  try {
    // exceljs reads a Node Buffer; its typings call that an ArrayBuffer.
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch (e) {
    throw new ContentFileError(`not readable as XLSX: ${(e as Error).message}`);
  }
  const sheet = questionSheet(wb);
  if (!sheet) throw new ContentFileError('the workbook has no sheet');
  const records: TableRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    const values: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) values.push(cellText(row.getCell(c).value));
    records.push({ line: n, values });
  });
  return rowsOfTable(records);
}
