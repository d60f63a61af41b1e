import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ACTIONS, isActionName, type ActionSpec, type ErrorReply } from '../../core/contract';
import { revokedReason, type TokenUser } from '../auth/api-tokens';
import { guardSignIn } from '../auth/sign-in-failures';
import { readBody, type ParsedBody } from './body';
import { isPaged, type ActionContext, type Handler, type Services } from './context';
import { AppError, DEFAULT_RETRY_AFTER_S } from '../errors';
import type { Db } from '../db/client';
import { writeAudit, type AuditNote } from '../domain/admin/audit';
import { idempotencyKey, requestHash, storeReply, storedReply } from './idempotency';
import type { HotReads } from './hot-reads';

type AnyHandler = Handler<never>;

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/**
 * The live, active user of the bearer token: 401 without one (`session_password_changed` when it
 * was revoked because the password was changed elsewhere, so the app can say why), 403 when the
 * account is deactivated.
 */
async function liveUser(token: string | undefined, s: Services): Promise<TokenUser> {
  if (!token) throw new AppError('unauthorized');
  const user = await s.tokens.user(token);
  if (!user) {
    const why = await revokedReason(s.db, token);
    throw new AppError(why === 'password_changed' ? 'session_password_changed' : 'unauthorized');
  }
  if (user.status !== 1) throw new AppError('account_deactivated');
  return user;
}

/** Resolves who is calling, as the action's access level requires. */
async function authenticate(
  spec: ActionSpec,
  req: FastifyRequest,
  s: Services,
): Promise<Pick<ActionContext, 'user' | 'identity' | 'token'>> {
  const token = bearer(req);
  if (spec.access === 'identity') {
    if (!token) throw new AppError('unauthorized');
    // Firebase mode: a Firebase ID token (by its issuer) goes to Firebase, anything else is a local proof.
    const identity = s.firebase?.claims(token) ? await s.firebase.verify(token) : await s.identityTokens.verify(token);
    return { identity, token };
  }
  if (spec.access === 'public') {
    if (!token) return {};
    const user = await s.tokens.user(token);
    return user && user.status === 1 ? { user, token } : {};
  }
  const user = await liveUser(token, s);
  if (spec.access === 'admin' && user.role !== 'admin') throw new AppError('forbidden');
  return { user, token };
}

/** Maintenance closes everything but public actions to all but admins (503). */
async function assertOpen(s: Services, user: TokenUser | undefined): Promise<void> {
  if (user?.role === 'admin') return;
  const sys = await s.settings.system();
  if (sys.maintenance_mode === '1')
    throw new AppError('maintenance', sys.maintenance_message ? { message: sys.maintenance_message } : {});
}

/** A mode the operator switched off starts nothing for players (403 mode_disabled). */
async function assertModeOn(s: Services, spec: ActionSpec, input: Record<string, unknown>): Promise<void> {
  const mode = typeof spec.mode === 'function' ? spec.mode(input) : spec.mode;
  if (mode && (await s.settings.system()).disabled_modes.includes(mode)) throw new AppError('mode_disabled');
}

/**
 * The caller of a signed-in GET outside the dispatcher (offline packs), checked as a 'user'
 * action is: the request rate limit, the bearer token (401/403) and maintenance (503).
 */
export async function signedInUser(req: FastifyRequest, s: Services): Promise<TokenUser> {
  await s.rateLimits.request(req.ip);
  const user = await liveUser(bearer(req), s);
  await assertOpen(s, user);
  return user;
}

const FIELD_CODES: Record<string, 'invalid_email' | 'invalid_mobile'> = {
  email: 'invalid_email',
  mobile: 'invalid_mobile',
};

function parseInput(spec: ActionSpec, body: ParsedBody): unknown {
  const parsed = (spec.input as z.ZodType).safeParse(body.fields);
  if (parsed.success) {
    const bad = unstorableText(parsed.data, '');
    if (bad)
      throw new AppError('invalid_input', { field: bad, message: `${bad}: contains characters that are not allowed` });
    return parsed.data;
  }
  const issues = parsed.error.issues.map((i) => ({
    field: i.path.join('.') || '(body)',
    message: i.message,
  }));
  const first = issues[0]!;
  // The spec has its own messages for a bad e-mail address and a bad phone number.
  const special = FIELD_CODES[first.field];
  throw new AppError(special ?? 'invalid_input', {
    field: first.field,
    message: `${first.field}: ${first.message}`,
    issues,
  });
}

/** The path of the first string that PostgreSQL cannot store (NUL, lone surrogates), if any. */
function unstorableText(v: unknown, path: string): string | undefined {
  if (typeof v === 'string') return v.includes('\u0000') || !v.isWellFormed() ? path : undefined;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = unstorableText(v[i], `${path}.${i}`);
      if (p) return p;
    }
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const p = unstorableText(x, path ? `${path}.${k}` : k);
      if (p) return p;
    }
  }
  return undefined;
}

function envelope(result: unknown) {
  return isPaged(result) ? { error: false, data: result.data, total: result.total } : { error: false, data: result };
}

/**
 * `POST /api/:action`: reads the body, authenticates, validates with the contract schema,
 * runs the handler (mutations in one transaction, with Idempotency-Key replay) and answers
 * the envelope of ARCHITECTURE.md §3. The hot public reads are answered from memory (`hot`).
 */
export function registerDispatcher(
  app: FastifyInstance,
  s: Services,
  handlers: Record<string, AnyHandler>,
  hot?: HotReads,
  kinds: {
    /** Mutations that write one statement: without a key, run outside a transaction (ONE_WRITE_ACTIONS). */
    oneWrite?: ReadonlySet<string>;
    /** Mutations keyed by what they change: their Idempotency-Key keeps no reply (SELF_KEYED_ACTIONS). */
    selfKeyed?: ReadonlySet<string>;
  } = {},
): void {
  const oneWrite = kinds.oneWrite ?? new Set<string>();
  const selfKeyed = kinds.selfKeyed ?? new Set<string>();
  app.post<{ Params: { action: string } }>('/api/:action', async (req, reply) => {
    const name = req.params.action;
    if (!isActionName(name) || !handlers[name]) throw new AppError('unknown_action');
    const spec = ACTIONS[name] as ActionSpec;
    const handler = handlers[name] as (input: unknown, ctx: ActionContext) => Promise<unknown>;
    await s.rateLimits.request(req.ip);
    const hotRead = hot?.serves(name) ? name : undefined;

    // Who is calling is known from the headers: refuse before reading an upload. A hot read asks
    // only if its answer can differ for them (it is public: an unknown token is anyone).
    let who = hotRead ? {} : await authenticate(spec, req, s);
    const body = await readBody(req, spec.files);
    if (spec.access !== 'public') await assertOpen(s, who.user);
    // A public demo lets visitors look around the console but change nothing.
    if (spec.access === 'admin' && spec.mutates && s.config.DEMO_MODE) throw new AppError('demo_mode');
    const validate = () => parseInput(spec, body) as Record<string, unknown>;
    let input: Record<string, unknown>;
    if (hotRead) {
      // A body seen before is not validated again: the hot reads remember what it was validated into.
      const caller = async () => (await authenticate(spec, req, s)).user;
      const out = await hot!.serve(hotRead, body.fields, validate, req, reply, s, caller);
      if (out.served) return reply;
      input = out.input;
      who = await authenticate(spec, req, s);
    } else input = validate();
    if (spec.mode && who.user?.role !== 'admin') await assertModeOn(s, spec, input);
    const account = spec.limit ? ((input.email ?? input.mobile) as string | undefined) : undefined;
    if (spec.limit) await s.rateLimits.auth(spec.limit, req.ip, account);
    const committed: (() => void)[] = [];
    const runCommitted = () => {
      for (const fn of committed.splice(0)) {
        try {
          fn();
        } catch (e) {
          req.log.error({ err: e }, 'after-commit hook failed');
        }
      }
    };
    // An operator's change may be in a hot read: this node reads it again before its reply (the
    // database's notification tells every node, this one a moment later).
    if (spec.access === 'admin' && spec.mutates) committed.push(() => s.contentChanges.changed());
    const notes: AuditNote[] = [];
    let repeated = false;
    const ctx: ActionContext = {
      ...who,
      db: s.db,
      services: s,
      ip: req.ip,
      files: body.files,
      afterCommit: (fn) => committed.push(fn),
      audit: (note) => notes.push(note),
      repeated: () => {
        repeated = true;
      },
    };

    // An admin's change and its audit rows commit together or not at all.
    const run = async (tx: Db) => {
      notes.length = 0;
      const result = await handler(input, { ...ctx, db: tx });
      if (spec.access === 'admin') {
        await writeAudit(tx, { adminId: who.user!.id, action: name, ip: req.ip, input, notes });
      }
      return result;
    };

    if (!spec.mutates) {
      const work = () => handler(input, ctx);
      // Sign-in failures count per account and source (auth actions never mutate through here).
      const out = envelope(
        spec.limit === 'auth' && account ? await guardSignIn(s, name, account, req.ip, work) : await work(),
      );
      runCommitted();
      return send(reply, 200, out);
    }

    // Keys are scoped by account: a caller without one (the profile step) gets none, so no
    // stored reply can be handed to someone else.
    const key = who.user ? idempotencyKey(req.headers['idempotency-key']) : undefined;
    if (!key || !who.user || selfKeyed.has(name)) {
      if (key && selfKeyed.has(name)) ctx.idempotency = { key, hash: () => requestHash(name, body) };
      const result = oneWrite.has(name) && spec.access !== 'admin' ? await run(s.db) : await s.db.tx(run);
      runCommitted();
      return send(reply, 200, envelope(result), repeated);
    }
    const uid = who.user.id;
    const hash = requestHash(name, body);
    const prior = await storedReply(s.db, uid, key, hash);
    if (prior) return send(reply, prior.status_code, prior.reply, true);
    try {
      const env = await s.db.tx(async (tx) => {
        const e = envelope(await run(tx));
        await storeReply(tx, uid, key, name, hash, 200, e);
        return e;
      });
      runCommitted();
      return send(reply, 200, env);
    } catch (e) {
      committed.length = 0;
      // The same key sent twice at once: the twin that waited (on a lock or on the key's row)
      // fails for what the first one did; the first one's answer is the answer for both.
      const twin = await storedReply(s.db, uid, key, hash);
      if (twin) return send(reply, twin.status_code, twin.reply, true);
      // A refusal is an answer too: the same key gets it again. Transient ones are not kept.
      if (e instanceof AppError && ![401, 429, 503].includes(e.status)) {
        await storeReply(s.db, uid, key, name, hash, e.status, e.toReply()).catch(() => undefined);
      }
      throw e;
    }
  });
}

function send(reply: FastifyReply, status: number, body: unknown, replayed = false) {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(status).send(body);
}

/** The error handler of the whole app: stable codes, no internals in 5xx bodies. */
export function errorToReply(e: unknown): {
  status: number;
  body: ErrorReply;
  internal: boolean;
  /** Seconds for Retry-After: every 429 says when to come back. */
  retryAfter?: number;
} {
  if (e instanceof AppError) {
    const retryAfter = e.status === 429 ? (e.extra.retryAfter ?? DEFAULT_RETRY_AFTER_S) : undefined;
    return { status: e.status, body: e.toReply(), internal: false, ...(retryAfter ? { retryAfter } : {}) };
  }
  const code = (e as { code?: string }).code ?? '';
  const statusCode = (e as { statusCode?: number }).statusCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
    return { status: 413, body: new AppError('payload_too_large').toReply(), internal: false };
  }
  if (
    code.startsWith('FST_ERR_CTP') ||
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    statusCode === 400 ||
    statusCode === 415
  ) {
    return {
      status: 400,
      body: new AppError('invalid_input', { message: 'The request body could not be read.' }).toReply(),
      internal: false,
    };
  }
  return { status: 500, body: new AppError('internal_error').toReply(), internal: true };
}
