import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentRequest, PaymentRequestResult, UserRecord } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { recordTrustEvent } from '../domain/trust-events';
import { call, randomIp } from '../test-support/client';
import { createAdmin, createPlayer, emailIdentity, uniqueEmail, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.db);
});
afterAll(() => t.close());

/** Signs up from a given network address and device. */
async function signUpFrom(ip: string, device: string): Promise<UserRecord> {
  const email = uniqueEmail('review');
  const proof = await emailIdentity(t.app, email, 'correct horse battery', 'Review', ip);
  const res = await call<UserRecord>(
    t.app,
    'user_signup',
    { firebase_id: proof.firebase_id, type: 'email', device_id: device },
    { token: proof.id_token, ip },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const credit = (userId: number, delta: number, reason: string) =>
  moveCoins(t.db, { userId, delta, reason, opId: randomUUID() });

const payout = (token: string) =>
  call<PaymentRequestResult>(
    t.app,
    'set_payment_request',
    { payment_type: 'paypal', payment_address: 'me@example.test', coin_used: 150 },
    { token },
  );

async function reviewRow(id: number) {
  const res = await call<AdminPaymentRequest[]>(
    t.app,
    'admin_get_payment_requests',
    { status: 'pending', limit: 100 },
    { token: admin.token },
  );
  expect(res.status).toBe(200);
  return res.body.data.find((r) => r.id === id);
}

describe('payout review', () => {
  it('shows per request the account age, contact, referral share, fast answers, shared device and network', async () => {
    const ip = randomIp();
    const device = randomUUID();
    const p = await signUpFrom(ip, device);
    await signUpFrom(ip, device);
    await signUpFrom(ip, randomUUID());
    await signUpFrom(randomIp(), device);
    // Earned: 10 welcome + 90 from referrals + 100 from play = 45 % from referrals.
    await credit(p.id, 90, 'referral_reward');
    await credit(p.id, 100, 'quiz_zone_level');
    for (const kind of ['fast_answer', 'fast_answer', 'login_locked']) await recordTrustEvent(t.db, p.id, kind);
    await t.db.run(sql`UPDATE users SET created_at = created_at - interval '3 days 1 hour' WHERE id = ${p.id}`);
    const req = await payout(p.api_token!);
    expect(req.status, JSON.stringify(req.body)).toBe(200);
    expect(await reviewRow(req.body.data.request.id)).toMatchObject({
      user_id: p.id,
      user_deleted: false,
      account_days: 3,
      contact_verified: true,
      referral_share: 45,
      fast_answers: 2,
      same_device: 2,
      same_network: 2,
      trust_events: { fast_answer: 2, login_locked: 1 },
    });
  });

  it('records the sign-up address and counts nothing for an account alone on its device and network', async () => {
    const ip = randomIp();
    const p = await signUpFrom(ip, randomUUID());
    expect(await t.db.one(sql`SELECT signup_ip FROM users WHERE id = ${p.id}`)).toEqual({ signup_ip: ip });
    await credit(p.id, 200, 'quiz_zone_level');
    const req = await payout(p.api_token!);
    expect(await reviewRow(req.body.data.request.id)).toMatchObject({
      same_device: 0,
      same_network: 0,
      referral_share: 0,
      fast_answers: 0,
      trust_events: {},
    });
  });
});

describe('payout requirements in system configuration', () => {
  it('refuses a request from an account with no verified contact (unless the operator turns it off)', async () => {
    const p = await createPlayer(t.app);
    await credit(p.user.id, 300, 'test');
    await t.db.run(sql`UPDATE users SET contact_verified_at = NULL WHERE id = ${p.user.id}`);
    const res = await payout(p.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('payout_contact_unverified');
    expect(await t.db.one(sql`SELECT coins FROM users WHERE id = ${p.user.id}`)).toEqual({ coins: 310 });
    await t.app.services.settings.put('system', { payout_require_verified_contact: '0' });
    try {
      expect((await payout(p.token)).status).toBe(200);
    } finally {
      await t.app.services.settings.put('system', {});
    }
  });

  it('refuses a request from an account younger than the minimum age, with nothing written', async () => {
    await t.app.services.settings.put('system', { payout_min_account_days: 7 });
    try {
      const p = await createPlayer(t.app);
      await credit(p.user.id, 300, 'test');
      const res = await payout(p.token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('payout_account_too_new');
      expect(await t.db.one(sql`SELECT count(*)::int AS n FROM payment_requests WHERE user_id = ${p.user.id}`)).toEqual(
        {
          n: 0,
        },
      );
      await t.db.run(
        sql`UPDATE users SET created_at = created_at - interval '7 days 1 minute' WHERE id = ${p.user.id}`,
      );
      expect((await payout(p.token)).status).toBe(200);
    } finally {
      await t.app.services.settings.put('system', {});
    }
  });

  it('checks the new keys in the console: bad, missing and hostile values are refused', async () => {
    const cur = await call<{ system: Record<string, unknown> }>(
      t.app,
      'admin_get_settings',
      {},
      { token: admin.token },
    );
    const system = cur.body.data.system;
    for (const [key, value] of [
      ['payout_min_account_days', -1],
      ['payout_min_account_days', 10_000],
      ['payout_min_account_days', '1; DROP TABLE users'],
      ['payout_require_verified_contact', 'yes'],
      ['payout_require_verified_contact', undefined],
      ['referral_daily_cap', -3],
      ['referral_qualifying_answers', 1.5],
    ] as const) {
      const res = await call(
        t.app,
        'admin_set_system_config',
        { config: { ...system, [key]: value } },
        { token: admin.token },
      );
      expect(res.status, `${key}=${String(value)}`).toBe(400);
      expect(res.body.field).toBe(`config.${key}`);
    }
    const ok = await call(
      t.app,
      'admin_set_system_config',
      { config: { ...system, payout_min_account_days: 2, referral_daily_cap: 3 } },
      { token: admin.token },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await t.app.services.settings.put('system', {});
  });
});
