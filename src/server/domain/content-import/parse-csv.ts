import { parse } from 'csv-parse/sync';
import { ContentFileError, type SourceRow } from './columns';
import { rowsOfTable, type TableRecord } from './table-rows';
import { unescapeFormulaCell } from './formula-cells';

/**
 * The delimiter of a CSV file, read from its header line: spreadsheets in many locales save
 * with ";" and "Unicode text" exports use tabs. Header names hold none of these.
 */
export function csvDelimiter(text: string): string {
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  const count = (d: string) => header.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** Reads CSV text (header row first) as rows of the column layout, numbered by the line each record starts on. */
export function parseCsv(text: string): SourceRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: csvDelimiter(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (e) {
    throw new ContentFileError(`not readable as CSV: ${(e as Error).message}`);
  }
  return rowsOfTable(records.map(toTableRecord));
}

/** csv-parse gives the line a record ends on; a quoted cell may span lines. */
function toTableRecord(r: { record: string[]; info: { lines: number } }): TableRecord {
  const breaks = r.record.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
  return { line: r.info.lines - breaks, values: r.record.map(unescapeFormulaCell) };
}
