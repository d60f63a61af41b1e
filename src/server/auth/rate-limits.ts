import type { createClient } from 'redis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../http/errors';
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
}

/**
 * Request budgets. Every /api call spends from its IP's budget; auth actions also spend from
 * tighter per-IP and per-account (e-mail or phone number) budgets, so a guesser is slowed
 * whichever it varies.
 */
export class RateLimits {
  /** Where the budgets live. */
  readonly store: 'memory' | 'redis';
  private readonly perIp: Limiter;
  private readonly authIp: Limiter;
  private readonly authAccount: Limiter;
  private readonly sendIp: Limiter;
  private readonly sendTarget: Limiter;
  /** Wrong exam keys: 10 per player and exam in 10 minutes (a key is short; guessing must be slow). */
  private readonly examKeys: Limiter;

  /**
   * Per-IP budgets are configurable (many players may share one address behind a NAT); the
   * per-account ones are fixed: 10 sign-in tries per 10 minutes, 5 codes an hour.
   */
  constructor(o: RateLimitOptions) {
    this.store = o.redis ? 'redis' : 'memory';
    const budget = (keyPrefix: string, points: number, duration: number, spentOnly = false) =>
      limiter(o, { keyPrefix: `${o.keyPrefix ?? ''}${keyPrefix}`, points, duration }, spentOnly);
    this.perIp = budget('ip', o.requestsPerMinute, 60, true);
    this.authIp = budget('auth-ip', o.authPerIp, 600, true);
    this.authAccount = budget('auth-acct', 10, 600, true);
    this.sendIp = budget('send-ip', o.sendsPerIp, 3600, true);
    this.sendTarget = budget('send-to', 5, 3600, true);
    this.examKeys = budget('exam-key', 10, 600);
  }

  /** Spends one request of an IP's general budget. */
  async request(ip: string): Promise<void> {
    await spend(this.perIp, ip);
  }

  /** Spends from the auth budgets: `account` is the e-mail or number tried, if any. */
  async auth(kind: 'auth' | 'otp', ip: string, account?: string): Promise<void> {
    if (kind === 'otp') {
      await spend(this.sendIp, ip);
      if (account) await spend(this.sendTarget, account);
      return;
    }
    await spend(this.authIp, ip);
    if (account) await spend(this.authAccount, account);
  }

  /** Refuses a player who has used up their wrong exam keys for the exam. */
  async examKeyAllowed(userId: number, examId: number): Promise<void> {
    const used = await this.examKeys.get(`${userId}:${examId}`);
    if (used && used.remainingPoints <= 0) throw new AppError('rate_limited');
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

async function spend(limiter: Limiter, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw new AppError('rate_limited');
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
