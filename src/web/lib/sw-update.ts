import { useSyncExternalStore } from 'react';

// A tiny store for "a new version is waiting", kept apart from workbox-window so the first
// screen does not ship it.
let waiting: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Called by the registration code when a new worker waits; `activate` tells it to take over. */
export function setUpdateWaiting(activate: (() => void) | null): void {
  waiting = activate;
  for (const l of listeners) l();
}

/** The pending update's activate function, or null. */
export function useUpdateWaiting(): (() => void) | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting,
  );
}
