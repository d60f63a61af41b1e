import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { ActionOutput } from '../../../core/contract';
import type { Loadable } from '../../lib/loadable';
import { serverApi } from './api-slice';
import type { ApiArg, ApiFailure } from './base-query';
import type { ReadAction } from './endpoint-kinds';

/**
 * Reads `action` with `arg` (or nothing yet, with `skipToken`) through the server-state layer, as
 * a Loadable for `LoadState` and a retry. Loading until the reply to these fields is in (a reply
 * to other fields is never shown); a refetch after a change keeps the reply on screen until the
 * new one replaces it. Errors were already toasted by the api client.
 * `select` shapes each new reply: a function defined outside the component (or memoized), else it
 * runs on every render.
 */
export function useApiQuery<A extends ReadAction, T = ActionOutput<A>>(
  action: A,
  arg: ApiArg<A> | typeof skipToken,
  select?: (data: ActionOutput<A>) => T,
): [Loadable<T>, () => void] {
  const endpoint = serverApi.endpoints[action] as unknown as typeof serverApi.endpoints.get_settings;
  const result = endpoint.useQuery(arg as never);
  const data = result.currentData as ActionOutput<A> | undefined;
  const selected = useMemo(
    () => (data === undefined ? undefined : select ? select(data) : (data as T)),
    [data, select],
  );
  const { refetch } = result;
  const retry = useMemo(() => () => void refetch(), [refetch]);
  let state: Loadable<T>;
  if (selected !== undefined) state = { status: 'ready', data: selected };
  else if (result.isError && !result.isFetching) state = { status: 'error', code: (result.error as ApiFailure).code };
  else state = { status: 'loading' };
  return [state, retry];
}
