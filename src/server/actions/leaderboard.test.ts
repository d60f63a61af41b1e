import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardPage, PlaySession, QuizResult } from '../../core/contract';
import { periodKeys } from '../../core/rules/leaderboard';
import { sql, type Db } from '../db/client';
import { botUserId } from '../domain/battle/random';
import { addScore, boardPage, configuredTimezone, forgetConfiguredTimezone, rankOfScore } from '../domain/leaderboard';
import { addScore as addGradedScore } from '../domain/ledger';
import { finishAnswers } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const BOARDS = ['get_daily_leaderboard', 'get_monthly_leaderboard', 'get_globle_leaderboard'] as const;

async function board(p: Player, action: string, fields: Record<string, unknown> = {}) {
  const res = await call<LeaderboardPage>(t.app, action, fields, { token: p.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A player row without sign-up (for filling boards quickly). */
async function rawUser(db: Db, name = 'Filler'): Promise<number> {
  const code = randomBytes(6).toString('hex');
  const row = await db.one<{ id: number }>(sql`INSERT INTO users (firebase_id, name, type, refer_code)
    VALUES (${`test:${code}`}, ${name}, 'email', ${code}) RETURNING id`);
  return row!.id;
}

/** The truth: 1 + players with a higher score in the period. */
async function trueRank(period: string, score: number): Promise<number> {
  const r = await t.db.one<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM lb_scores WHERE period = ${period} AND score > ${score}::bigint`,
  );
  return r!.n + 1;
}

async function histogramMatches(period: string) {
  const drift = await t.db.rows(sql`SELECT coalesce(h.bucket, x.bucket) AS bucket, h.n, x.n AS truth
    FROM (SELECT bucket, n FROM lb_buckets WHERE period = ${period} AND n > 0) h
    FULL JOIN (SELECT lb_bucket(score) AS bucket, count(*) AS n FROM lb_scores WHERE period = ${period} GROUP BY 1) x
      ON x.bucket = h.bucket
    WHERE h.n IS DISTINCT FROM x.n`);
  expect(drift).toEqual([]);
}

describe('leaderboards', () => {
  it('shows the points of a played quiz on the daily, monthly and all-time boards', async () => {
    const p = await createPlayer(t.app, { name: 'Leader Player' });
    const s = (
      await call<PlaySession>(
        t.app,
        'get_questions_by_level',
        { category: 'sports', subcategory: 'football-and-ball-games', level: 1, language_id: 1 },
        { token: p.token },
      )
    ).body.data;
    const res = await call<QuizResult>(
      t.app,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: await finishAnswers(t.db, s) },
      { token: p.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const gained = res.body.data.score_gain;
    expect(gained).toBeGreaterThan(0);
    const keys = periodKeys(new Date(), 'UTC');
    for (const action of BOARDS) {
      const b = await board(p, action, { limit: 100 });
      expect([keys.daily, keys.monthly, keys.global]).toContain(b.period);
      expect(b.me).toMatchObject({ user_id: p.user.id, name: 'Leader Player', score: gained });
      expect(b.me.rank).toBe(await trueRank(b.period, gained));
      const row = b.rows.find((r) => r.user_id === p.user.id);
      if (b.me.rank <= 100) expect(row).toMatchObject({ score: gained, rank: b.me.rank });
      expect(b.total).toBeGreaterThanOrEqual(1);
    }
  });

  it('counts a submission once however often it is sent', async () => {
    const uid = await rawUser(t.db);
    const ref = randomUUID();
    for (let i = 0; i < 3; i++) await t.db.tx((tx) => addGradedScore(tx, uid, 7, 'quiz_zone', ref));
    const g = await t.db.one<{ score: number }>(
      sql`SELECT score FROM lb_scores WHERE period = 'g' AND user_id = ${uid}`,
    );
    expect(Number(g!.score)).toBe(7);
  });

  it("always returns the player's own rank and score, also outside the page", async () => {
    const p = await createPlayer(t.app);
    const others = await Promise.all(Array.from({ length: 12 }, () => rawUser(t.db)));
    for (const [i, uid] of others.entries()) await addScore(t.db, uid, 5_000_000 + i * 1000);
    await addScore(t.db, p.user.id, 3);
    for (const action of BOARDS) {
      const b = await board(p, action, { offset: 0, limit: 5 });
      expect(b.rows).toHaveLength(5);
      expect(b.rows.some((r) => r.user_id === p.user.id)).toBe(false);
      expect(b.me.score).toBe(3);
      expect(b.me.rank).toBe(await trueRank(b.period, 3));
      expect(b.me.rank).toBeGreaterThan(12);
      // A page further down ranks its rows as the truth does.
      const later = await board(p, action, { offset: 3, limit: 4 });
      for (const r of later.rows) expect(r.rank).toBe(await trueRank(later.period, r.score));
    }
    // A player with no points yet ranks after everyone who has some.
    const fresh = await createPlayer(t.app);
    const b = await board(fresh, 'get_globle_leaderboard', { limit: 1 });
    expect(b.me).toMatchObject({ score: 0, rank: b.total + 1 });
  });

  it('gives equal scores one rank, and the next score the rank after all of them', async () => {
    const p = await createPlayer(t.app);
    const [a, b2, c] = [await rawUser(t.db, 'A'), await rawUser(t.db, 'B'), await rawUser(t.db, 'C')];
    const top = 9_000_000_000;
    await addScore(t.db, a, top);
    await addScore(t.db, b2, top);
    await addScore(t.db, p.user.id, top);
    await addScore(t.db, c, top - 1);
    const g = await board(p, 'get_globle_leaderboard', { limit: 4 });
    expect(g.rows.map((r) => [r.user_id, r.rank])).toEqual([
      [Math.min(a, b2, p.user.id), 1],
      [[a, b2, p.user.id].sort((x, y) => x - y)[1], 1],
      [Math.max(a, b2, p.user.id), 1],
      [c, 4],
    ]);
    expect(g.me.rank).toBe(1);
    // The tie continues across a page boundary.
    const second = await board(p, 'get_globle_leaderboard', { offset: 2, limit: 2 });
    expect(second.rows.map((r) => r.rank)).toEqual([1, 4]);
  });

  it('never lists the battle bot', async () => {
    const p = await createPlayer(t.app);
    const bot = await botUserId(t.db);
    await t.db.tx((tx) => addGradedScore(tx, bot, 2_000_000_000, 'battle', randomUUID()));
    await addScore(t.db, bot, 10_000_000_000);
    const rows = await t.db.rows(sql`SELECT 1 FROM lb_scores WHERE user_id = ${bot}`);
    expect(rows).toEqual([]);
    for (const action of BOARDS) {
      const b = await board(p, action, { limit: 100 });
      expect(b.rows.some((r) => r.user_id === bot)).toBe(false);
    }
  });

  it('refuses bad or hostile paging with 400', async () => {
    const p = await createPlayer(t.app);
    const bad = [
      { limit: 0 },
      { limit: 101 },
      { limit: -1 },
      { offset: -1 },
      { offset: 1_000_001 },
      { offset: 'abc' },
      { limit: '1e3' },
      { limit: '10; DROP TABLE lb_scores' },
      { offset: '1.5' },
      { limit: '99999999999999999999' },
    ];
    for (const action of BOARDS) {
      for (const fields of bad) {
        const res = await call(t.app, action, fields, { token: p.token });
        expect(res.status, `${action} ${JSON.stringify(fields)}`).toBe(400);
        expect(res.body.code).toBe('invalid_input');
      }
      expect((await call(t.app, action, {})).status).toBe(401);
    }
  });

  it('reads the periods in the configured timezone', async () => {
    expect(await configuredTimezone(t.db)).toBe('UTC');
    const system = await t.db.one<{ value: Record<string, unknown> }>(
      sql`SELECT value FROM settings WHERE key = 'system'`,
    );
    await t.db.run(
      sql`INSERT INTO settings (key, value) VALUES ('system', ${JSON.stringify({
        ...(system?.value ?? {}),
        leaderboard_timezone: '+05:30',
      })}::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    forgetConfiguredTimezone();
    try {
      expect(await configuredTimezone(t.db)).toBe('+05:30');
      const uid = await rawUser(t.db);
      await addScore(t.db, uid, 11, new Date('2026-11-30T18:30:00Z'));
      const periods = await t.db.rows<{ period: string }>(
        sql`SELECT period FROM lb_scores WHERE user_id = ${uid} ORDER BY period`,
      );
      expect(periods.map((r) => r.period)).toEqual(['d:2026-12-01', 'g', 'm:2026-12']);
    } finally {
      await t.db.run(sql`UPDATE settings SET value = value - 'leaderboard_timezone' WHERE key = 'system'`);
      forgetConfiguredTimezone();
    }
  });

  it('keeps the histogram equal to the truth through random score changes and deletions', async () => {
    const users = await Promise.all(Array.from({ length: 25 }, () => rawUser(t.db)));
    const at = new Date('2031-03-15T12:00:00Z');
    const { daily } = periodKeys(at, 'UTC');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            user: fc.integer({ min: 0, max: users.length - 1 }),
            delta: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 5_000_000 })),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 6_000_000 }),
        async (moves, probe) => {
          await t.db.tx(async (tx) => {
            for (const m of moves) await addScore(tx, users[m.user]!, m.delta, at, 'UTC');
          });
          await histogramMatches(daily);
          await histogramMatches('g');
          expect(await rankOfScore(t.db, daily, probe)).toBe(await trueRank(daily, probe));
          const page = await boardPage(t.db, daily, 3, 10);
          for (const r of page) expect(r.rank).toBe(await trueRank(daily, r.score));
        },
      ),
      { numRuns: 40 },
    );
    // A deleted player leaves the histogram with their rows.
    await t.db.run(sql`DELETE FROM users WHERE id = ${users[0]!}`);
    await histogramMatches(daily);
    await histogramMatches('g');
    // Parallel writers on shared buckets neither deadlock nor drift.
    await Promise.all(
      users.slice(1).map(async (uid, i) => {
        for (let k = 0; k < 5; k++) await t.db.tx((tx) => addScore(tx, uid, 1 + ((i + k) % 3), at, 'UTC'));
      }),
    );
    await histogramMatches(daily);
  });
});
