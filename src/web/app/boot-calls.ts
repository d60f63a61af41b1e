import type { ActionName, ActionOutput } from '../../core/contract';
import { api, type CallOptions, type Fields } from '../lib/api-client';

/**
 * Calls started at boot for the page the app opens on (a shortcut or a link straight into a
 * play), beside that page's chunk rather than after it; each is taken by the page's first open.
 */
const started = new Map<string, BootCall>();
interface BootCall {
  at: number;
  reply: Promise<unknown>;
  /** Its reply once it has come (a failure is left to the page's own call to show). */
  answered?: { value: unknown };
}
/** A boot call older than this is not used: the page asks again. */
const FRESH_MS = 15_000;

const keyOf = (action: string, fields: object) => `${action} ${JSON.stringify(fields)}`;

/** Starts `api(action, fields, opts)` now, for the page that will make the same call. */
export function startBootCall<A extends ActionName>(action: A, fields: Fields<A>, opts: CallOptions): void {
  const reply = api(action, fields, opts);
  const call: BootCall = { at: performance.now(), reply };
  // Its failure is the page's to show; never an unhandled rejection if no page takes it.
  reply.then(
    (value) => (call.answered = { value }),
    () => undefined,
  );
  started.set(keyOf(action, fields), call);
}

/**
 * Resolves once every call started at boot has answered (or failed), or after `ms`: the first
 * render waits this long, so that a page whose data has come draws it in its first paint instead
 * of a spinner and then a second render.
 */
export function bootCallsAnswered(ms: number): Promise<void> {
  if (started.size === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((ok) => (timer = setTimeout(ok, ms)));
  const all = Promise.allSettled([...started.values()].map((c) => c.reply)).then(() => undefined);
  return Promise.race([all, late]).finally(() => clearTimeout(timer));
}

/**
 * The reply of the boot call a page would make, if it has come already, is fresh and `usable`
 * takes it: the page draws it at once (the call is taken; a later one asks the server anew).
 * Otherwise undefined, and the call stays for the page's `pageCall`.
 */
export function answeredBootCall<A extends ActionName>(
  action: A,
  fields: Fields<A>,
  usable: (reply: ActionOutput<A>) => boolean,
): ActionOutput<A> | undefined {
  const key = keyOf(action, fields);
  const call = started.get(key);
  if (!call?.answered || performance.now() - call.at >= FRESH_MS) return undefined;
  const reply = call.answered.value as ActionOutput<A>;
  if (!usable(reply)) return undefined;
  started.delete(key);
  return reply;
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
