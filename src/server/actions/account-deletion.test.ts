import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentRequest, LedgerEntry, PaymentRequestResult, UserRecord } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { call } from '../test-support/client';
import { createAdmin, createPlayer, emailIdentity, perfectLevel, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.db);
});
afterAll(() => t.close());

const fund = (p: Player, coins: number) =>
  moveCoins(t.db, { userId: p.user.id, delta: coins, reason: 'test', opId: randomUUID() });

const payout = (p: Player, coins = 150) =>
  call<PaymentRequestResult>(
    t.app,
    'set_payment_request',
    { payment_type: 'paypal', payment_address: 'me@example.test', coin_used: coins },
    { token: p.token },
  );

const remove = async (p: Player) => {
  const res = await call(t.app, 'delete_user_account', {}, { token: p.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** Signs up again with the same e-mail (a new local account, a new identity). */
async function signUpAgain(p: Player): Promise<Player> {
  return createPlayer(t.app, { email: p.email });
}

const ledgerRows = async (userId: number) =>
  (await t.db.one<{ n: number; sum: number }>(sql`SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS sum
    FROM coin_ledger WHERE user_id = ${userId}`))!;

describe('deleting an account', () => {
  it('erases personal data but keeps the ledger and payouts on a tombstone the operator still sees', async () => {
    const p = await createPlayer(t.app, { name: 'Dana Doe' });
    await fund(p, 300);
    const req = await payout(p);
    expect(req.status).toBe(200);
    const id = req.body.data.request.id;
    expect(
      (await call(t.app, 'set_payment_request_status', { payment_id: id, status: 'completed' }, { token: admin.token }))
        .status,
    ).toBe(200);
    await t.db.run(sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
      VALUES (${p.user.id}, ${`https://push.example.test/${randomUUID()}`}, 'k', 'a')`);
    const before = await ledgerRows(p.user.id);
    await remove(p);

    expect(await ledgerRows(p.user.id)).toEqual(before);
    const u = await t.db.one(sql`SELECT firebase_id, name, email, mobile, profile, fcm_id, status, coins,
      deleted_at IS NOT NULL AS deleted FROM users WHERE id = ${p.user.id}`);
    expect(u).toEqual({
      firebase_id: `deleted:${p.user.id}`,
      name: '',
      email: '',
      mobile: '',
      profile: '',
      fcm_id: '',
      status: 0,
      coins: before.sum,
      deleted: true,
    });
    expect(await t.db.one(sql`SELECT 1 AS x FROM push_subscriptions WHERE user_id = ${p.user.id}`)).toBeUndefined();
    expect(await t.db.one(sql`SELECT 1 AS x FROM local_accounts WHERE email = ${p.email}`)).toBeUndefined();
    // Only keyed hashes of the contact are kept: no row holds the address or a plain hash of it.
    const marks = await t.db.rows<{ hash: string }>(sql`SELECT hash FROM contact_marks WHERE user_id = ${p.user.id}`);
    expect(marks.length).toBeGreaterThanOrEqual(2);
    for (const m of marks) expect(m.hash).not.toContain(p.email.split('@')[0]);

    const list = await call<AdminPaymentRequest[]>(
      t.app,
      'admin_get_payment_requests',
      { status: 'completed', limit: 100 },
      { token: admin.token },
    );
    const row = list.body.data.find((r) => r.id === id);
    expect(row).toMatchObject({ user_id: p.user.id, user_name: '', user_deleted: true, status: 'completed' });
    const history = await call<LedgerEntry[]>(
      t.app,
      'admin_get_coin_history',
      { user_id: p.user.id },
      { token: admin.token },
    );
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(before.n);
  });

  it('revokes its tokens: the old token is refused and the identity no longer finds the account', async () => {
    const p = await createPlayer(t.app);
    await remove(p);
    expect((await call(t.app, 'get_user_by_id', {}, { token: p.token })).status).toBe(401);
    expect((await call(t.app, 'delete_user_account', {}, { token: p.token })).status).toBe(401);
    const exists = await call<{ exists: boolean }>(
      t.app,
      'check_user_exists',
      { firebase_id: p.proof.firebase_id },
      { token: p.proof.id_token },
    );
    expect(exists.body.data?.exists ?? false).toBe(false);
  });

  it('refuses a raw DELETE of a user with money records (no cascade from users to the books)', async () => {
    const p = await createPlayer(t.app);
    await expect(t.db.run(sql`DELETE FROM users WHERE id = ${p.user.id}`)).rejects.toThrow();
    expect((await ledgerRows(p.user.id)).n).toBeGreaterThan(0);
  });
});

describe('signing up again after deleting', () => {
  it('pays no second welcome bonus and no first-clear coins for levels cleared before', async () => {
    const first = await createPlayer(t.app);
    expect(first.user.coins).toBe(10);
    expect((await perfectLevel(t.app, first)).first_clear).toBe(true);
    await remove(first);

    const again = await signUpAgain(first);
    expect(again.user.id).not.toBe(first.user.id);
    expect(again.user.coins).toBe(0);
    const r = await perfectLevel(t.app, again);
    expect(r).toMatchObject({ first_clear: false, coins: 0 });
    expect(await ledgerRows(again.user.id)).toEqual({ n: 0, sum: 0 });
    // No personal data travelled with the progress.
    const fresh = await t.db.one<UserRecord>(sql`SELECT name, email FROM users WHERE id = ${first.user.id}`);
    expect(fresh).toEqual({ name: '', email: '' });
  });

  it('opens no fresh payout window: the 48 hours count the deleted account’s request', async () => {
    const first = await createPlayer(t.app);
    await fund(first, 300);
    expect((await payout(first)).status).toBe(200);
    await remove(first);
    const again = await signUpAgain(first);
    await fund(again, 300);
    const res = await payout(again);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('payment_request_wait');
    await t.db.run(sql`UPDATE payment_requests SET created_at = created_at - interval '49 hours'
      WHERE user_id = ${first.user.id}`);
    expect((await payout(again)).status).toBe(200);
  });

  it('counts the minimum account age from the first account', async () => {
    const settings = t.app.services.settings;
    await settings.put('system', { payout_min_account_days: 3 });
    try {
      const first = await createPlayer(t.app);
      await remove(first);
      const again = await signUpAgain(first);
      await fund(again, 300);
      const young = await payout(again);
      expect(young.status).toBe(403);
      expect(young.body.code).toBe('payout_account_too_new');
      await t.db.run(sql`UPDATE users SET created_at = created_at - interval '4 days' WHERE id = ${first.user.id}`);
      expect((await payout(again)).status).toBe(200);
    } finally {
      await settings.put('system', {});
    }
  });

  it('recognises the person by e-mail whatever the letter case, and not another person', async () => {
    const first = await createPlayer(t.app);
    await remove(first);
    const proof = await emailIdentity(t.app, first.email.toUpperCase(), 'correct horse battery', 'X', first.ip);
    const res = await call<UserRecord>(
      t.app,
      'user_signup',
      { firebase_id: proof.firebase_id, type: 'email', device_id: randomUUID() },
      { token: proof.id_token, ip: first.ip },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.coins).toBe(0);
    expect((await createPlayer(t.app)).user.coins).toBe(10);
  });
});
