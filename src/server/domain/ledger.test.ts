import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaySession, QuizResult } from '../../core/contract';
import { sql } from '../db/client';
import { AppError } from '../errors';
import { finishAnswers } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { creditMany, moveCoins } from './ledger';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function balanceAndSum(userId: number) {
  return (await t.db.one<{ coins: number; sum: number; n: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum,
    (SELECT count(*)::int FROM coin_ledger WHERE user_id = u.id) AS n
    FROM users u WHERE u.id = ${userId}`))!;
}

describe('coin ledger', () => {
  it('keeps balance = sum of rows ≥ 0 and applies each op once, whatever the sequence', async () => {
    const p = await createPlayer(t.app);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            delta: fc.integer({ min: -40, max: 40 }).filter((d) => d !== 0),
            op: fc.integer({ min: 0, max: 15 }),
          }),
          { maxLength: 25 },
        ),
        async (moves) => {
          const run = randomUUID();
          const applied = new Set<string>();
          for (const m of moves) {
            const opId = `${run}:${m.op}`;
            try {
              const r = await t.db.tx((tx) =>
                moveCoins(tx, { userId: p.user.id, delta: m.delta, reason: 'test', opId }),
              );
              if (r.applied) {
                expect(applied.has(opId)).toBe(false);
                applied.add(opId);
              }
            } catch (e) {
              expect(e).toBeInstanceOf(AppError);
              expect((e as AppError).code).toBe('not_enough_coins');
            }
            const s = await balanceAndSum(p.user.id);
            expect(s.coins).toBe(s.sum);
            expect(s.coins).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('rolls back a debit that would go below zero, leaving no row', async () => {
    const p = await createPlayer(t.app);
    await expect(
      t.db.tx((tx) => moveCoins(tx, { userId: p.user.id, delta: -11, reason: 'fee', opId: 'too-much' })),
    ).rejects.toThrow(AppError);
    const s = await balanceAndSum(p.user.id);
    expect(s).toEqual({ coins: 10, sum: 10, n: 1 });
  });
});

describe('concurrent submissions', () => {
  async function openLevel(token: string) {
    const res = await call<PlaySession>(
      t.app,
      'get_questions_by_level',
      { category: 'history', subcategory: 'ancient-world', level: 1 },
      { token },
    );
    return res.body.data;
  }

  it('pays once when the same session is submitted many times at once', async () => {
    const p = await createPlayer(t.app);
    const s = await openLevel(p.token);
    const answers = await finishAnswers(t.db, s);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call<QuizResult>(t.app, 'submit_quiz_answers', { session_id: s.session_id, answers }, { token: p.token }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    for (const r of replies) expect(r.body.data).toEqual(replies[0]!.body.data);
    expect(await balanceAndSum(p.user.id)).toEqual({ coins: 20, sum: 20, n: 2 });
  });

  it('answers every racing twin of one Idempotency-Key with the one reply', async () => {
    const p = await createPlayer(t.app);
    const s = await openLevel(p.token);
    const answers = await finishAnswers(t.db, s);
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        call<QuizResult>(
          t.app,
          'submit_quiz_answers',
          { session_id: s.session_id, answers },
          { token: p.token, idempotencyKey: key },
        ),
      ),
    );
    for (const r of replies) {
      // a twin still in flight may be told to retry; none may be credited twice
      expect([200, 409]).toContain(r.status);
    }
    expect(replies.some((r) => r.status === 200)).toBe(true);
    expect(await balanceAndSum(p.user.id)).toEqual({ coins: 20, sum: 20, n: 2 });
  });
});

describe('concurrent first clears', () => {
  it('pays the first-clear reward of a level once when several sessions of it are submitted together', async () => {
    const p = await createPlayer(t.app);
    const sessions = [];
    for (let i = 0; i < 6; i++) {
      const res = await call<PlaySession>(
        t.app,
        'get_questions_by_level',
        { category: 'geography', subcategory: 'countries-and-capitals', level: 1 },
        { token: p.token },
      );
      sessions.push(res.body.data);
    }
    const perfect = new Map<string, string>();
    for (const s of sessions) perfect.set(s.session_id, await finishAnswers(t.db, s));
    const replies = await Promise.all(
      sessions.map((s) =>
        call<QuizResult>(
          t.app,
          'submit_quiz_answers',
          { session_id: s.session_id, answers: perfect.get(s.session_id)! },
          { token: p.token },
        ),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(replies.filter((r) => r.body.data.first_clear)).toHaveLength(1);
    expect(replies.reduce((n, r) => n + r.body.data.coins, 0)).toBe(10);
    expect(replies.reduce((n, r) => n + r.body.data.score_gain, 0)).toBe(40);
    expect(await balanceAndSum(p.user.id)).toEqual({ coins: 20, sum: 20, n: 2 });
  });

  it('credits many players once per op id, with each balance after, and skips what is not a credit', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    const opId = `prize:${randomUUID()}`;
    const credits = [
      { userId: a.user.id, delta: 30 },
      { userId: b.user.id, delta: 7 },
      { userId: b.user.id, delta: 7 },
      { userId: a.user.id, delta: 0 },
    ];
    const first = await t.db.tx((tx) => creditMany(tx, { reason: 'contest_prize', ref: 'x', opId, credits }));
    expect(first.sort((x, y) => x.userId - y.userId)).toEqual(
      [
        { userId: a.user.id, delta: 30 },
        { userId: b.user.id, delta: 7 },
      ].sort((x, y) => x.userId - y.userId),
    );
    expect(await t.db.tx((tx) => creditMany(tx, { reason: 'contest_prize', ref: 'x', opId, credits }))).toEqual([]);
    for (const [p, gain] of [
      [a, 30],
      [b, 7],
    ] as const) {
      const s = await balanceAndSum(p.user.id);
      expect([s.coins, s.sum]).toEqual([p.user.coins + gain, p.user.coins + gain]);
      const row = await t.db.one<{ balance_after: number }>(sql`SELECT balance_after FROM coin_ledger
        WHERE user_id = ${p.user.id} AND op_id = ${opId}`);
      expect(row!.balance_after).toBe(p.user.coins + gain);
    }
    await expect(
      t.db.tx((tx) =>
        creditMany(tx, { reason: 'x', ref: 'x', opId: 'y', credits: [{ userId: a.user.id, delta: 1.5 }] }),
      ),
    ).rejects.toThrow('bad coin delta');
  });
});
