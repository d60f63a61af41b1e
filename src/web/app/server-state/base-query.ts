import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { ActionName } from '../../../core/contract';
import { api, ApiError, type CallOptions, type Fields } from '../../lib/api-client';

/** What a query or mutation may ask of the call besides its fields (not part of the request body). */
export type CallSettings = Pick<CallOptions, 'expect' | 'idempotencyKey' | 'files'>;

/**
 * An endpoint's argument: the action's fields, and `call` for the client's own settings. An action
 * without fields (input `z.object({})`, an index signature `call` would not fit) takes `call` only.
 */
export type ApiArg<A extends ActionName> = (string extends keyof Fields<A> ? unknown : Fields<A>) & {
  readonly call?: CallSettings;
};

/** A failed call as kept in the store (plain data: an ApiError instance is not serializable). */
export interface ApiFailure {
  code: ApiError['code'];
  status: number;
  message: string;
  field?: string;
}

/** The request an endpoint makes: one action of the contract. */
export interface ApiRequest {
  action: ActionName;
  arg: (Record<string, unknown> & { readonly call?: CallSettings }) | undefined;
}

/** A paged list's `total` (all items, not just this page), when the reply carries one. */
export interface ApiMeta {
  total?: number;
}

/**
 * Calls the action through the one `api()` client, so offline answers, the 401 logout, toasts and
 * kept replies stay there: a failure comes back already toasted (unless expected by `call.expect`).
 */
export const apiBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiFailure, object, ApiMeta> = async ({ action, arg }) => {
  const { call, ...fields } = arg ?? {};
  const meta: ApiMeta = {};
  try {
    const data = await api(action, fields as Fields<ActionName>, {
      ...call,
      onTotal: (total) => (meta.total = total),
    });
    return { data, meta };
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError('unknown', 0, String(e));
    return { error: { code: err.code, status: err.status, message: err.message, field: err.field }, meta };
  }
};

/** True when `e` (a mutation's `unwrap()` rejection) is a failed call, with `code` if given. */
export function isApiFailure(e: unknown, code?: string): e is ApiFailure {
  return typeof e === 'object' && e !== null && 'code' in e && (code === undefined || e.code === code);
}
