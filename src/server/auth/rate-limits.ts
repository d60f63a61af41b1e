import type { createClient } from 'redis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, retryAfterSeconds } from '../errors';
import { reconnectDelay } from '../realtime/bus/redis-bus';

type RedisClient = ReturnType<typeof createClient>;
type Limiter = RateLimiterMemory | RateLimiterRedis;

export interface RateLimitOptions {
  requestsPerMinute: number;
  authPerIp: number;
  sendsPerIp: number;
  /**
   * Where budgets are kept: in Redis every node spends from the same ones; without it each
   * node keeps its own, in memory.
   */
  redis?: RedisClient;
  /** Put before every budget's key prefix (tests keep their keys apart with it). */
  keyPrefix?: string;
  /** Sign-in failures that lock one source out of one account (10 in 10 minutes). */
  failuresPerSource?: number;
  /** Failures from all sources that close an account to sources it never signed in from (100 an hour). */
  failuresPerAccount?: number;
}

/**
 * How long a source that signed in to an account stays known to it: 20 days, under the 24.8
 * days a timer can wait (the memory budgets expire keys with setTimeout; a longer wait
 * overflows to 1 ms, and the source would be forgotten at once).
 */
const KNOWN_SOURCE_S = 20 * 24 * 3600;

/**
 * Request budgets. Every /api call spends from its IP's budget; auth actions also spend from a
 * tighter per-IP budget. Wrong passwords and codes are counted per account *and* source (OWASP
 * ASVS 2.2): a stranger's failures lock the stranger's source out of that account, never the
 * owner's device. Failures from many sources at once close the account only to sources it has
 * never signed in from, so a botnet still cannot lock its owner out.
 */
export class RateLimits {
  /** Where the budgets live. */
  readonly store: 'memory' | 'redis';
  private readonly perIp: Limiter;
  private readonly authIp: Limiter;
  private readonly failSource: Limiter;
  private readonly failuresPerSource: number;
  private readonly failAccount: Limiter;
  private readonly knownSource: Limiter;
  private readonly sendIp: Limiter;
  private readonly sendTarget: Limiter;
  /** Wrong exam keys: 10 per player and exam in 10 minutes (a key is short; guessing must be slow). */
  private readonly examKeys: Limiter;

  /**
   * Per-IP budgets are configurable (many players may share one address behind a NAT); the
   * per-account ones default to 10 failures per source in 10 minutes, 100 failures an hour in
   * all, 5 codes an hour.
   */
  constructor(o: RateLimitOptions) {
    this.store = o.redis ? 'redis' : 'memory';
    const budget = (keyPrefix: string, points: number, duration: number, spentOnly = false) =>
      limiter(o, { keyPrefix: `${o.keyPrefix ?? ''}${keyPrefix}`, points, duration }, spentOnly);
    this.perIp = budget('ip', o.requestsPerMinute, 60, true);
    this.authIp = budget('auth-ip', o.authPerIp, 600, true);
    this.failuresPerSource = o.failuresPerSource ?? 10;
    this.failSource = budget('auth-fail-src', this.failuresPerSource, 600);
    this.failAccount = budget('auth-fail-acct', o.failuresPerAccount ?? 100, 3600);
    this.knownSource = budget('auth-known', 1, KNOWN_SOURCE_S);
    this.sendIp = budget('send-ip', o.sendsPerIp, 3600, true);
    this.sendTarget = budget('send-to', 5, 3600, true);
    this.examKeys = budget('exam-key', 10, 600);
  }

  /** Spends one request of an IP's general budget. */
  async request(ip: string): Promise<void> {
    await spend(this.perIp, ip);
  }

  /**
   * Spends from the auth budgets: `account` is the e-mail or number tried, if any. A sign-in
   * to an account that this source is locked out of is refused here, before any work.
   */
  async auth(kind: 'auth' | 'otp', ip: string, account?: string): Promise<void> {
    if (kind === 'otp') {
      await spend(this.sendIp, ip);
      if (account) await spend(this.sendTarget, account);
      return;
    }
    await spend(this.authIp, ip);
    if (account) await this.signInAllowed(account, ip);
  }

  /** Refuses a source locked out of an account (its own failures, or the account's and it is unknown). */
  private async signInAllowed(account: string, ip: string): Promise<void> {
    const key = pairKey(account, ip);
    const mine = await this.failSource.get(key);
    if (mine && mine.remainingPoints <= 0) throw limited(mine);
    const all = await this.failAccount.get(account);
    if (all && all.remainingPoints <= 0 && !(await this.knownSource.get(key))) throw limited(all);
  }

  /** Counts a wrong password or code; answers true when this failure locked the source out. */
  async signInFailed(account: string, ip: string): Promise<boolean> {
    await this.failAccount.penalty(account, 1);
    const mine = await this.failSource.penalty(pairKey(account, ip), 1);
    return mine.consumedPoints === this.failuresPerSource;
  }

  /** A sign-in that proved the secret: the source is known to the account and its failures forgotten. */
  async signInSucceeded(account: string, ip: string): Promise<void> {
    const key = pairKey(account, ip);
    await this.knownSource.set(key, 1, KNOWN_SOURCE_S);
    await this.failSource.delete(key);
  }

  /** Refuses a player who has used up their wrong exam keys for the exam. */
  async examKeyAllowed(userId: number, examId: number): Promise<void> {
    const used = await this.examKeys.get(`${userId}:${examId}`);
    if (used && used.remainingPoints <= 0) throw limited(used);
  }

  /** Counts a wrong exam key. */
  async examKeyWrong(userId: number, examId: number): Promise<void> {
    await this.examKeys.penalty(`${userId}:${examId}`, 1);
  }
}

/**
 * One budget: in Redis when there is a client, with a memory budget of the same size standing
 * in while Redis cannot be reached (a Redis outage slows nothing and fails no request; budgets
 * are then per node until it is back). `spentOnly`: a budget only spent with consume, whose
 * spent keys are also remembered in memory, so a flood from one key stops costing Redis calls.
 */
function limiter(
  o: RateLimitOptions,
  budget: { keyPrefix: string; points: number; duration: number },
  spentOnly: boolean,
): Limiter {
  if (!o.redis) return new RateLimiterMemory(budget);
  return new RateLimiterRedis({
    ...budget,
    storeClient: o.redis,
    useRedisPackage: true,
    // Straight to the stand-in while disconnected, instead of waiting on a reconnect.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(budget),
    ...(spentOnly ? { inMemoryBlockOnConsumed: budget.points } : {}),
  });
}

/** One account tried from one source (an account is an e-mail or number: it has no "|"). */
function pairKey(account: string, ip: string): string {
  return `${account}|${ip}`;
}

/** The 429 of a spent budget, saying when it has room again. */
function limited(res: RateLimiterRes): AppError {
  return new AppError('rate_limited', { retryAfter: retryAfterSeconds(res.msBeforeNext) });
}

async function spend(limiter: Limiter, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw limited(e);
    throw e;
  }
}

/**
 * A Redis connection for the budgets (named `rate-limits` in CLIENT LIST). Commands fail at once
 * while it is down (no offline queue), so the memory stand-ins answer; it reconnects for ever
 * once connected, but gives up at start after `connectAttempts`, as the room bus does.
 */
export async function openRateLimitRedis(o: {
  url: string;
  onError: (e: unknown) => void;
  connectAttempts?: number;
}): Promise<RedisClient> {
  const { createClient } = await import('redis');
  const attempts = o.connectAttempts ?? 6;
  let connected = false;
  const client = createClient({
    url: o.url,
    name: 'rate-limits',
    disableOfflineQueue: true,
    socket: {
      reconnectStrategy: (retries, cause) =>
        !connected && retries + 1 >= attempts
          ? new Error('rate limits: cannot connect to Redis', { cause })
          : reconnectDelay(retries),
    },
  });
  client.on('error', o.onError);
  try {
    await client.connect();
  } catch (e) {
    if (client.isOpen) client.destroy();
    throw e;
  }
  connected = true;
  return client;
}
