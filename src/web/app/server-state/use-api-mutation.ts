import { useCallback } from 'react';
import type { ActionOutput } from '../../../core/contract';
import { serverApi } from './api-slice';
import type { ApiArg } from './base-query';
import type { WriteAction } from './endpoint-kinds';

/**
 * Calls the mutation `action` through the server-state layer (so the reads of its area refetch):
 * resolves with the reply's data, rejects with an `ApiFailure` (`isApiFailure`), already toasted
 * unless its code is in `call.expect`.
 */
export function useApiMutation<A extends WriteAction>(action: A): (arg: ApiArg<A>) => Promise<ActionOutput<A>> {
  const endpoint = serverApi.endpoints[action] as unknown as typeof serverApi.endpoints.set_bookmark;
  const [trigger] = endpoint.useMutation();
  return useCallback((arg) => trigger(arg as never).unwrap() as Promise<ActionOutput<A>>, [trigger]);
}
