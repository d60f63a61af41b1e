import type { ActionName, ActionOutput } from '../../core/contract';
import { api, type CallOptions, type Fields } from '../lib/api-client';

/**
 * Calls started at boot for the page the app opens on (a shortcut or a link straight into a
 * play), beside that page's chunk rather than after it; each is taken by the page's first open.
 */
const started = new Map<string, { at: number; reply: Promise<unknown> }>();
/** A boot call older than this is not used: the page asks again. */
const FRESH_MS = 15_000;

const keyOf = (action: string, fields: object) => `${action} ${JSON.stringify(fields)}`;

/** Starts `api(action, fields, opts)` now, for the page that will make the same call. */
export function startBootCall<A extends ActionName>(action: A, fields: Fields<A>, opts: CallOptions): void {
  const reply = api(action, fields, opts);
  // Its failure is the page's to show; never an unhandled rejection if no page takes it.
  reply.catch(() => undefined);
  started.set(keyOf(action, fields), { at: performance.now(), reply });
}

/** `api(action, fields, opts)`, answered by the same call started at boot if there is one. */
export function pageCall<A extends ActionName>(
  action: A,
  fields: Fields<A>,
  opts: CallOptions,
): Promise<ActionOutput<A>> {
  const key = keyOf(action, fields);
  const early = started.get(key);
  started.delete(key);
  if (early && performance.now() - early.at < FRESH_MS) return early.reply as Promise<ActionOutput<A>>;
  return api(action, fields, opts);
}
