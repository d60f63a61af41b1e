import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  OUTBOX_CHANNEL,
  OUTBOX_DB,
  type OutboxFailure,
  type OutboxMessage,
  type OutboxPost,
  type ReplayReport,
} from '../core/offline/outbox-shape';

/**
 * The outbox: result posts (a quiz's answers, from which the server derives coins, score,
 * statistics and level progress) kept in IndexedDB until the server has applied them, exactly
 * once (DESIGN-NOTES §1). Shared by the page and the service worker:
 * - the page stores a post first, with the Idempotency-Key it will always carry, then sends it;
 * - a network failure, a 5xx, a 429 or a 409 request_in_progress keeps it for a replay: while
 *   the app is open, the page asks the worker at once (on `online`, focus, a successful call, and
 *   with a backoff while posts are left); the `sync` event when it is closed; 2xx removes it; any other 4xx is
 *   final: removed and told to the player ("you have already played");
 * - a 401 keeps it: the player signs in again (same account) and it goes then;
 * - one replay at a time (Web Locks), and the server answers a repeated key with its first reply,
 *   so two replays of one queue credit nothing twice.
 * Workbox's own queue is not used: its replay drops a post the server answered with a 5xx.
 */

interface Schema extends DBSchema {
  posts: { key: string; value: OutboxPost; indexes: { created_at: number } };
  meta: { key: string; value: unknown };
}

let dbp: Promise<IDBPDatabase<Schema>> | null = null;

function db(): Promise<IDBPDatabase<Schema>> {
  dbp ??= openDB<Schema>(OUTBOX_DB, 1, {
    upgrade(d) {
      d.createObjectStore('posts', { keyPath: 'id' }).createIndex('created_at', 'created_at');
      d.createObjectStore('meta');
    },
    // Another context deletes or upgrades the database: let it, and reopen next time.
    blocking() {
      void dbp?.then((x) => x.close());
      dbp = null;
    },
  });
  return dbp;
}

function announce(msg: Omit<OutboxMessage, 'type'> = {}): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(OUTBOX_CHANNEL);
  ch.postMessage({ type: 'outbox-changed', ...msg } satisfies OutboxMessage);
  ch.close();
}

/** Stores a post before its first send (so a crash or a closed tab loses nothing). */
export async function addPost(post: OutboxPost): Promise<void> {
  await (await db()).put('posts', post);
  announce();
}

export async function listPosts(): Promise<OutboxPost[]> {
  return (await db()).getAllFromIndex('posts', 'created_at');
}

export async function countPosts(): Promise<number> {
  return (await db()).count('posts');
}

/** When the queue last became empty or applied something (ms since epoch), 0 if never. */
export async function lastSync(): Promise<number> {
  return ((await (await db()).get('meta', 'last_sync')) as number | undefined) ?? 0;
}

/** Final refusals not yet shown to the player; taking them clears them. */
export async function takeFailures(): Promise<OutboxFailure[]> {
  const d = await db();
  const tx = d.transaction('meta', 'readwrite');
  const list = ((await tx.store.get('failures')) as OutboxFailure[] | undefined) ?? [];
  if (list.length) await tx.store.delete('failures');
  await tx.done;
  return list;
}

/** A new bearer for the posts of a player (signed in again after a 401). */
export async function retoken(userId: number, token: string): Promise<void> {
  const d = await db();
  const tx = d.transaction('posts', 'readwrite');
  for (const p of await tx.store.getAll())
    if (p.user_id === userId && p.token !== token) await tx.store.put({ ...p, token });
  await tx.done;
}

/** Logout: no post, failure or sync time of the player stays on the device. */
export async function clearOutbox(): Promise<void> {
  const d = await db();
  const tx = d.transaction(['posts', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('posts').clear(), tx.objectStore('meta').clear()]);
  await tx.done;
  announce();
}

type Outcome =
  | { kind: 'applied'; data: unknown }
  | { kind: 'retry'; reason: string }
  | { kind: 'final'; code: string; message: string };

/** Sends one post once and says what became of it. */
export async function sendPost(post: OutboxPost, fetchFn: typeof fetch = fetch): Promise<Outcome> {
  const body = new FormData();
  for (const [k, v] of Object.entries(post.fields)) body.append(k, v);
  let res: Response;
  try {
    res = await fetchFn(`/api/${post.action}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${post.token}`, 'Idempotency-Key': post.id },
      body,
    });
  } catch {
    return { kind: 'retry', reason: 'network' };
  }
  const reply = (await res.json().catch(() => undefined)) as
    { error: false; data: unknown } | { error: true; code: string; message: string } | undefined;
  if (res.ok && reply && reply.error === false) return { kind: 'applied', data: reply.data };
  // A proxy's or a restarting server's 5xx, a rate limit, a twin still being processed, a
  // token to renew: the post may apply later. Anything else the server said no to, for good.
  if (res.status >= 500 || res.status === 429 || !reply?.error) return { kind: 'retry', reason: `http_${res.status}` };
  if (res.status === 401 || reply.code === 'request_in_progress') return { kind: 'retry', reason: reply.code };
  return { kind: 'final', code: reply.code, message: reply.message };
}

async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? (locks.request(OUTBOX_DB, fn) as Promise<T>) : fn();
}

/**
 * Sends the queued posts (all, or the ones named), a few at a time, under the outbox lock.
 * Applied posts leave the queue, final refusals leave it and are kept to be shown, the rest stay.
 */
export async function replayOutbox(
  o: {
    only?: readonly string[];
    fetchFn?: typeof fetch;
    concurrency?: number;
    /** Keep final refusals to be shown later (false: the caller shows them itself). */
    keepFailures?: boolean;
  } = {},
): Promise<ReplayReport> {
  return exclusive(async () => {
    const d = await db();
    const posts = (await listPosts()).filter((p) => !o.only || o.only.includes(p.id));
    const report: ReplayReport = { applied: [], failed: [], pending: 0, retry: false };
    let offline = false;
    const queue = [...posts];
    const worker = async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        // The network is down: the rest would fail the same way; they wait for the next try.
        if (offline) continue;
        const out = await sendPost(p, o.fetchFn);
        if (out.kind === 'applied') {
          await d.delete('posts', p.id);
          report.applied.push({ id: p.id, action: p.action, label: p.label, data: out.data });
        } else if (out.kind === 'final') {
          await d.delete('posts', p.id);
          report.failed.push({
            id: p.id,
            action: p.action,
            label: p.label,
            code: out.code,
            message: out.message,
            at: Date.now(),
          });
        } else {
          if (out.reason === 'network') offline = true;
          await d.put('posts', { ...p, attempts: p.attempts + 1, last_error: out.reason });
          report.retry = true;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 4) }, worker));
    report.pending = await d.count('posts');
    const tx = d.transaction('meta', 'readwrite');
    if (report.failed.length && o.keepFailures !== false) {
      const had = ((await tx.store.get('failures')) as OutboxFailure[] | undefined) ?? [];
      await tx.store.put([...had, ...report.failed].slice(-20), 'failures');
    }
    if (report.applied.length || report.pending === 0) await tx.store.put(Date.now(), 'last_sync');
    await tx.done;
    if (posts.length) announce({ applied: report.applied, failed: report.failed });
    return report;
  });
}
