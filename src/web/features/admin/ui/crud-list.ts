import { useEffect, useEffectEvent } from 'react';
import type { ActionOutput } from '../../../../core/contract';
import { serverApi } from '../../../app/server-state/api-slice';
import type { Page, PagedRead } from '../../../app/server-state/paged-reads';
import type { Fields } from '../../../lib/api-client';
import type { TablePage } from './DataTable';
import type { TableQuery } from './table-query';

/** The table's query with the page turned into the rows it asks for. */
export type PageQuery = TableQuery & { offset: number; limit: number };

/**
 * Where a table's rows come from: a paged list action of the contract and the fields it is sent
 * from the table's query. A reply that is not a plain array of rows (translations send
 * `{ rows, missing, total }`) is turned into a page by `page` (run as the table renders: it only
 * reads the reply); `onReply` hears each new reply (the screen keeps what else it says).
 */
export interface ListSource<A extends PagedRead, T> {
  action: A;
  fields: (q: PageQuery) => Fields<A>;
  page?: (reply: ActionOutput<A>, total: number | null, q: PageQuery) => TablePage<T>;
  onReply?: (reply: ActionOutput<A>) => void;
}

/** A table's page as loaded: while another loads, or after it failed, the last one stays shown. */
export interface ListPage<T> {
  status: 'loading' | 'ready' | 'error';
  page: TablePage<T> | null;
  retry: () => void;
}

/**
 * One page of a table through the server-state layer (`<action>_page`): a reply to an older
 * query is never shown, and a change made in the console refetches it (tags). Every table of
 * the console loads through here.
 */
export function useListPage<A extends PagedRead, T>(source: ListSource<A, T>, q: PageQuery): ListPage<T> {
  const endpoint = serverApi.endpoints[
    `${source.action}_page`
  ] as unknown as typeof serverApi.endpoints.admin_get_users_page;
  const result = endpoint.useQuery(source.fields(q) as never);
  const reply = result.data as Page<A> | undefined;
  const total = reply?.total ?? null;
  const heard = useEffectEvent((data: ActionOutput<A>) => source.onReply?.(data));
  useEffect(() => {
    if (reply) heard(reply.data);
  }, [reply]);
  return {
    status: result.isFetching ? 'loading' : result.isError ? 'error' : 'ready',
    page: reply ? (source.page ? source.page(reply.data, total, q) : { rows: reply.data as T[], total }) : null,
    retry: () => void result.refetch(),
  };
}
