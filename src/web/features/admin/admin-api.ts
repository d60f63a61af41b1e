import { useCallback } from 'react';
import type { ActionOutput } from '../../../core/contract';
import { useAppDispatch } from '../../app/hooks';
import { serverApi } from '../../app/server-state/api-slice';
import type { CallSettings } from '../../app/server-state/base-query';
import type { WriteAction } from '../../app/server-state/endpoint-kinds';
import type { Fields } from '../../lib/api-client';
import { uuid } from '../../lib/uuid';

/** Sends a change of the console: resolves with the reply's data, rejects with an `ApiFailure`. */
export type Mutate = <A extends WriteAction>(
  action: A,
  fields: Fields<A>,
  call?: Omit<CallSettings, 'idempotencyKey'>,
) => Promise<ActionOutput<A>>;

/**
 * The console's changes, through the server-state layer so the lists they touch refetch (tags),
 * each sent with a fresh Idempotency-Key so a retried request is applied once. Its failure is
 * already toasted unless its code is in `call.expect`.
 */
export function useMutate(): Mutate {
  const dispatch = useAppDispatch();
  return useCallback(
    async (action, fields, call = {}) => {
      const endpoint = serverApi.endpoints[action] as unknown as typeof serverApi.endpoints.admin_save_category;
      const sent = dispatch(endpoint.initiate({ ...fields, call: { ...call, idempotencyKey: uuid() } } as never));
      try {
        return (await sent.unwrap()) as never;
      } finally {
        // Nothing reads a change's reply from the store: it goes with the call.
        sent.reset();
      }
    },
    [dispatch],
  ) as Mutate;
}
