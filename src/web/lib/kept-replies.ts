import type { ActionName } from '../../core/contract';
// Not the contract's index: that would bring every action's schema into the first screen.
import { isHotRead } from '../../core/contract/hot-reads';

/** Replies kept at most (the hot reads are a few calls, each with a few inputs). */
const MAX_KEPT = 50;

interface Kept {
  etag: string;
  data: unknown;
}

/** The last reply of each hot read by call (oldest first), with the server's ETag. */
const kept = new Map<string, Kept>();

/**
 * The key of a call whose reply the server tags (the hot public reads: categories, languages,
 * settings, ...), from its action and fields; undefined for any other call.
 */
export function keptKey(action: ActionName, fields: Record<string, unknown>): string | undefined {
  if (!isHotRead(action)) return undefined;
  const given = Object.entries(fields).filter(([, v]) => v !== undefined && v !== null);
  given.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${action}?${JSON.stringify(given)}`;
}

/** The kept reply of a call: its ETag goes out as If-None-Match, its data answers a 304. */
export function keptReply(key: string): Kept | undefined {
  return kept.get(key);
}

/** Keeps a reply (the most recent last; the oldest goes past MAX_KEPT). */
export function keepReply(key: string, etag: string, data: unknown): void {
  kept.delete(key);
  kept.set(key, { etag, data });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
}

/** Forgets every kept reply (the session ended: a premium unlock was the player's own). */
export function forgetKeptReplies(): void {
  kept.clear();
}
