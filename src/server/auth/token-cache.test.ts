import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { call } from '../test-support/client';
import { createPlayer } from '../test-support/factories';
import { httpCall, startServer, stopServer, type ServerProcess } from '../test-support/server-process';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { lookUpToken, tokenHash, type TokenLookup } from './api-tokens';
import { TOKEN_CACHE_MAX_AGE_MS, TokenCache } from './token-cache';

// The token cache (issue 24): who a bearer token is, kept for at most a second, dropped on every
// node when the database announces a change (migration 0035).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A cache on the test's database whose lookups are counted. */
function countedCache(): { cache: TokenCache; lookups: () => number } {
  let n = 0;
  const cache = new TokenCache((token) => {
    n++;
    return lookUpToken(t.db, token, 30);
  }, tokenHash);
  return { cache, lookups: () => n };
}

/**
 * Polls `refused()` until it holds; answers the milliseconds it took. The bound asserted on it is
 * the product's promise (1 s), not a guess at this machine's speed: the path under test is a
 * NOTIFY, milliseconds when it works.
 */
async function msUntil(refused: () => Promise<boolean>, giveUpMs = 5_000): Promise<number> {
  const t0 = performance.now();
  while (!(await refused())) {
    if (performance.now() - t0 > giveUpMs) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return performance.now() - t0;
}

describe('TokenCache', () => {
  it('keeps a live token once looked up, and asks again after a change of its user is announced', async () => {
    const p = await createPlayer(t.app);
    const { cache, lookups } = countedCache();
    await cache.start(t.db);
    try {
      expect((await cache.user(p.token))?.id).toBe(p.user.id);
      expect((await cache.user(p.token))?.id).toBe(p.user.id);
      expect(lookups()).toBe(1);
      // A role change through SQL (no code of ours): the trigger announces it on commit.
      await t.db.run(sql`UPDATE users SET role = 'admin' WHERE id = ${p.user.id}`);
      expect(await cache.user(p.token)).toMatchObject({ id: p.user.id, role: 'admin' });
      expect(lookups()).toBe(2);
      // The hourly bookkeeping announces nothing: the kept answer stays.
      await t.db.run(sql`UPDATE auth_tokens SET last_used_at = now() WHERE user_id = ${p.user.id}`);
      await cache.user(p.token);
      expect(lookups()).toBe(2);
    } finally {
      await cache.stop();
    }
  });

  it('keeps nothing that a drop overtook, nothing expired, and nothing while not listening', async () => {
    const p = await createPlayer(t.app);
    // A lookup that read the old answer, then a revocation announced before it came back.
    let n = 0;
    let gate: Promise<void> | undefined;
    let open!: () => void;
    const slow = new TokenCache(async (token) => {
      n++;
      const found = await lookUpToken(t.db, token, 30);
      await gate;
      return found;
    }, tokenHash);
    await slow.start(t.db);
    try {
      gate = new Promise<void>((r) => (open = r));
      const first = slow.user(p.token);
      while (n === 0) await new Promise((r) => setTimeout(r, 5));
      slow.forgetUser(p.user.id);
      open();
      expect((await first)?.id).toBe(p.user.id);
      gate = undefined;
      await slow.user(p.token);
      expect(n).toBe(2); // the overtaken answer was not kept
      await slow.user(p.token);
      expect(n).toBe(2); // this one was
    } finally {
      await slow.stop();
    }

    let m = 0;
    const expired: TokenLookup = { user: { id: p.user.id, role: 'player', status: 1 }, expiresMs: Date.now() - 1 };
    const expiring = new TokenCache(async () => (m++, expired), tokenHash);
    await expiring.start(t.db);
    await expiring.user(p.token);
    await expiring.user(p.token);
    expect(m).toBe(2);
    await expiring.stop();

    const { cache, lookups } = countedCache(); // never started: nothing would drop what it keeps
    await cache.user(p.token);
    await cache.user(p.token);
    expect(lookups()).toBe(2);
  });

  it('a logout and an operator deactivation are refused on the next request', async () => {
    const p = await createPlayer(t.app);
    expect((await call(t.app, 'get_user_by_id', {}, { token: p.token })).status).toBe(200);
    expect((await call(t.app, 'logout', {}, { token: p.token })).status).toBe(200);
    expect((await call(t.app, 'get_user_by_id', {}, { token: p.token })).status).toBe(401);

    const q = await createPlayer(t.app);
    expect((await call(t.app, 'get_user_by_id', {}, { token: q.token })).status).toBe(200);
    await t.db.run(sql`UPDATE users SET status = 0 WHERE id = ${q.user.id}`);
    expect((await call(t.app, 'get_user_by_id', {}, { token: q.token })).body).toMatchObject({
      code: 'account_deactivated',
    });
  });

  it('a token revoked while its node hears nothing is refused within the max age', async () => {
    expect(TOKEN_CACHE_MAX_AGE_MS).toBeLessThanOrEqual(1_000);
    const p = await createPlayer(t.app);
    const { cache, lookups } = countedCache();
    // A listening connection that is gone without a word: announcements are lost, only the bound holds.
    await cache.start({ ...t.db, listen: async () => async () => undefined });
    try {
      expect(await cache.user(p.token)).toBeDefined();
      await t.db.run(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${p.user.id}`);
      const ms = await msUntil(async () => (await cache.user(p.token)) === undefined);
      expect(await cache.user(p.token)).toBeUndefined();
      expect(lookups()).toBeGreaterThan(1);
      // The answer kept was looked up before the revocation: it expires within the max age of that.
      expect(ms).toBeLessThan(TOKEN_CACHE_MAX_AGE_MS + 500);
    } finally {
      await cache.stop();
    }
  });
});

// Two nodes on one PostgreSQL database: node A is this process's app, node B a server process.
describe.runIf(process.env.DATABASE_URL)('two nodes', () => {
  let b: ServerProcess;
  beforeAll(async () => {
    b = await startServer({
      ...process.env,
      DATABASE_URL: t.databaseUrl!,
      REDIS_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      STATIC_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
  }, 60_000);
  afterAll(async () => {
    if (b) await stopServer(b);
  });

  it('a token revoked through node B is refused by node A within 1 s', async () => {
    const p = await createPlayer(t.app);
    const onA = () => call(t.app, 'get_user_by_id', {}, { token: p.token });
    expect((await onA()).status).toBe(200); // node A keeps it now
    expect((await httpCall(b.base, 'get_user_by_id', {}, p.token)).status).toBe(200);
    expect((await httpCall(b.base, 'logout', {}, p.token)).status).toBe(200);
    const ms = await msUntil(async () => (await onA()).status === 401);
    expect((await onA()).status).toBe(401);
    expect(ms).toBeLessThan(1_000);
  });

  it("a player's account deactivated through node B is refused by node A within 1 s", async () => {
    const p = await createPlayer(t.app);
    const onA = () => call(t.app, 'get_user_by_id', {}, { token: p.token });
    expect((await onA()).status).toBe(200);
    // The operator's console on node B: an admin deactivates the player.
    const admin = await createPlayer(t.app);
    await t.db.run(sql`UPDATE users SET role = 'admin' WHERE id = ${admin.user.id}`);
    const off = await httpCall(
      b.base,
      'admin_set_user_status',
      { user_id: String(p.user.id), status: '0', reason: 'test' },
      admin.token,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // Deactivating also signs the player out everywhere: their token is dead.
    const ms = await msUntil(async () => (await onA()).status !== 200);
    expect((await onA()).status).toBe(401);
    expect(ms).toBeLessThan(1_000);
  });
});
