import type { Middleware } from '@reduxjs/toolkit';
import type { InfiniteQueryDefinition, MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { ActionName, ActionOutput } from '../../../core/contract';
import { loggedOut } from '../events';
import { lazyMiddleware, rootReducer, type RootState } from '../root-reducer';
import { apiBaseQuery, type ApiArg, type ApiRequest } from './base-query';
import { ALL_ACTIONS, isReadAction, type ReadAction, type WriteAction } from './endpoint-kinds';
import { nextOffset, PAGED_READS, type Page, type PagedRead } from './paged-reads';
import { invalidatedTags, providedTags, TAGS, type Tag } from './tags';

type BaseQuery = typeof apiBaseQuery;

/**
 * The endpoints, one per action of the contract, named as the action (`get_categories`), and for
 * each paged read its pages (`<action>_pages`) and one page with its total (`<action>_page`).
 */
export type ApiEndpoints = {
  [A in ReadAction]: QueryDefinition<ApiArg<A> | void, BaseQuery, Tag, ActionOutput<A>, 'server'>;
} & {
  [A in WriteAction]: MutationDefinition<ApiArg<A> | void, BaseQuery, Tag, ActionOutput<A>, 'server'>;
} & {
  [A in PagedRead as `${A}_pages`]: InfiniteQueryDefinition<
    Omit<ApiArg<A>, 'offset'>,
    number,
    BaseQuery,
    Tag,
    Page<A>,
    'server'
  >;
} & {
  [A in PagedRead as `${A}_page`]: QueryDefinition<ApiArg<A>, BaseQuery, Tag, Page<A>, 'server'>;
};

/**
 * The app's server state (issue 25): an endpoint per action of the contract, generated (a query
 * for each read, a mutation for each change), over the one `api()` client. Loaded with the screens
 * that read through it, not the first screen (`server-state/store.ts` injects it).
 */
export const serverApi = createApi({
  reducerPath: 'server',
  baseQuery: apiBaseQuery,
  tagTypes: TAGS,
  // A screen shows what the server says now: a reply no screen reads is forgotten at once, so each
  // visit loads again, as the screens did before this layer; the cache shares a reply between the
  // screens on at the same time, and a change refetches the reads of its area in place.
  keepUnusedDataFor: 0,
  refetchOnMountOrArgChange: true,
  endpoints: (build) => {
    const endpoints: Record<string, unknown> = {};
    for (const action of ALL_ACTIONS) {
      endpoints[action] = isReadAction(action)
        ? build.query<unknown, ApiArg<ActionName> | void>({
            query: (arg) => ({ action, arg: (arg ?? undefined) as ApiRequest['arg'] }),
            providesTags: (_data, _error, arg) => providedTags(action, arg ?? undefined),
          })
        : build.mutation<unknown, ApiArg<ActionName> | void>({
            query: (arg) => ({ action, arg: (arg ?? undefined) as ApiRequest['arg'] }),
            invalidatesTags: (_data, error) => (error ? [] : invalidatedTags(action)),
          });
    }
    // A paged read's pages: `offset` is the page parameter, the next one from the reply's total.
    for (const action of PAGED_READS as readonly PagedRead[]) {
      endpoints[`${action}_pages`] = build.infiniteQuery<Page<PagedRead>, ApiArg<PagedRead>, number>({
        infiniteQueryOptions: {
          initialPageParam: 0,
          getNextPageParam: (last, _all, offset, _offsets, arg) =>
            nextOffset(last, offset, (arg as { limit?: number }).limit),
        },
        query: ({ queryArg, pageParam }) => ({
          action,
          arg: { ...queryArg, offset: pageParam } as ApiRequest['arg'],
        }),
        transformResponse: (data: unknown, meta) => ({ data, total: meta?.total }) as Page<PagedRead>,
        providesTags: (_data, _error, arg) => providedTags(action, arg),
      });
      // One page at a given offset with its total, for a table that pages by number (the console).
      endpoints[`${action}_page`] = build.query<Page<PagedRead>, ApiArg<PagedRead>>({
        query: (arg) => ({ action, arg: arg as ApiRequest['arg'] }),
        transformResponse: (data: unknown, meta) => ({ data, total: meta?.total }) as Page<PagedRead>,
        providesTags: (_data, _error, arg) => providedTags(action, arg),
      });
    }
    return endpoints as ApiEndpoints;
  },
});

/**
 * Follows the session: logging out forgets every cached reply (the next player must not see
 * them), and a change of content language reloads the reads whose reply follows it unnamed.
 */
const followSession: Middleware<object, RootState> = (store) => (next) => (action) => {
  const language = store.getState().languages.currentLanguage.id;
  const result = next(action);
  if (loggedOut.match(action)) store.dispatch(serverApi.util.resetApiState());
  else if (store.getState().languages.currentLanguage.id !== language)
    store.dispatch(serverApi.util.invalidateTags(['language']));
  return result;
};

// Added to the store when the first screen that reads through it loads (app/root-reducer.ts
// LazySlices), as the play and battle slices are.
rootReducer.inject(serverApi);
lazyMiddleware.addMiddleware(serverApi.middleware as Middleware<object, RootState>, followSession);
