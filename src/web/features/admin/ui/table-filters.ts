import type { TableFilter } from './DataTable';

/** A filter whose first choice is every row ('all'), then `choices`. */
export function anyOf(name: string, label: string, all: string, choices: TableFilter['options']): TableFilter {
  return { name, label, options: [{ value: 'all', label: all }, ...choices] };
}

/** The choices of a list of named rows (languages, categories) by id. */
export const byId = (rows: readonly { id: number; name: string }[]) =>
  rows.map((r) => ({ value: String(r.id), label: r.name }));
