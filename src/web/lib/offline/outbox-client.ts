import {
  FLUSH_OUTBOX,
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  USER_CACHES,
  type OutboxApplied,
  type OutboxFailure,
  type OutboxMessage,
} from '../../../core/offline/outbox-shape';
import {
  addPost,
  clearOutbox,
  countPosts,
  lastSync,
  listPosts,
  replayOutbox,
  retoken,
  takeFailures,
} from '../../../offline/outbox';
import { outboxSnapshot, setOutboxSnapshot } from './outbox-state';

/** The channel the worker announces applied posts on (for screens that load this module late). */
export { OUTBOX_CHANNEL };

/**
 * The page's side of the outbox (src/offline/outbox.ts): result posts are stored before their first send
 * and sent at once; what cannot go now is sent by the open page's next flush (the network back,
 * the app in front again, a call that went through, a backoff) and, when the app is closed, by
 * Background Sync. Screens read the pending count and the last sync time through useOutbox.
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

/** The worker's answer to FLUSH_OUTBOX: what is left, or null when no worker could be asked. */
async function askWorker(): Promise<{ pending: number; retry: boolean } | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const reg = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const worker = reg?.active;
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    // A worker that never answers (stopped mid-replay): the page takes over after a while.
    const timer = setTimeout(() => resolve(null), WORKER_ANSWER_MS);
    channel.port1.onmessage = (e: MessageEvent<{ pending: number; retry: boolean }>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(e.data);
    };
    worker.postMessage({ type: FLUSH_OUTBOX }, [channel.port2]);
  });
}

/** How long the page waits for the worker's replay before doing it itself (the lock keeps one at a time). */
const WORKER_ANSWER_MS = 20_000;
/** Waits before the page asks again while posts are left and the browser says it is online. */
export const RETRY_MS = [1000, 2000, 4000, 8000, 15_000, 30_000, 60_000];

let flushing: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;

/**
 * Sends the queue now, from the open page: the worker replays it (so a closed tab does not cut a
 * replay short), or the page itself where there is no worker. What is left waits for the next
 * try — a backoff while online, the next `online`, focus or successful call — and for Background
 * Sync, which stays as the fallback when the app is closed. Calls while one runs are folded into
 * one more run after it.
 */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      await flushOnce();
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function flushOnce(): Promise<void> {
  await refresh();
  if (outboxSnapshot().pending === 0 || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  clearTimeout(retryTimer);
  const asked = await askWorker();
  if (!asked) await replayOutbox().catch(() => undefined);
  await refresh();
  if (outboxSnapshot().pending === 0) {
    retries = 0;
    return;
  }
  // Something is left (the network is not quite back, a 5xx, a 429): Background Sync for a
  // closed app, and another try from here while the app stays open.
  await requestSync();
  retryLater();
}

function retryLater(): void {
  clearTimeout(retryTimer);
  const wait = RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]!;
  retryTimer = setTimeout(() => void flushOutbox(), wait);
}

/** The moments the open page sends what waits: the network back, the app in front again. */
function flushOnWake(): void {
  const now = () => {
    retries = 0;
    void flushOutbox();
  };
  window.addEventListener('online', now);
  window.addEventListener('focus', now);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') now();
  });
}

/** A call to the server went through: the network works, so what waits goes now. */
export function outboxNetworkWorks(): void {
  if (outboxSnapshot().pending === 0) return;
  retries = 0;
  void flushOutbox();
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
  // Online but refused for now (a 5xx, a 429): tried again from here too.
  if (typeof navigator !== 'undefined' && navigator.onLine) retryLater();
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
  flushOnWake();
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
