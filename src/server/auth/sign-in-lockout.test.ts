import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { trustEventCounts } from '../domain/trust-events';
import { call, randomIp } from '../test-support/client';
import { createPlayer, uniqueEmail } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  call(t.app, 'auth_email_login', { email, password }, { ip });

describe('sign-in failures counted per account and source', () => {
  it('locks the stranger’s source out of the account, never the owner’s device', async () => {
    const owner = await createPlayer(t.app);
    const stranger = randomIp();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login(owner.email, `guess-${i}-x`, stranger)).body.code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('invalid_credentials'));
    expect(codes.slice(10)).toEqual(['rate_limited', 'rate_limited']);
    // Locked for this source even with the right password: the stranger learns nothing.
    const right = await login(owner.email, owner.password, stranger);
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(600);

    // The owner, from their own address (or a new one), signs in at once.
    expect((await login(owner.email, owner.password, owner.ip)).status).toBe(200);
    expect((await login(owner.email, owner.password, randomIp())).status).toBe(200);
    // The stranger's source can still sign in to other accounts.
    const other = await createPlayer(t.app);
    expect((await login(other.email, other.password, stranger)).status).toBe(200);
  });

  it('records one login_locked event on the owner when a source is locked out', async () => {
    const owner = await createPlayer(t.app);
    const stranger = randomIp();
    for (let i = 0; i < 11; i++) await login(owner.email, `guess-${i}-x`, stranger);
    expect((await trustEventCounts(t.db, owner.user.id)).login_locked).toBe(1);
    const row = await t.db.one<{ ref: string }>(sql`SELECT ref FROM trust_events WHERE user_id = ${owner.user.id}`);
    expect(row?.ref).toBe(stranger);
    // Another player is untouched.
    const other = await createPlayer(t.app);
    expect(await trustEventCounts(t.db, other.user.id)).toEqual({});
  });

  it('forgets a source’s failures once it proves the password', async () => {
    const owner = await createPlayer(t.app);
    const ip = randomIp();
    for (let i = 0; i < 9; i++) await login(owner.email, `typo-${i}-x`, ip);
    expect((await login(owner.email, owner.password, ip)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(owner.email, `typo-${i}-y`, ip)).status).toBe(400);
    expect((await login(owner.email, owner.password, ip)).status).toBe(200);
  });
});

describe('login does not tell which addresses have accounts', () => {
  it('answers an unknown address exactly as a wrong password', async () => {
    const owner = await createPlayer(t.app);
    const wrong = await login(owner.email, 'not the password', randomIp());
    const nobody = await login(uniqueEmail(), 'not the password', randomIp());
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: true,
      code: 'invalid_credentials',
      message: 'Wrong e-mail or password.',
    });
    expect({ status: nobody.status, body: nobody.body }).toEqual({ status: wrong.status, body: wrong.body });
  });
});
