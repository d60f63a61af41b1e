import type { ActionInput, ActionName, ActionOutput } from '../../../core/contract';
import { api, type CallOptions } from '../../lib/api-client';
import { uuid } from '../../lib/uuid';
import type { TablePage } from './ui/DataTable';

/** An action's fields as a screen sends them (ids and numbers may still be the form's strings). */
export type Fields<A extends ActionName> = { [K in keyof ActionInput<A>]?: ActionInput<A>[K] | string | number };

/** A paged list action as a table page: its rows and the reply's `total`. */
export async function loadPage<A extends ActionName>(
  action: A,
  fields: Fields<A>,
): Promise<TablePage<ActionOutput<A> extends (infer R)[] ? R : never>> {
  let total: number | null = null;
  const rows = await api(action, fields, { onTotal: (n) => (total = n) });
  return { rows: rows as never, total };
}

/** A change: sent with a fresh Idempotency-Key, so a retried request is applied once. */
export function mutate<A extends ActionName>(
  action: A,
  fields: Fields<A>,
  opts: CallOptions = {},
): Promise<ActionOutput<A>> {
  return api(action, fields, { idempotencyKey: uuid(), ...opts });
}
