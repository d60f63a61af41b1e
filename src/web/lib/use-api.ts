import { useEffect, useEffectEvent, useState } from 'react';
import { useDepsVersion } from './use-deps-version';

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; code: string };

/**
 * Runs `load` when `deps` change; errors were already toasted by the api client. Being replaced by
 * the server-state layer (`app/server-state/use-api-query.ts`): still used by the operator
 * console (moving next) and by the player's reads that search several replies (an exam's result
 * across pages, fun-and-learn texts found through their subcategory).
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [Loadable<T>, () => void] {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const version = useDepsVersion(deps);
  const run = useEffectEvent(load);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    run().then(
      (data) => live && setState({ status: 'ready', data }),
      (e: unknown) => live && setState({ status: 'error', code: (e as { code?: string }).code ?? 'unknown' }),
    );
    return () => {
      live = false;
    };
  }, [version, tick]);
  return [state, () => setTick((n) => n + 1)];
}
