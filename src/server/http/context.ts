import type { FastifyBaseLogger } from 'fastify';
import type { ActionName, ActionOutput, ActionParsed } from '../../core/contract';
import type { Clock } from '../domain/clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { TokenUser } from '../auth/api-tokens';
import type { IdentityClaims, IdentityTokens } from '../auth/identity-token';
import type { GoogleVerifier } from '../auth/google';
import type { FirebaseVerifier } from '../auth/firebase';
import type { RateLimits } from '../auth/rate-limits';
import type { TokenCache } from '../auth/token-cache';
import type { Messenger } from '../domain/messenger';
import type { SettingsStore } from '../domain/settings-store';
import type { ContentChanges } from '../domain/content-changes';
import type { PushService } from '../push/push';
import type { Battles } from '../realtime/live-battles';
import type { ContestLive } from '../realtime/live-contests';
import type { UserFeed } from '../realtime/user-feed';
import type { UploadedFile } from './body';
import type { AuditNote } from '../domain/admin/audit';

/** Long-lived services the app builds once and every action may use. */
export interface Services {
  config: Config;
  /** The database outside any transaction: actions use `ctx.db` (their transaction) instead. */
  db: Db;
  log: FastifyBaseLogger;
  settings: SettingsStore;
  /** Operator-edited content changed (on any node): the caches built on it forget it. */
  contentChanges: ContentChanges;
  messenger: Messenger;
  identityTokens: IdentityTokens;
  google?: GoogleVerifier;
  /** Firebase mode: verifies Firebase ID tokens (the profile step accepts them beside local proofs). */
  firebase?: FirebaseVerifier;
  rateLimits: RateLimits;
  /** Who a bearer token is, kept for a moment (dropped on every node when it changes). */
  tokens: TokenCache;
  /** Live battles: room events, the round ticker. */
  battles: Battles;
  /** Live contest leaderboards and the contest closing job. */
  contests: ContestLive;
  /** Each player's coin balance and notifications, live to their sockets. */
  userFeed: UserFeed;
  /** Web Push: VAPID keys and the push ticker. */
  push: PushService;
  /** The clock of rules about time (contest answer times); a test's own in tests. */
  clock: Clock;
}

/** What one call of an action sees. */
export interface ActionContext {
  /** The transaction of a mutating action, else the database. */
  db: Db;
  services: Services;
  /** The caller, for actions that need a signed-in user (and public ones when a token came). */
  user?: TokenUser;
  /** The identity proof, for the profile step. */
  identity?: IdentityClaims;
  /** The bearer token as sent. */
  token?: string;
  ip: string;
  files: Record<string, UploadedFile>;
  /** Runs `fn` once the action's transaction has committed (at once for reads); never on failure. */
  afterCommit?: (fn: () => void) => void;
  /** Admin actions: notes what the action changed, for the audit log (written in its transaction). */
  audit?: (note: AuditNote) => void;
  /**
   * A self-keyed action (SELF_KEYED_ACTIONS) answers a repeat of what it already did, from what
   * it stored: the reply says so (`Idempotent-Replayed`), as a stored reply's does.
   */
  repeated?: () => void;
  /**
   * A self-keyed action's Idempotency-Key, if one came, and the request's hash (computed when
   * asked: of the self-keyed actions only the finish keeps it): the action keeps them itself.
   */
  idempotency?: { key: string; hash: () => string };
}

const PAGED = Symbol('paged');
export interface Paged<T> {
  [PAGED]: true;
  data: T;
  total: number;
}

/** A reply with a `total` beside `data` (paged lists). */
export function paged<T>(data: T, total: number): Paged<T> {
  return { [PAGED]: true, data, total };
}

export function isPaged(v: unknown): v is Paged<unknown> {
  return typeof v === 'object' && v !== null && PAGED in v;
}

export type Handler<A extends ActionName> = (
  input: ActionParsed<A>,
  ctx: ActionContext,
) => Promise<ActionOutput<A> | Paged<ActionOutput<A>>>;

export type Handlers<A extends ActionName> = { [K in A]: Handler<K> };

/** The signed-in user of a 'user' action (the dispatcher guarantees it). */
export function me(ctx: ActionContext): TokenUser {
  if (!ctx.user) throw new Error('action needs a user but the dispatcher gave none');
  return ctx.user;
}

/** Notes an admin action's change for the audit log (a no-op outside admin actions). */
export function audited(ctx: ActionContext, note: AuditNote): void {
  ctx.audit?.(note);
}
