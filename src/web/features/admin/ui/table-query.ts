import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortOrder = 'asc' | 'desc';

/** What a table asks the server for: a page, the search text, the sort and the filters. */
export interface TableQuery {
  page: number;
  search: string;
  sort: string;
  order: SortOrder;
  filters: Record<string, string>;
}

export interface TableDefaults {
  sort?: string;
  order?: SortOrder;
  filters?: Record<string, string>;
}

const RESERVED = new Set(['page', 'q', 'sort', 'order']);

/**
 * A table's query, kept in the address (`?q=ann&status=active&page=2`): a reload, a shared link
 * or the back button shows the same rows. Values equal to the defaults stay out of the address.
 */
export function useTableQuery(defaults: TableDefaults = {}) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // The defaults by value: pages pass them as literals, a new object at each render.
  const defaultsKey = JSON.stringify(defaults);
  const fixed = useMemo<TableDefaults>(() => JSON.parse(defaultsKey) as TableDefaults, [defaultsKey]);
  const query = useMemo<TableQuery>(() => {
    const defaults = fixed;
    const p = new URLSearchParams(key);
    const filters = { ...defaults.filters };
    for (const [k, v] of p) if (!RESERVED.has(k) && k in filters) filters[k] = v;
    const page = Number(p.get('page'));
    return {
      page: Number.isInteger(page) && page > 0 ? page - 1 : 0,
      search: p.get('q') ?? '',
      sort: p.get('sort') ?? defaults.sort ?? '',
      order: p.get('order') === 'asc' ? 'asc' : p.get('order') === 'desc' ? 'desc' : (defaults.order ?? 'desc'),
      filters,
    };
  }, [key, fixed]);

  const update = useCallback(
    (patch: Partial<TableQuery>) => {
      const defaults = fixed;
      const next = { ...query, ...patch, filters: { ...query.filters, ...patch.filters } };
      const p = new URLSearchParams();
      if (next.search) p.set('q', next.search);
      for (const [k, v] of Object.entries(next.filters)) if (v !== defaults.filters?.[k]) p.set(k, v);
      if (next.sort && next.sort !== (defaults.sort ?? '')) p.set('sort', next.sort);
      if (next.order !== (defaults.order ?? 'desc')) p.set('order', next.order);
      if (next.page > 0) p.set('page', String(next.page + 1));
      setParams(p, { replace: true });
    },
    [query, setParams, fixed],
  );
  return [query, update] as const;
}
