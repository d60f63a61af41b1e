import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralSummary, UserRecord } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { matureReferrals } from '../domain/maturing-referrals';
import { call, randomIp } from '../test-support/client';
import { emailIdentity, perfectLevel, uniqueEmail, type Player } from '../test-support/factories';
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

/**
 * Makes a new account real the way a player does: 20 server-graded answers (two plays of a
 * level) whose first lies more than a day before the last (the first play's answers are moved
 * back 25 hours, the clock the test controls).
 */
async function playOverTwoDays(u: UserRecord) {
  const p = { token: u.api_token! } as Player;
  await perfectLevel(t.app, p);
  await t.db.run(sql`UPDATE play_answers SET answered_at = answered_at - interval '25 hours'
    WHERE session_id IN (SELECT id FROM play_sessions WHERE user_id = ${u.id})`);
  await perfectLevel(t.app, p);
}

const mature = async () => matureReferrals(t.db, await t.app.services.settings.rules());

const heldEvents = async (referrerId: number) =>
  (
    await t.db.rows<{ reason: string }>(sql`SELECT detail->>'reason' AS reason FROM trust_events
      WHERE user_id = ${referrerId} AND kind = 'referral_held' ORDER BY id`)
  ).map((r) => r.reason);

describe('refer and earn', () => {
  it('holds the referral until the new account is real, shows it waiting to both, then pays 50 and 100 once', async () => {
    const referrer = await ok({ device: randomUUID() });
    const friend = await ok({ code: referrer.refer_code.toLowerCase(), device: randomUUID() });
    expect(friend.coins).toBe(10);
    expect(await coins(referrer.id)).toEqual({ coins: 10, sum: 10 });
    expect(await summary(referrer.api_token!)).toEqual({
      refer_code: referrer.refer_code,
      friends: 0,
      former_friends: 0,
      coins_earned: 0,
      pending_friends: 1,
      pending_coins: 100,
      own_referral: null,
      new_user_bonus: 50,
      referrer_bonus: 100,
    });
    expect((await summary(friend.api_token!)).own_referral).toEqual({ status: 'pending', coins: 50 });
    expect(await heldEvents(referrer.id)).toEqual(['not_yet_real']);

    // One day of play is not enough, however many answers.
    await perfectLevel(t.app, { token: friend.api_token! } as Player);
    await perfectLevel(t.app, { token: friend.api_token! } as Player);
    expect(await mature()).toBe(0);
    expect((await summary(friend.api_token!)).own_referral?.status).toBe('pending');

    await playOverTwoDays(friend);
    // The friend looking at the screen is a qualifying moment: paid at once, before any tick.
    expect((await summary(friend.api_token!)).own_referral).toEqual({ status: 'paid', coins: 50 });
    expect(await mature()).toBe(0);
    expect(await coins(referrer.id)).toEqual({ coins: 110, sum: 110 });
    const s = await summary(referrer.api_token!);
    expect(s).toMatchObject({ friends: 1, coins_earned: 100, pending_friends: 0, pending_coins: 0 });
    const ledger = await t.db.rows<{ user_id: number; reason: string; delta: number }>(sql`SELECT user_id, reason, delta
      FROM coin_ledger WHERE reason LIKE 'referral%' AND user_id IN (${referrer.id}, ${friend.id}) ORDER BY id`);
    expect(ledger).toEqual([
      { user_id: friend.id, reason: 'referral_bonus', delta: 50 },
      { user_id: referrer.id, reason: 'referral_reward', delta: 100 },
    ]);
  });

  it('pays nothing for three sign-ups with made-up device ids that never play (the farm found)', async () => {
    const referrer = await ok({ device: randomUUID() });
    for (let i = 0; i < 3; i++) expect((await ok({ code: referrer.refer_code, device: randomUUID() })).coins).toBe(10);
    await mature();
    expect(await coins(referrer.id)).toEqual({ coins: 10, sum: 10 });
    expect((await summary(referrer.api_token!)).pending_friends).toBe(3);
    expect(await heldEvents(referrer.id)).toEqual(['not_yet_real', 'not_yet_real', 'not_yet_real']);
  });

  it('waits for a verified e-mail or phone, however much the account plays', async () => {
    const referrer = await ok({ device: randomUUID() });
    const friend = await ok({ code: referrer.refer_code, device: randomUUID() });
    // As a Google account whose address Google has not verified: its proof carries no contact.
    await t.db.run(sql`UPDATE users SET contact_verified_at = NULL WHERE id = ${friend.id}`);
    await playOverTwoDays(friend);
    expect(await mature()).toBe(0);
    expect((await summary(friend.api_token!)).own_referral?.status).toBe('pending');
    await t.db.run(sql`UPDATE users SET contact_verified_at = now() WHERE id = ${friend.id}`);
    expect(await mature()).toBe(1);
    expect(await coins(referrer.id)).toEqual({ coins: 110, sum: 110 });
  });

  it('pays one referrer at most the daily cap in 24 hours; the rest wait, recorded, and pay the next day', async () => {
    const settings = t.app.services.settings;
    await settings.put('system', { referral_daily_cap: 1 });
    try {
      const referrer = await ok({ device: randomUUID() });
      const a = await ok({ code: referrer.refer_code, device: randomUUID() });
      const b = await ok({ code: referrer.refer_code, device: randomUUID() });
      await playOverTwoDays(a);
      await playOverTwoDays(b);
      expect(await mature()).toBe(1);
      expect(await mature()).toBe(0);
      expect(await coins(referrer.id)).toEqual({ coins: 110, sum: 110 });
      expect(await heldEvents(referrer.id)).toEqual(['not_yet_real', 'not_yet_real', 'cap']);
      await t.db.run(sql`UPDATE referrals SET matured_at = matured_at - interval '25 hours'
        WHERE referrer_id = ${referrer.id} AND status = 'paid'`);
      expect(await mature()).toBe(1);
      expect(await coins(referrer.id)).toEqual({ coins: 210, sum: 210 });
      expect((await summary(referrer.api_token!)).friends).toBe(2);
    } finally {
      await settings.put('system', {});
    }
  });

  it('refuses a pending referral once the new account is deleted', async () => {
    const referrer = await ok({ device: randomUUID() });
    const friend = await ok({ code: referrer.refer_code, device: randomUUID() });
    await playOverTwoDays(friend);
    expect((await call(t.app, 'delete_user_account', {}, { token: friend.api_token! })).status).toBe(200);
    expect(await mature()).toBe(0);
    const row = await t.db.one(sql`SELECT status, reason FROM referrals WHERE referee_id = ${friend.id}`);
    expect(row).toEqual({ status: 'refused', reason: 'deleted' });
    expect(await coins(referrer.id)).toEqual({ coins: 10, sum: 10 });
  });

  it('still counts a paid friend who later deleted the account, as a former player, beside the coins it paid', async () => {
    const referrer = await ok({ device: randomUUID() });
    const friend = await ok({ code: referrer.refer_code, device: randomUUID() });
    await playOverTwoDays(friend);
    expect(await mature()).toBe(1);
    expect((await call(t.app, 'delete_user_account', {}, { token: friend.api_token! })).status).toBe(200);
    expect(await mature()).toBe(0);
    // The money record stays, and the count agrees with it (issue 22 §13).
    const s = await summary(referrer.api_token!);
    expect(s).toMatchObject({ friends: 1, former_friends: 1, coins_earned: 100, pending_friends: 0 });
    expect(await coins(referrer.id)).toEqual({ coins: 110, sum: 110 });
  });

  it('refuses a self-referral (the referrer signed up on this device) and a code used twice on one device', async () => {
    const device = randomUUID();
    const referrer = await ok({ device });
    const self = await ok({ code: referrer.refer_code, device });
    expect(self.coins).toBe(10);
    const other = randomUUID();
    const first = await ok({ code: referrer.refer_code, device: other });
    const second = await ok({ code: referrer.refer_code, device: other });
    await playOverTwoDays(self);
    await playOverTwoDays(second);
    await playOverTwoDays(first);
    expect(await mature()).toBe(1);
    expect(await coins(first.id)).toEqual({ coins: 70, sum: 70 });
    expect(await coins(second.id)).toEqual({ coins: 20, sum: 20 });
    expect(await coins(referrer.id)).toEqual({ coins: 110, sum: 110 });
    const rows = await t.db.rows<{ status: string; reason: string }>(sql`SELECT status, reason FROM referrals
      WHERE referrer_id = ${referrer.id} ORDER BY created_at, referee_id`);
    expect(rows).toEqual([
      { status: 'refused', reason: 'self' },
      { status: 'paid', reason: '' },
      { status: 'refused', reason: 'device' },
    ]);
    expect(await heldEvents(referrer.id)).toEqual(['self', 'not_yet_real', 'device']);
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
    await playOverTwoDays(await ok({ code: referrer.refer_code, device: randomUUID() }));
    await mature();
    const elite = await t.db.one(
      sql`SELECT 1 AS x FROM user_badges WHERE user_id = ${referrer.id} AND badge = 'elite'`,
    );
    expect(elite).toBeTruthy();
  });

  it('holds one referral when 50 accounts sign up at once with one code from one device', async () => {
    const referrer = await ok({ device: randomUUID() });
    const device = randomUUID();
    const all = await Promise.all(Array.from({ length: 50 }, () => ok({ code: referrer.refer_code, device })));
    expect(all.every((u) => u.coins === 10)).toBe(true);
    const rows = await t.db.rows<{ status: string }>(
      sql`SELECT status FROM referrals WHERE referrer_id = ${referrer.id}`,
    );
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'refused')).toHaveLength(49);
    expect((await summary(referrer.api_token!)).pending_friends).toBe(1);
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
