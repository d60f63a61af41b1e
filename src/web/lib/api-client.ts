import type { ActionInput, ActionName, ActionOutput, ErrorCode, Reply } from '../../core/contract';
import { keepReply, keptKey, keptReply } from './kept-replies';

/** A failed call: the server's code (or `network`), its HTTP status and the offending field. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'network' | 'unknown',
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ApiHooks {
  /** The bearer to send: the api_token of the session, if any. */
  getToken: () => string | null;
  /** The one place failures are shown (a translated toast). */
  onError: (err: ApiError) => void;
  /** A 401 while a token was sent: the session is over (`err.code` says why, when the server knows). */
  onUnauthorized: (err: ApiError) => void;
  /** A 503 `maintenance` reply. */
  onMaintenance: () => void;
  /**
   * The server cannot be reached: an answer from the offline packs, or undefined when they hold
   * none for this call (it then fails as `network`).
   */
  offline: (action: ActionName, fields: Record<string, unknown>) => Promise<unknown>;
  /** A call succeeded (what it changed may be in a cached pack). */
  onSuccess: (action: ActionName) => void;
}

let hooks: ApiHooks = {
  getToken: () => null,
  onError: () => undefined,
  onUnauthorized: () => undefined,
  onMaintenance: () => undefined,
  offline: () => Promise.resolve(undefined),
  onSuccess: () => undefined,
};

/** Wires the client to the store, the toasts and the router (done once at start-up). */
export function configureApi(h: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...h };
}

export interface CallOptions {
  idempotencyKey?: string;
  /** A bearer other than the session's (the identity proof of the profile step). */
  token?: string;
  /** Codes the caller handles itself: thrown, not toasted. */
  expect?: readonly string[];
  /** Files to send as multipart fields. */
  files?: Record<string, Blob>;
  /** Paged lists: receives the reply's `total` (all items, not just this page). */
  onTotal?: (total: number) => void;
}

export type Fields<A extends ActionName> = { [K in keyof ActionInput<A>]?: ActionInput<A>[K] | string | number };

function toFormData(fields: Record<string, unknown>, files?: Record<string, Blob>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue;
    fd.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  for (const [k, blob] of Object.entries(files ?? {})) fd.append(k, blob);
  return fd;
}

/** Calls `POST /api/<action>` and resolves with the reply's `data`; failures go through one path. */
export async function api<A extends ActionName>(
  action: A,
  fields: Fields<A> = {} as Fields<A>,
  opts: CallOptions = {},
): Promise<ActionOutput<A>> {
  const token = opts.token ?? hooks.getToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  // A hot read is revalidated: an unchanged reply comes back as a bodiless 304.
  const keyOfKept = keptKey(action, fields as Record<string, unknown>);
  const prior = keyOfKept ? keptReply(keyOfKept) : undefined;
  if (prior) headers['If-None-Match'] = prior.etag;

  // The browser knows it has no network: no request that can only fail (and log it); the packs
  // answer what they hold, the rest fails as `network` at once.
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return offline(action, fields as Record<string, unknown>, opts);

  let res: Response;
  let body: Reply<ActionOutput<A>> | undefined;
  try {
    res = await fetch(`/api/${action}`, {
      method: 'POST',
      headers,
      body: toFormData(fields as Record<string, unknown>, opts.files),
    });
    if (res.status === 304 && prior) {
      hooks.onSuccess(action);
      return prior.data as ActionOutput<A>;
    }
    body = (await res.json().catch(() => undefined)) as Reply<ActionOutput<A>> | undefined;
  } catch {
    return offline(action, fields as Record<string, unknown>, opts);
  }
  if (res.ok && body && body.error === false) {
    const etag = res.headers.get('etag');
    if (keyOfKept && etag) keepReply(keyOfKept, etag, body.data);
    if (typeof body.total === 'number') opts.onTotal?.(body.total);
    hooks.onSuccess(action);
    return body.data;
  }

  const err = body?.error
    ? new ApiError(body.code, res.status, body.message, body.field)
    : new ApiError('unknown', res.status, `HTTP ${res.status}`);
  if (res.status === 401 && token && !opts.token) {
    // The session is over (spec §5): log out and go home, without an error toast.
    hooks.onUnauthorized(err);
    throw err;
  }
  if (err.code === 'maintenance') hooks.onMaintenance();
  return fail(err, opts);
}

async function offline<A extends ActionName>(
  action: A,
  fields: Record<string, unknown>,
  opts: CallOptions,
): Promise<ActionOutput<A>> {
  let answer: unknown;
  try {
    answer = await hooks.offline(action, fields);
  } catch (e) {
    return fail(e instanceof ApiError ? e : new ApiError('network', 0, 'network'), opts);
  }
  if (answer === undefined) return fail(new ApiError('network', 0, 'network'), opts);
  return answer as ActionOutput<A>;
}

function fail(err: ApiError, opts: CallOptions): never {
  if (!opts.expect?.includes(err.code)) hooks.onError(err);
  throw err;
}

/** True when `e` is an ApiError with `code`. */
export function isApiError(e: unknown, code?: string): e is ApiError {
  return e instanceof ApiError && (code === undefined || e.code === code);
}
