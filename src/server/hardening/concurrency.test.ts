import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LifelineResult, PlaySession, QuizResult } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { finishAnswersOf } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { seedSoloFixture } from '../test-support/solo-fixture';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedSoloFixture(t.db);
});
afterAll(() => t.close());

const level = { category: 'science', subcategory: 'physics-and-chemistry', level: 1 };

async function ok<T>(p: Player, action: string, fields: Record<string, unknown>): Promise<T> {
  const res = await call<T>(t.app, action, fields, { token: p.token });
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

async function ledgerConsistent(userId: number) {
  const r = await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum FROM users u WHERE u.id = ${userId}`);
  expect(r!.coins).toBe(r!.sum);
  expect(r!.coins).toBeGreaterThanOrEqual(0);
  return r!.coins;
}

describe('concurrency (meaningful on PostgreSQL: DATABASE_URL=...)', () => {
  it('two report_question calls at once for the same question both succeed (no 500 from the partial unique index)', async () => {
    const p = await createPlayer(t.app);
    const q = (await t.db.one<{ id: number }>(sql`SELECT id FROM questions ORDER BY id LIMIT 1`))!.id;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t.app, 'report_question', { question_id: q, message: `Wrong answer ${i}` }, { token: p.token }),
      ),
    );
    expect(
      results.map((r) => r.status),
      JSON.stringify(results.map((r) => r.body)),
    ).toEqual(results.map(() => 200));
    const open = await t.db.rows(sql`SELECT 1 FROM question_reports WHERE user_id = ${p.user.id} AND status = 'open'`);
    expect(open).toHaveLength(1);
  });

  it('the same Idempotency-Key sent twice at once replays the first reply instead of answering lifeline_used', async () => {
    const p = await createPlayer(t.app);
    await moveCoins(t.db, { userId: p.user.id, delta: 100, reason: 'test', opId: randomUUID() });
    const s = await ok<PlaySession>(p, 'get_questions_by_level', level);
    const key = randomUUID();
    const fields = { session_id: s.session_id, lifeline: 'skip', question_id: s.questions[0]!.id };
    const [a, b] = await Promise.all([
      call<LifelineResult>(t.app, 'use_lifeline', fields, { token: p.token, idempotencyKey: key }),
      call<LifelineResult>(t.app, 'use_lifeline', fields, { token: p.token, idempotencyKey: key }),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(await ledgerConsistent(p.user.id)).toBe(100 + 10 - 10); // welcome bonus 10 + 100 - one lifeline
  });

  it('a burst of mixed in-play actions for one player never answers 500 or double-charges', async () => {
    const p = await createPlayer(t.app);
    await moveCoins(t.db, { userId: p.user.id, delta: 1000, reason: 'test', opId: randomUUID() });
    const s1 = await ok<PlaySession>(p, 'get_questions_by_level', level);
    const s2 = await ok<PlaySession>(p, 'get_questions_by_level', level);
    const tf = await ok<PlaySession>(p, 'get_questions_by_type', { type: 2 });
    const gwSub = (await t.db.one<{ id: number }>(sql`SELECT s.id FROM subcategories s JOIN categories c
      ON c.id = s.category_id WHERE c.slug = 'gw-test'`))!.id;
    const gw = await ok<PlaySession>(p, 'get_guess_the_word', { type: 'subcategory', type_id: gwSub });
    const answers = await finishAnswersOf(t.db, [s2, tf]);
    const mcq = s1.questions.findIndex((q, i) => q.question_type === 'mcq' && i < s1.questions.length - 1);
    const reqs = [
      ...['fifty_fifty', 'fifty_fifty', 'skip', 'skip', 'reset_timer', 'audience_poll'].map((l, i) =>
        call(
          t.app,
          'use_lifeline',
          {
            session_id: s1.session_id,
            lifeline: l,
            question_id: s1.questions[l === 'audience_poll' ? mcq + 1 : mcq]!.id,
          },
          { token: p.token },
        ).then((r) => ({ i, a: `ll:${l}`, r })),
      ),
      ...Array.from({ length: 5 }, () =>
        call(
          t.app,
          'use_hint',
          { session_id: gw.session_id, question_id: gw.questions[0]!.id },
          { token: p.token },
        ).then((r) => ({ a: 'hint', r })),
      ),
      call(t.app, 'submit_quiz_answers', { session_id: s2.session_id, answers: answers(s2) }, { token: p.token }).then(
        (r) => ({ a: 'submit s2', r }),
      ),
      call(t.app, 'submit_quiz_answers', { session_id: s2.session_id, answers: answers(s2) }, { token: p.token }).then(
        (r) => ({ a: 'submit s2 again', r }),
      ),
      call(t.app, 'submit_quiz_answers', { session_id: tf.session_id, answers: answers(tf) }, { token: p.token }).then(
        (r) => ({ a: 'submit tf', r }),
      ),
      call(t.app, 'get_daily_quiz', { gmt_format: '+00:00' }, { token: p.token }).then((r) => ({ a: 'daily', r })),
      call(t.app, 'get_daily_quiz', { gmt_format: '+00:00' }, { token: p.token }).then((r) => ({ a: 'daily', r })),
      call(t.app, 'unlock_premium_category', { category: 'premium-test' }, { token: p.token }).then((r) => ({
        a: 'unlock',
        r,
      })),
      call(t.app, 'unlock_premium_category', { category: 'premium-test' }, { token: p.token }).then((r) => ({
        a: 'unlock',
        r,
      })),
    ];
    const out = await Promise.all(reqs);
    const bad = out.filter((o) => o.r.status >= 500).map((o) => `${o.a}: ${JSON.stringify(o.r.body)}`);
    expect(bad).toEqual([]);
    const hints = out.filter((o) => o.a === 'hint' && o.r.status === 200).length;
    expect(hints).toBe(3); // ELEPHANT / NEWYORK allow 3 hints
    const r1 = out.filter((o) => o.a.startsWith('submit s2')).map((o) => (o.r.body.data as QuizResult).coins);
    expect(r1.sort()).toEqual([10, 10]); // one grading, replayed
    const first = await t.db.rows(
      sql`SELECT 1 FROM coin_ledger WHERE user_id = ${p.user.id} AND reason = 'premium_category'`,
    );
    expect(first).toHaveLength(1);
    await ledgerConsistent(p.user.id);
  });
});

describe('concurrency checks that hold (kept as evidence)', () => {
  it('five true/false plays submitted at once pay exactly the daily cap', async () => {
    const p = await createPlayer(t.app);
    const ss = [];
    for (let i = 0; i < 5; i++) ss.push(await ok<PlaySession>(p, 'get_questions_by_type', { type: 2 }));
    const answers = await finishAnswersOf(t.db, ss);
    const rs = await Promise.all(
      ss.map((s) =>
        call<QuizResult>(
          t.app,
          'submit_quiz_answers',
          { session_id: s.session_id, answers: answers(s) },
          { token: p.token },
        ),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(rs.filter((r) => r.body.data.coins > 0)).toHaveLength(3);
    await ledgerConsistent(p.user.id);
  });

  it('five get_daily_quiz at once open one session', async () => {
    const p = await createPlayer(t.app);
    const rs = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call<PlaySession>(t.app, 'get_daily_quiz', i % 2 ? { gmt_format: '+00:00' } : { timezone: 'UTC' }, {
          token: p.token,
        }),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(rs.map((r) => r.body.data.session_id)).size).toBe(1);
  });

  it('ten bursts of lifelines, hints, submits and unlocks for one player: no 500, no deadlock', async () => {
    for (let round = 0; round < 10; round++) {
      const p = await createPlayer(t.app);
      await moveCoins(t.db, { userId: p.user.id, delta: 50, reason: 'test', opId: randomUUID() });
      const a = await ok<PlaySession>(p, 'get_questions_by_level', level);
      const b = await ok<PlaySession>(p, 'get_questions_by_level', level);
      const answers = await finishAnswersOf(t.db, [a, b]);
      const out = await Promise.all([
        call(
          t.app,
          'use_lifeline',
          { session_id: a.session_id, lifeline: 'skip', question_id: a.questions[0]!.id },
          { token: p.token },
        ),
        call(
          t.app,
          'use_lifeline',
          { session_id: b.session_id, lifeline: 'skip', question_id: b.questions[0]!.id },
          { token: p.token },
        ),
        call(
          t.app,
          'use_lifeline',
          { session_id: a.session_id, lifeline: 'reset_timer', question_id: a.questions[1]!.id },
          { token: p.token },
        ),
        call(t.app, 'submit_quiz_answers', { session_id: a.session_id, answers: answers(a) }, { token: p.token }),
        call(t.app, 'submit_quiz_answers', { session_id: b.session_id, answers: answers(b) }, { token: p.token }),
        call(t.app, 'unlock_premium_category', { category: 'premium-test' }, { token: p.token }),
        call(t.app, 'get_daily_quiz', {}, { token: p.token }),
      ]);
      expect(out.filter((r) => r.status >= 500).map((r) => r.body)).toEqual([]);
      const firstClear = await t.db.rows(
        sql`SELECT 1 FROM coin_ledger WHERE user_id = ${p.user.id} AND reason = 'quiz_zone_level'`,
      );
      expect(firstClear).toHaveLength(1);
      await ledgerConsistent(p.user.id);
    }
    // Seventy calls in bursts of seven: 11-20 s on a machine at load 17-28, so more than the default 30 s bound.
  }, 120_000);
});
