import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors';
import { call, randomIp } from '../test-support/client';
import { buildTestApp } from '../test-support/test-app';
import { openRateLimitRedis, RateLimits, type RateLimitOptions } from './rate-limits';

// Shared budgets need Redis (CI sets REDIS_URL); the memory budgets are tested always.
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL)
  console.log('rate-limits.test: REDIS_URL is unset, so the tests of budgets shared through Redis are skipped');

const SIZES = { requestsPerMinute: 5, authPerIp: 3, sendsPerIp: 2 };

/** Answers which of `n` calls of `spend` went through (true) and which were rate limited (false). */
async function outcomes(n: number, spend: (i: number) => Promise<void>): Promise<boolean[]> {
  const got: boolean[] = [];
  for (let i = 0; i < n; i++) {
    got.push(
      await spend(i).then(
        () => true,
        (e: unknown) => {
          if (e instanceof AppError && e.code === 'rate_limited') return false;
          throw e;
        },
      ),
    );
  }
  return got;
}

const allowed = (n: number, of: number) => [...Array<boolean>(n).fill(true), ...Array<boolean>(of - n).fill(false)];

describe('rate limits in memory (one node)', () => {
  it('refuses past each budget', async () => {
    const limits = new RateLimits(SIZES);
    expect(limits.store).toBe('memory');
    const ip = randomIp();
    expect(await outcomes(7, () => limits.request(ip))).toEqual(allowed(5, 7));
    expect(await outcomes(4, () => limits.auth('auth', ip))).toEqual(allowed(3, 4));
    expect(await outcomes(3, () => limits.auth('otp', ip))).toEqual(allowed(2, 3));
    // The budgets of another instance (another node) are its own.
    expect(await outcomes(1, () => new RateLimits(SIZES).request(ip))).toEqual([true]);
  });
});

describe('sign-in failures (per account and source)', () => {
  const sizes = { ...SIZES, failuresPerSource: 3, failuresPerAccount: 5 };
  const signIn = (limits: RateLimits, ip: string) => limits.auth('auth', ip, 'owner@example.test');

  it('locks one source out of one account after its own failures, with a Retry-After', async () => {
    const limits = new RateLimits({ ...sizes, authPerIp: 100 });
    const stranger = randomIp();
    const locked: boolean[] = [];
    for (let i = 0; i < 3; i++) locked.push(await limits.signInFailed('owner@example.test', stranger));
    expect(locked).toEqual([false, false, true]);
    await expect(signIn(limits, stranger)).rejects.toMatchObject({
      code: 'rate_limited',
      extra: { retryAfter: expect.any(Number) as number },
    });
    // The owner elsewhere, and the stranger on another account, are not held back.
    await expect(signIn(limits, randomIp())).resolves.toBeUndefined();
    await expect(limits.auth('auth', stranger, 'other@example.test')).resolves.toBeUndefined();
  });

  it('closes the account to unknown sources after failures from many, never to a source it signed in from', async () => {
    const limits = new RateLimits({ ...sizes, authPerIp: 100 });
    const home = randomIp();
    await limits.signInSucceeded('owner@example.test', home);
    for (let i = 0; i < 5; i++) await limits.signInFailed('owner@example.test', randomIp());
    await expect(signIn(limits, randomIp())).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(signIn(limits, home)).resolves.toBeUndefined();
  });

  it('remembers a source that signed in for days, not a moment', async () => {
    vi.useFakeTimers();
    try {
      const limits = new RateLimits({ ...sizes, authPerIp: 100 });
      const home = randomIp();
      await limits.signInSucceeded('owner@example.test', home);
      vi.advanceTimersByTime(7 * 24 * 3600_000);
      for (let i = 0; i < 5; i++) await limits.signInFailed('owner@example.test', randomIp());
      await expect(signIn(limits, randomIp())).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(signIn(limits, home)).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.skipIf(!REDIS_URL)('rate limits shared through Redis (several nodes)', () => {
  const clients: Awaited<ReturnType<typeof openRateLimitRedis>>[] = [];
  /** A node: its own Redis connection, keys under this test run's own prefix. */
  async function node(keyPrefix: string, sizes: Partial<RateLimitOptions> = {}) {
    const redis = await openRateLimitRedis({ url: REDIS_URL!, onError: () => undefined });
    clients.push(redis);
    return { limits: new RateLimits({ ...SIZES, ...sizes, redis, keyPrefix }), redis };
  }
  afterAll(async () => {
    await Promise.all(clients.map((c) => (c.isReady ? c.close() : c.isOpen ? c.destroy() : undefined)));
  });

  it('spends two nodes’ requests from one budget per IP and per account', async () => {
    const prefix = `test-${randomUUID()}:`;
    const [a, b] = [await node(prefix), await node(prefix)];
    expect(a.limits.store).toBe('redis');
    const ip = randomIp();
    // Alternating nodes: 5 requests a minute in all, not 5 on each.
    expect(await outcomes(8, (i) => (i % 2 ? b : a).limits.request(ip))).toEqual(allowed(5, 8));
    expect(await outcomes(4, (i) => (i % 2 ? b : a).limits.auth('auth', ip))).toEqual(allowed(3, 4));
    // Sign-in failures per account and source follow the pair across nodes.
    const email = `${randomUUID()}@example.test`;
    const stranger = randomIp();
    for (let i = 0; i < 10; i++) await (i % 2 ? b : a).limits.signInFailed(email, stranger);
    await expect(b.limits.auth('auth', stranger, email)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(a.limits.auth('auth', randomIp(), email)).resolves.toBeUndefined();
    expect(await outcomes(2, () => b.limits.request(randomIp()))).toEqual([true, true]);
  });

  it('counts wrong exam keys of one player on any node', async () => {
    const prefix = `test-${randomUUID()}:`;
    const [a, b] = [await node(prefix), await node(prefix)];
    for (let i = 0; i < 9; i++) await (i % 2 ? b : a).limits.examKeyWrong(7, 3);
    await expect(b.limits.examKeyAllowed(7, 3)).resolves.toBeUndefined();
    await a.limits.examKeyWrong(7, 3);
    await expect(b.limits.examKeyAllowed(7, 3)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(a.limits.examKeyAllowed(7, 4)).resolves.toBeUndefined();
  });

  it('keeps answering from memory while Redis cannot be reached', async () => {
    const { limits, redis } = await node(`test-${randomUUID()}:`);
    const ip = randomIp();
    await limits.request(ip);
    redis.destroy(); // as if the connection dropped
    // No error escapes (no 500s): the memory stand-in of each budget answers, and still limits.
    expect(await outcomes(7, () => limits.request(ip))).toEqual(allowed(5, 7));
    await expect(limits.examKeyAllowed(1, 1)).resolves.toBeUndefined();
  });

  it('shares the budgets of two apps built with REDIS_URL', async () => {
    const env = { REDIS_URL: REDIS_URL!, AUTH_RATE_LIMIT_PER_IP: '3' };
    const [a, b] = [await buildTestApp(env), await buildTestApp(env)];
    try {
      expect(a.app.services.rateLimits.store).toBe('redis');
      // A random address and e-mail: the apps' keys carry no prefix of this run.
      const ip = randomIp();
      const email = `${randomUUID()}@example.test`;
      const statuses: number[] = [];
      for (const t of [a, b, a, b]) {
        statuses.push((await call(t.app, 'auth_email_login', { email, password: 'not the password' }, { ip })).status);
      }
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
