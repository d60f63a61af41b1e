import { useSyncExternalStore } from 'react';

/**
 * What the outbox holds, as screens show it: results waiting for the server and when the queue
 * last synced. Kept apart from the outbox itself (IndexedDB, its own chunk) so the shell can show
 * the counter without loading it.
 */
export interface OutboxSnapshot {
  pending: number;
  /** ms since epoch; 0 when nothing was ever synced here. */
  lastSync: number;
}

let snapshot: OutboxSnapshot = { pending: 0, lastSync: 0 };
const listeners = new Set<() => void>();

/** The current figures (outside React). */
export function outboxSnapshot(): OutboxSnapshot {
  return snapshot;
}

export function setOutboxSnapshot(next: OutboxSnapshot): void {
  if (next.pending === snapshot.pending && next.lastSync === snapshot.lastSync) return;
  snapshot = next;
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The pending count and last sync time, re-rendering when they change. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribe, outboxSnapshot);
}
