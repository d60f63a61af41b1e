import { COLUMNS, ContentFileError, columnOf, type Column, type SourceRow } from './columns';

/** A record of a table (CSV, a sheet): its cells in column order and the line or row it starts on. */
export interface TableRecord {
  line: number;
  values: string[];
}

/** The columns a header row names, in order; a name outside the layout stops the file (a typo must not drop a column). */
export function headerColumns(headers: readonly string[]): (Column | null)[] {
  const columns = headers.map((h) => (h.trim() === '' ? null : columnOf(h)));
  const unknown = headers.filter((h, k) => h.trim() !== '' && columns[k] === undefined);
  if (unknown.length > 0) {
    throw new ContentFileError(
      `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}; ` +
        `the columns are ${COLUMNS.join(', ')}`,
    );
  }
  const named = columns.filter((c): c is Column => c !== null);
  const twice = named.find((c, k) => named.indexOf(c) !== k);
  if (twice) throw new ContentFileError(`the column "${twice}" appears twice`);
  if (!named.includes('question')) throw new ContentFileError('no "question" column in the first row');
  return columns as (Column | null)[];
}

/** The records after the header as rows of the layout; records with every cell empty are left out. */
export function rowsOfTable(records: readonly TableRecord[]): SourceRow[] {
  const [header, ...body] = records;
  if (!header) throw new ContentFileError('the file is empty');
  const columns = headerColumns(header.values);
  const rows: SourceRow[] = [];
  for (const r of body) {
    if (r.values.every((v) => v.trim() === '')) continue;
    const cells: SourceRow['cells'] = {};
    const problems: string[] = [];
    r.values.forEach((v, k) => {
      const c = columns[k];
      if (c) cells[c] = v;
      else if (v.trim() !== '') problems.push(`a value in column ${k + 1}, which has no header`);
    });
    rows.push({ line: r.line, cells, problems });
  }
  return rows;
}
