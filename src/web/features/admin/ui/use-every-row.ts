import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useEffectEvent, useMemo } from 'react';
import type { ApiArg } from '../../../app/server-state/base-query';
import type { PagedRead, PageItem } from '../../../app/server-state/paged-reads';
import { useApiPages } from '../../../app/server-state/use-api-pages';
import type { Loadable } from '../../../lib/loadable';

const PAGE = 100;
/** A picker lists at most this many (a language with more categories than this is searched instead). */
const MOST = 1000;
const byId = (row: { id: number }) => row.id;
const atMost = (rows: readonly unknown[]) => rows.length >= MOST;

/**
 * The rows of a paged list action, 100 a call, one page after the other until `enough` says so
 * (a thousand rows by default) or none is left: a picker's options, or a search for one row. None
 * without fields (`skipToken`). A change in the console refetches them, and the rows stay on while
 * it runs. The retry loads the page that failed.
 */
export function useEveryRow<A extends PagedRead>(
  action: A,
  fields: Omit<ApiArg<A>, 'offset' | 'limit'> | typeof skipToken,
  enough: (rows: PageItem<A>[]) => boolean = atMost,
): [Loadable<PageItem<A>[]>, () => void] {
  const skip = fields === skipToken;
  const list = useApiPages(action, skip ? skipToken : ({ ...fields, limit: PAGE } as never), byId as never);
  const { items, pages, state, loadMore } = list;
  const wanted = list.more && !enough(items);
  const loadNext = useEffectEvent(loadMore);
  useEffect(() => {
    if (state === 'ready' && wanted) loadNext();
  }, [state, wanted, items.length]);
  const loaded = useMemo<Loadable<PageItem<A>[]>>(() => {
    if (skip) return { status: 'ready', data: [] };
    if (state === 'error') return { status: 'error', code: 'unknown' };
    return pages.length > 0 && !wanted ? { status: 'ready', data: items } : { status: 'loading' };
  }, [skip, state, pages.length, wanted, items]);
  return [loaded, loadMore];
}
