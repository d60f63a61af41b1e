import { ContentFileError, columnOf, type SourceRow } from './columns';

/** A JSON value as a cell's text: numbers and booleans as written, anything nested refused. */
function cellOf(v: unknown): string | null {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

function toRow(item: unknown, index: number): SourceRow {
  const row: SourceRow = { line: index + 1, cells: {}, problems: [] };
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    row.problems.push('not an object of fields');
    return row;
  }
  for (const [key, value] of Object.entries(item)) {
    const column = columnOf(key);
    const text = cellOf(value);
    if (!column) row.problems.push(`unknown field "${key}"`);
    else if (text === null) row.problems.push(`${column}: must be text, a number or a boolean`);
    else row.cells[column] = text;
  }
  return row;
}

/** Reads a JSON array of objects with the column layout's fields, numbered by item from 1. */
export function parseJson(text: string): SourceRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ContentFileError(`not readable as JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(data)) throw new ContentFileError('a JSON import is an array of question objects');
  return data.map(toRow);
}
