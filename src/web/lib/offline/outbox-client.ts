import {
  addPost,
  clearOutbox,
  countPosts,
  lastSync,
  listPosts,
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  replayOutbox,
  retoken,
  takeFailures,
  USER_CACHES,
  type OutboxApplied,
  type OutboxFailure,
  type OutboxMessage,
} from '../../../../sw/outbox';
import { outboxSnapshot, setOutboxSnapshot } from './outbox-state';

/** The channel the worker announces applied posts on (for screens that load this module late). */
export { OUTBOX_CHANNEL };

/**
 * The page's side of the outbox (sw/outbox.ts): result posts are stored before their first send
 * and sent at once; what cannot go now waits for Background Sync (the worker replays) or, where
 * the browser has none, for the `online` event and the next start. Screens read the pending
 * count and the last sync time through useOutbox.
 */

export type PostOutcome =
  { status: 'applied'; data: unknown } | { status: 'queued' } | { status: 'failed'; code: string; message: string };

async function refresh(): Promise<void> {
  try {
    setOutboxSnapshot({ pending: await countPosts(), lastSync: await lastSync() });
  } catch {
    // No IndexedDB: nothing is ever queued here.
  }
}

function hasBackgroundSync(): boolean {
  return typeof window !== 'undefined' && 'SyncManager' in window && 'serviceWorker' in navigator;
}

/** Asks the worker to replay when the network is back (now, if it is). False without Background Sync. */
async function requestSync(): Promise<boolean> {
  if (!hasBackgroundSync()) return false;
  try {
    const reg = await navigator.serviceWorker.getRegistration();
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)
      ?.sync;
    if (!reg?.active || !sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** Replays the queue: through the worker where the browser has Background Sync, else from here. */
export async function flushOutbox(): Promise<void> {
  await refresh();
  if (outboxSnapshot().pending === 0) return;
  if (await requestSync()) return;
  await replayOutbox().catch(() => undefined);
  await refresh();
}

/**
 * Stores a result post and sends it. `applied` with the server's reply, `queued` when it will go
 * later, `failed` when the server refused it for good (shown by the caller).
 */
export async function postResult(
  action: string,
  fields: Record<string, string>,
  o: { id: string; token: string; userId: number; label: string },
): Promise<PostOutcome> {
  await addPost({
    id: o.id,
    action,
    fields,
    token: o.token,
    user_id: o.userId,
    created_at: Date.now(),
    attempts: 0,
    label: o.label,
  });
  const r = await replayOutbox({ only: [o.id], keepFailures: false });
  await refresh();
  const applied = r.applied.find((a) => a.id === o.id);
  if (applied) return { status: 'applied', data: applied.data };
  const failed = r.failed.find((f) => f.id === o.id);
  if (failed) return { status: 'failed', code: failed.code, message: failed.message };
  await requestSync();
  return { status: 'queued' };
}

/** The pack fields of the pack plays waiting in the queue (the daily quiz's played dates). */
export async function queuedPacks(): Promise<Record<string, string>[]> {
  try {
    return (await listPosts()).filter((p) => p.action === 'submit_pack_play').map((p) => p.fields);
  } catch {
    return [];
  }
}

export interface OutboxHooks {
  /** A post the server applied (its reply), whoever sent it. */
  onApplied: (a: OutboxApplied) => void;
  /** A post the server refused for good, sent while no screen was waiting for it. */
  onFailed: (f: OutboxFailure) => void;
  /** The signed-in player, for their queued posts to carry a fresh token. */
  current: () => { userId: number; token: string } | null;
}

/** Starts listening to the outbox (once, at start-up) and replays what waits. */
export function startOutbox(h: OutboxHooks): void {
  const show = async () => {
    for (const f of await takeFailures().catch(() => [])) h.onFailed(f);
  };
  if (typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel(OUTBOX_CHANNEL).onmessage = (e: MessageEvent<OutboxMessage>) => {
      if (e.data?.type !== 'outbox-changed') return;
      for (const a of e.data.applied ?? []) h.onApplied(a);
      void refresh();
      void show();
    };
  }
  window.addEventListener('online', () => void flushOutbox());
  const me = h.current();
  void (me ? retoken(me.userId, me.token) : Promise.resolve())
    .catch(() => undefined)
    .then(refresh)
    .then(show)
    .then(() => (navigator.onLine ? flushOutbox() : undefined));
}

/** Logout: the queue, the sync time and the player's cached packs and media go. */
export async function clearUserData(): Promise<void> {
  await clearOutbox().catch(() => undefined);
  if ('caches' in globalThis) await Promise.all(USER_CACHES.map((c) => caches.delete(c).catch(() => false)));
  await refresh();
}
