import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralSummary, UserRecord } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { call, randomIp } from '../test-support/client';
import { emailIdentity, uniqueEmail } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Signs up a new account, with a referral code and a device id when given. */
async function signUp(o: { code?: string; device?: string } = {}) {
  const email = uniqueEmail('ref');
  const ip = randomIp();
  const proof = await emailIdentity(t.app, email, 'correct horse battery', 'Ref Player', ip);
  const res = await call<UserRecord>(
    t.app,
    'user_signup',
    { firebase_id: proof.firebase_id, type: 'email', friends_code: o.code, device_id: o.device },
    { token: proof.id_token, ip },
  );
  return res;
}

async function ok(o: { code?: string; device?: string } = {}) {
  const res = await signUp(o);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const coins = async (id: number) =>
  (await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum FROM users u WHERE u.id = ${id}`))!;

const summary = async (token: string) =>
  (await call<ReferralSummary>(t.app, 'get_referral_summary', {}, { token })).body.data;

describe('refer and earn', () => {
  it('pays the new player 50 and the referrer 100, once each; the summary counts the friend', async () => {
    const referrer = await ok({ device: randomUUID() });
    const friend = await ok({ code: referrer.refer_code.toLowerCase(), device: randomUUID() });
    expect(friend.coins).toBe(10 + 50);
    expect(await coins(referrer.id)).toEqual({ coins: 10 + 100, sum: 110 });
    const s = await summary(referrer.api_token!);
    expect(s).toEqual({
      refer_code: referrer.refer_code,
      friends: 1,
      coins_earned: 100,
      new_user_bonus: 50,
      referrer_bonus: 100,
    });
    const ledger = await t.db.rows<{ user_id: number; reason: string; delta: number }>(sql`SELECT user_id, reason, delta
      FROM coin_ledger WHERE reason LIKE 'referral%' AND user_id IN (${referrer.id}, ${friend.id}) ORDER BY id`);
    expect(ledger).toEqual([
      { user_id: friend.id, reason: 'referral_bonus', delta: 50 },
      { user_id: referrer.id, reason: 'referral_reward', delta: 100 },
    ]);
  });

  it('refuses a self-referral (the referrer signed up on this device) and a code used twice on one device', async () => {
    const device = randomUUID();
    const referrer = await ok({ device });
    const self = await ok({ code: referrer.refer_code, device });
    expect(self.coins).toBe(10);
    const other = randomUUID();
    const first = await ok({ code: referrer.refer_code, device: other });
    expect(first.coins).toBe(60);
    const second = await ok({ code: referrer.refer_code, device: other });
    expect(second.coins).toBe(10);
    expect(await coins(referrer.id)).toEqual({ coins: 110, sum: 110 });
    const rows = await t.db.rows<{ status: string; reason: string }>(sql`SELECT status, reason FROM referrals
      WHERE referrer_id = ${referrer.id} ORDER BY created_at, referee_id`);
    expect(rows).toEqual([
      { status: 'refused', reason: 'self' },
      { status: 'paid', reason: '' },
      { status: 'refused', reason: 'device' },
    ]);
  });

  it('pays nothing to a sign-up that names no device (the once-a-device rule cannot hold)', async () => {
    const referrer = await ok({ device: randomUUID() });
    for (let i = 0; i < 3; i++) expect((await ok({ code: referrer.refer_code })).coins).toBe(10);
    expect((await ok({ code: referrer.refer_code, device: '' })).coins).toBe(10);
    expect(await coins(referrer.id)).toEqual({ coins: 10, sum: 10 });
    const rows = await t.db.rows<{ reason: string }>(
      sql`SELECT reason FROM referrals WHERE referrer_id = ${referrer.id}`,
    );
    expect(rows.map((r) => r.reason)).toEqual(['no_device', 'no_device', 'no_device', 'no_device']);
  });

  it("unlocks the referrer's badges as soon as a referral pays them", async () => {
    const referrer = await ok({ device: randomUUID() });
    // Just short of Elite (more than 5000 coins earned): the 100-coin referral reward crosses it.
    await moveCoins(t.db, { userId: referrer.id, delta: 4900, reason: 'quiz_zone_level', opId: randomUUID() });
    await ok({ code: referrer.refer_code, device: randomUUID() });
    const elite = await t.db.one(
      sql`SELECT 1 AS x FROM user_badges WHERE user_id = ${referrer.id} AND badge = 'elite'`,
    );
    expect(elite).toBeTruthy();
  });

  it('pays once when 50 accounts sign up at once with one code from one device', async () => {
    const referrer = await ok({ device: randomUUID() });
    const device = randomUUID();
    const all = await Promise.all(Array.from({ length: 50 }, () => ok({ code: referrer.refer_code, device })));
    expect(all.filter((u) => u.coins === 60)).toHaveLength(1);
    expect(all.filter((u) => u.coins === 10)).toHaveLength(49);
    expect(await coins(referrer.id)).toEqual({ coins: 110, sum: 110 });
    expect((await summary(referrer.api_token!)).friends).toBe(1);
  });

  it('ignores an unknown code and the bot; refuses malformed codes and device ids', async () => {
    expect((await ok({ code: 'ZZZZZZZZ', device: randomUUID() })).coins).toBe(10);
    await t.db.run(sql`INSERT INTO users (firebase_id, name, type, role, status, refer_code)
      VALUES ('bot:1', 'Quiz Bot', 'email', 'player', 1, 'BOTCODE1') ON CONFLICT (firebase_id) DO NOTHING`);
    const bot = await t.db.one<{ refer_code: string }>(sql`SELECT refer_code FROM users WHERE firebase_id = 'bot:1'`);
    expect((await ok({ code: bot!.refer_code, device: randomUUID() })).coins).toBe(10);
    for (const bad of [
      { code: 'x'.repeat(40) },
      { code: "'; DROP TABLE users; --" },
      { device: 'short' },
      { device: '../../etc/passwd-000000' },
      { device: 'a'.repeat(65) },
    ]) {
      const res = await signUp(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(t.app, 'get_referral_summary', {}, {})).status).toBe(401);
  });
});
