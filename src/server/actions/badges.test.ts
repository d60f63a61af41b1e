import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgeView } from '../../core/contract';
import { BADGES } from '../../core/rules/badges';
import { sql } from '../db/client';
import { forgetConfiguredTimezone } from '../domain/leaderboard';
import { moveCoins } from '../domain/ledger';
import { call } from '../test-support/client';
import { createPlayer, perfectLevel, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const badges = async (p: Player) => {
  const res = await call<BadgeView[]>(t.app, 'get_user_badges', {}, { token: p.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map(res.body.data.map((b) => [b.type, b]));
};
const setBadge = (p: Player, fields: Record<string, unknown>) =>
  call<BadgeView>(t.app, 'set_badges', fields, { token: p.token });
const coins = async (p: Player) =>
  (await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum FROM users u WHERE u.id = ${p.user.id}`))!;

describe('badges', () => {
  it('starts with every badge locked, counted ones showing their progress', async () => {
    const p = await createPlayer(t.app);
    const all = await badges(p);
    expect([...all.keys()]).toEqual([...BADGES]);
    expect([...all.values()].every((b) => b.status === 'locked' && b.unlocked_at === null)).toBe(true);
    expect(all.get('big_thing')!.progress).toEqual({ value: 0, target: 5000 });
    // The welcome bonus counts as earned coins: 10 of the more than 5000 Elite needs.
    // "More than 5,000": earned at 5,001, shown to the player as the figure they read.
    expect(all.get('elite')!.progress).toEqual({ value: 10, target: 5001, more_than: 5000 });
    expect(all.get('sharing_caring')!.progress).toEqual({ value: 0, target: 51, more_than: 50 });
    expect(all.get('power_elite')!.progress).toEqual({ value: 0, target: 11, more_than: 10 });
  });

  it('unlocks first game, Brainiac and Super Sonic from a perfect quiz the server graded', async () => {
    const p = await createPlayer(t.app);
    await perfectLevel(t.app, p);
    const all = await badges(p);
    for (const b of ['dashing_debut', 'brainiac', 'super_sonic'] as const)
      expect(all.get(b)!.status, b).toBe('unlocked');
    for (const b of ['flashback', 'combat_winner', 'big_thing', 'power_elite'] as const)
      expect(all.get(b)!.status, b).toBe('locked');
  });

  it('never unlocks a badge on the client’s word; claims an unlocked reward once, even in parallel', async () => {
    const p = await createPlayer(t.app);
    const said = await setBadge(p, { type: 'big_thing', status: 1 });
    expect(said.status).toBe(200);
    expect(said.body.data.status).toBe('locked');
    expect((await setBadge(p, { type: 'big_thing', status: 2 })).status).toBe(403);
    await perfectLevel(t.app, p);
    const before = await coins(p);
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => setBadge(p, { type: 'dashing_debut', status: 2 })),
    );
    expect(claims.every((c) => c.status === 200 && c.body.data.status === 'claimed')).toBe(true);
    const after = await coins(p);
    expect(after).toEqual({ coins: before.coins + 5, sum: before.coins + 5 });
    expect((await badges(p)).get('dashing_debut')!.status).toBe('claimed');
    const rows = await t.db.rows(
      sql`SELECT 1 FROM coin_ledger WHERE user_id = ${p.user.id} AND reason = 'badge_reward'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('unlocks Streak after 30 days of play in a row, not 29', async () => {
    const p = await createPlayer(t.app);
    const playOn = (daysAgo: number) =>
      t.db.run(sql`INSERT INTO play_sessions (id, user_id, mode, language_id, question_ids, answer_key, deadline,
          started_at, finished_at, result)
        VALUES (${randomUUID()}::uuid, ${p.user.id}, 'true_false', 1, '{}', '{}'::jsonb, now(),
          now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo}),
          '{"total": 1, "correct": 0}'::jsonb)`);
    for (let d = 1; d <= 29; d++) await playOn(d);
    expect((await badges(p)).get('streak')).toMatchObject({ status: 'locked', progress: { value: 29, target: 30 } });
    await playOn(30);
    expect((await badges(p)).get('streak')!.status).toBe('unlocked');
  });

  it('counts Streak days in the leaderboard timezone of the system configuration', async () => {
    const p = await createPlayer(t.app);
    const playAt = (iso: string) =>
      t.db.run(sql`INSERT INTO play_sessions (id, user_id, mode, language_id, question_ids, answer_key, deadline,
          started_at, finished_at, result)
        VALUES (${randomUUID()}::uuid, ${p.user.id}, 'true_false', 1, '{}', '{}'::jsonb, now(),
          ${iso}::timestamptz, ${iso}::timestamptz, '{"total": 1, "correct": 0}'::jsonb)`);
    // An hour apart: one UTC day; two local days at UTC−5 (23:30 and 00:30); one at UTC+5 or in Karachi.
    await playAt('2026-03-10T04:30:00Z');
    await playAt('2026-03-10T05:30:00Z');
    const streakIn = async (tz: string) => {
      await t.db
        .run(sql`INSERT INTO settings (key, value) VALUES ('system', ${JSON.stringify({ leaderboard_timezone: tz })}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = settings.value || EXCLUDED.value`);
      forgetConfiguredTimezone();
      return (await badges(p)).get('streak')!.progress!.value;
    };
    try {
      expect(await streakIn('UTC')).toBe(1);
      expect(await streakIn('-05:00')).toBe(2);
      expect(await streakIn('+05:00')).toBe(1);
      expect(await streakIn('America/Bogota')).toBe(2);
      expect(await streakIn('Asia/Karachi')).toBe(1);
    } finally {
      await t.db.run(sql`UPDATE settings SET value = value - 'leaderboard_timezone' WHERE key = 'system'`);
      forgetConfiguredTimezone();
    }
  });

  it('counts coins earned, not coins given back: cancelled payouts and returned battle stakes do not make Elite', async () => {
    const p = await createPlayer(t.app);
    const earned = async () => (await badges(p)).get('elite')!.progress!.value;
    const start = await earned();
    const credit = (delta: number, reason: string, ref = '') =>
      moveCoins(t.db, { userId: p.user.id, delta, reason, ref, opId: randomUUID() });
    await credit(200, 'quiz_zone_level'); // earned
    expect(await earned()).toBe(start + 200);
    // 100 coins held for a payout and given back, fifty times over: nothing earned.
    for (const reason of ['payout_cancel', 'payout_reject', 'battle_refund'])
      for (let i = 0; i < 20; i++) {
        await credit(-100, 'payout_hold');
        await credit(100, reason);
      }
    expect(await earned()).toBe(start + 200);
    // A battle won: the pot less the player's own fee; a draw (fee back as payout): nothing.
    await credit(-10, 'battle_entry', 'room-won');
    await credit(20, 'battle_payout', 'room-won');
    await credit(-10, 'battle_entry', 'room-drawn');
    await credit(10, 'battle_payout', 'room-drawn');
    expect(await earned()).toBe(start + 210);
    expect((await badges(p)).get('elite')!.status).toBe('locked');
  });

  it('refuses bad input and anonymous calls', async () => {
    const p = await createPlayer(t.app);
    for (const fields of [
      {},
      { type: 'admin' },
      { type: "'; DROP TABLE user_badges; --" },
      { type: 'elite', status: 3 },
      { type: 'elite', status: 'x' },
      { type: 'e'.repeat(5000) },
    ])
      expect((await setBadge(p, fields)).status, JSON.stringify(fields).slice(0, 60)).toBe(400);
    expect((await call(t.app, 'get_user_badges', {}, {})).status).toBe(401);
  });
});
