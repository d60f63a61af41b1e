import type { ActionName, ActionOutput } from '../../../../core/contract';
import { api } from '../../../lib/api-client';
import type { Fields } from '../admin-api';
import type { TablePage } from './DataTable';
import type { TableQuery } from './table-query';

/** The table's query with the page turned into the rows it asks for. */
export type PageQuery = TableQuery & { offset: number; limit: number };

/**
 * Where a CRUD screen's rows come from: a paged list action of the contract and the fields it
 * is sent from the table's query. A reply that is not a plain array of rows (translations send
 * `{ rows, missing, total }`) is turned into a page by `page`.
 */
export interface ListSource<A extends ActionName, T> {
  action: A;
  fields: (q: PageQuery) => Fields<A>;
  page?: (reply: ActionOutput<A>, total: number | null, q: PageQuery) => TablePage<T>;
}

/**
 * One page of a CRUD screen's list. Every CRUD screen of the console loads through here, so
 * moving them onto another server-state layer (RTK Query) changes this file only.
 */
export async function loadList<A extends ActionName, T>(source: ListSource<A, T>, q: PageQuery): Promise<TablePage<T>> {
  let total: number | null = null;
  const reply = await api(source.action, source.fields(q), { onTotal: (n) => (total = n) });
  return source.page ? source.page(reply, total, q) : { rows: reply as T[], total };
}
