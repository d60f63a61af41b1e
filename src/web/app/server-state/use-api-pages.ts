import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { RootState } from '../root-reducer';
import { mergePage, type ListState } from '../../ui/MoreFooter';
import { serverApi } from './api-slice';
import type { ApiArg } from './base-query';
import { pageItems, type Page, type PageItem, type PagedRead } from './paged-reads';

/** A paged list as a screen shows it, with `MoreFooter`'s state. */
export interface PagedList<A extends PagedRead> {
  /** The items of every page loaded, merged by key (an item moved across pages is listed once). */
  items: PageItem<A>[];
  /** The pages as replied (a board's own fields, e.g. the player's rank, are on them). */
  pages: readonly Page<A>[];
  state: ListState;
  /** More items after the last page. */
  more: boolean;
  /** The next page, or the failed one again. */
  loadMore: () => void;
}

/**
 * Reads the paged action `action` page by page (`<action>_pages`): the first page at once, the
 * next on `loadMore`. `arg` takes the action's fields but `offset`, or `skipToken` for nothing
 * yet. A change of `arg` starts again from the first page, an older reply never shown.
 */
export function useApiPages<A extends PagedRead>(
  action: A,
  arg: Omit<ApiArg<A>, 'offset'> | typeof skipToken,
  key: (item: PageItem<A>) => number | string,
): PagedList<A> {
  const endpoint = serverApi.endpoints[
    `${action}_pages`
  ] as unknown as typeof serverApi.endpoints.get_tracker_data_pages;
  const result = endpoint.useInfiniteQuery(arg as never);
  const data = result.currentData as { pages: Page<A>[] } | undefined;
  const items = useMemo(
    () =>
      (data?.pages ?? []).reduce<PageItem<A>[]>(
        (rows, page, i) =>
          mergePage(rows, pageItems(page.data) as PageItem<A>[], key as (item: PageItem<A>) => number, i === 0),
        [],
      ),
    [data, key],
  );
  const { fetchNextPage, refetch } = result;
  const failed = result.isError && !result.isFetching;
  return {
    items,
    pages: data?.pages ?? [],
    state: result.isFetching || result.isUninitialized ? 'loading' : failed ? 'error' : 'ready',
    more: result.hasNextPage,
    loadMore: () => void (data ? fetchNextPage() : refetch()),
  };
}

/**
 * Writes into the cached pages that `useApiPages(action, arg, …)` shows (a live message, a row
 * asked again): `recipe` changes them in place (an immer draft), and the next page's offset and
 * `more` follow from the pages as written. Nothing happens while they are not loaded.
 */
export function updatePages<A extends PagedRead>(
  action: A,
  arg: Omit<ApiArg<A>, 'offset'>,
  recipe: (pages: Page<A>[]) => void,
): ThunkAction<void, RootState, unknown, UnknownAction> {
  const update = serverApi.util.updateQueryData(
    `${action}_pages` as 'get_tracker_data_pages',
    arg as never,
    (draft) => void recipe(draft.pages as Page<A>[]),
  );
  // The layer's state is injected with its first screen, so the store's own RootState has it optional.
  return update as unknown as ThunkAction<void, RootState, unknown, UnknownAction>;
}
