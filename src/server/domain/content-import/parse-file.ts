import { extname } from 'node:path';
import { ContentFileError, type RowUnit, type SourceRow } from './columns';
import { decodeText } from './decode-text';
import { parseCsv } from './parse-csv';
import { parseJson } from './parse-json';
import { parseOtqa } from './parse-otqa';
import { parseXlsx } from './parse-xlsx';

export const FORMATS = ['otqa', 'csv', 'xlsx', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** Files larger than this are refused whole: an import is read in memory. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Rows a file may hold (the whole OpenTriviaQA dataset is ~50,000 in 22 files). */
export const MAX_ROWS = 100_000;

/** A file to import: its name (for the report and the format) and its bytes. */
export interface ContentSource {
  name: string;
  bytes: Uint8Array;
  format?: Format;
}

export interface ParsedFile {
  format: Format;
  /** How a text file's bytes were read; null for XLSX. */
  encoding: string | null;
  unit: RowUnit;
  rows: SourceRow[];
}

/**
 * The format a file name implies, undefined when unknown. OpenTriviaQA's files have no
 * extension, so none (or .txt, .otqa) means OpenTriviaQA; .tsv is CSV (the delimiter is read
 * from the header).
 */
export function formatOfName(name: string): Format | undefined {
  const ext = extname(name).toLowerCase();
  if (ext === '' || ext === '.txt' || ext === '.otqa') return 'otqa';
  if (ext === '.csv' || ext === '.tsv') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  if (ext === '.json') return 'json';
  return undefined;
}

/** Reads a file in its format (given, or by its name); a file that cannot be read throws ContentFileError. */
export async function parseContentFile(src: ContentSource): Promise<ParsedFile> {
  const format = src.format ?? formatOfName(src.name);
  if (!format) throw new ContentFileError(`unknown format of "${src.name}": give --format ${FORMATS.join('|')}`);
  if (src.bytes.byteLength > MAX_FILE_BYTES) {
    throw new ContentFileError(`${src.bytes.byteLength} bytes: at most ${MAX_FILE_BYTES} (10 MB) a file; split it`);
  }
  const parsed = await parseIn(format, src.bytes);
  if (parsed.rows.length > MAX_ROWS) throw new ContentFileError(`${parsed.rows.length} rows: at most ${MAX_ROWS}`);
  if (parsed.rows.length === 0) throw new ContentFileError(`no questions found in it as ${format}`);
  return parsed;
}

async function parseIn(format: Format, bytes: Uint8Array): Promise<ParsedFile> {
  if (format === 'xlsx') return { format, encoding: null, unit: 'row', rows: await parseXlsx(bytes) };
  const { text, encoding } = decodeText(bytes);
  if (format === 'csv') return { format, encoding, unit: 'line', rows: parseCsv(text) };
  if (format === 'json') return { format, encoding, unit: 'item', rows: parseJson(text) };
  return { format, encoding, unit: 'line', rows: parseOtqa(text) };
}
