import { LRUCache } from 'lru-cache';
import { sql, type Database } from '../db/client';
import type { TokenLookup, TokenUser } from './api-tokens';

/** The database channel of changes to who a token is (migration 0035: triggers on auth_tokens, users). */
export const AUTH_EVENTS_CHANNEL = 'auth_events';

/**
 * How long a token's answer is kept at most. The database's NOTIFY drops it on every node within
 * milliseconds of a revocation; this bound is what holds when a listening connection is down or
 * silently gone (notifications sent meanwhile are lost): a revoked token fails everywhere within 1 s.
 */
export const TOKEN_CACHE_MAX_AGE_MS = 1_000;
const MAX_TOKENS = 50_000;

/** Every cache of this process: a revocation made here clears them before it answers. */
const here = new Set<TokenCache>();

/** Drops what this process keeps of a user's tokens (called by whatever revokes them). */
export function forgetUserHere(userId: number): void {
  for (const c of here) c.forgetUser(userId);
}

/** Drops what this process keeps of one token, by its hash. */
export function forgetTokenHere(hash: string): void {
  for (const c of here) c.forgetToken(hash);
}

/**
 * Who a bearer token is, kept in memory for at most `TOKEN_CACHE_MAX_AGE_MS` (issue 24: the token
 * lookup was one statement of every signed-in request). Keyed by the token's hash, never the token.
 * Only live tokens are kept: an unknown or dead one is asked of the database every time (and its
 * reason read there). A kept answer is dropped when the database announces a change of its user
 * (a token revoked or deleted, status, role or deletion of the user: `auth_events`, from any node
 * or code path), when this process revokes it, and when the token expires.
 */
export class TokenCache {
  private readonly kept = new LRUCache<string, TokenLookup>({ max: MAX_TOKENS, ttl: TOKEN_CACHE_MAX_AGE_MS });
  /** Bumped by every drop: a lookup that started before one does not keep its (maybe old) answer. */
  private epoch = 0;
  private off: (() => Promise<void>) | undefined;
  private syncs = 0;
  private readonly waitingSyncs = new Map<string, () => void>();

  constructor(
    private readonly lookUp: (token: string) => Promise<TokenLookup | undefined>,
    private readonly hash: (token: string) => string,
  ) {}

  async start(db: Database): Promise<void> {
    if (this.off) return;
    // A listening connection back after a drop may have missed revocations: forget everything.
    this.off = await db.listen(
      AUTH_EVENTS_CHANNEL,
      (p) => this.heard(p),
      () => this.forgetAll(),
    );
    here.add(this);
  }

  async stop(): Promise<void> {
    here.delete(this);
    this.kept.clear();
    const off = this.off;
    this.off = undefined;
    await off?.();
  }

  /** The live user of a token, from memory when it was looked up within the max age. */
  async user(token: string): Promise<TokenUser | undefined> {
    if (token.length < 20 || token.length > 200) return undefined;
    const h = this.hash(token);
    const kept = this.kept.get(h);
    if (kept && kept.expiresMs > Date.now()) return kept.user;
    const epoch = this.epoch;
    const found = await this.lookUp(token);
    // Not kept before this node listens (nothing would drop it) nor across a drop it did not see.
    if (found && this.off && epoch === this.epoch) this.kept.set(h, found);
    else this.kept.delete(h);
    return found?.user;
  }

  forgetUser(userId: number): void {
    this.epoch++;
    const mine: string[] = [];
    for (const [h, v] of this.kept.entries()) if (v.user.id === userId) mine.push(h);
    for (const h of mine) this.kept.delete(h);
  }

  /**
   * Forgets every kept token: the listening connection is back after a drop, so revocations (and
   * `settle`'s markers) sent meanwhile were lost. A settle waiting for a lost marker is done too:
   * nothing kept before the drop is left to be stale.
   */
  forgetAll(): void {
    this.dropKept();
    for (const done of this.waitingSyncs.values()) done();
    this.waitingSyncs.clear();
  }

  private dropKept(): void {
    this.epoch++;
    this.kept.clear();
  }

  forgetToken(hash: string): void {
    this.epoch++;
    this.kept.delete(hash);
  }

  /**
   * Resolves once every change committed before the call has been heard here (notifications
   * reach a listener in commit order): tests that change users with SQL of their own call it.
   */
  async settle(db: Database): Promise<void> {
    if (!this.off) return; // stopped: nothing is kept
    const marker = `sync:${process.pid}:${++this.syncs}`;
    const heard = new Promise<void>((resolve) => this.waitingSyncs.set(marker, resolve));
    await db.run(sql`SELECT pg_notify(${AUTH_EVENTS_CHANNEL}, ${marker})`);
    await heard;
  }

  private heard(payload: string): void {
    if (payload.startsWith('sync:')) {
      this.waitingSyncs.get(payload)?.();
      this.waitingSyncs.delete(payload);
      return;
    }
    const id = Number(payload);
    if (Number.isInteger(id)) this.forgetUser(id);
    else {
      // Not ours to read: drop everything rather than keep something that may be stale.
      this.dropKept();
    }
  }
}
