import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  CoinScore,
  LevelData,
  PlaySession,
  QuizResult,
  Subcategory,
  UserStatistics,
} from '../../core/contract';
import { sql } from '../db/client';
import { elapse, finishAnswers, unsealed } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const CAT = 'sports';
const SUB = 'football-and-ball-games';

async function open(p: Player, level = 1, sub = SUB) {
  const res = await call<PlaySession>(
    t.app,
    'get_questions_by_level',
    { category: CAT, subcategory: sub, level, language_id: 1 },
    { token: p.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.questions.some((q) => 'answer' in q || 'explanation' in q)).toBe(false);
  // The test reads the key the server kept, to answer right or wrong on purpose.
  return unsealed(t.db, res.body.data);
}

/** Answers the first `right` questions correctly and the rest wrongly, at a human pace. */
function answers(s: PlaySession, right: number) {
  return finishAnswers(t.db, s, (q, i) => (i < right ? q.answer : q.options.find((o) => o.id !== q.answer)!.id));
}

async function submit(p: Player, s: PlaySession, right: number, key?: string) {
  return call<QuizResult>(
    t.app,
    'submit_quiz_answers',
    { session_id: s.session_id, answers: await answers(s, right) },
    { token: p.token, ...(key ? { idempotencyKey: key } : {}) },
  );
}

async function balanceMatchesLedger(userId: number) {
  const r = await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum FROM users u WHERE u.id = ${userId}`);
  expect(r!.coins).toBe(r!.sum);
  expect(r!.coins).toBeGreaterThanOrEqual(0);
}

describe('browsing the quiz zone', () => {
  it('lists at least 6 categories in English and in Arabic, each with subcategories and 3 levels or more', async () => {
    for (const language_id of [1, 2]) {
      const res = await call<Category[]>(t.app, 'get_categories', { type: 1, language_id });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThanOrEqual(6);
      for (const c of res.body.data) {
        expect(c.no_of_subcategories).toBeGreaterThanOrEqual(1);
        // The free categories have 5 levels, the premium one 3.
        expect(c.maxlevel).toBe(c.is_premium ? 3 : 5);
      }
    }
    const ar = await call<Category[]>(t.app, 'get_categories', { type: 1, language_id: 2 });
    expect(ar.body.data.find((c) => c.slug === CAT)!.category_name).toMatch(/[\u0600-\u06FF]/);
  });

  it('falls back to the default language for an unknown language id', async () => {
    const res = await call<Category[]>(t.app, 'get_categories', { type: 1, language_id: 999 });
    expect(res.body.data[0]!.language_id).toBe(1);
  });

  it('lists subcategories with 5 levels of 10 questions', async () => {
    const res = await call<Subcategory[]>(t.app, 'get_subcategory_by_maincategory', {
      language_id: 1,
      category_slug: CAT,
    });
    expect(res.body.data.map((s) => s.slug)).toContain(SUB);
    expect(res.body.data.find((s) => s.slug === SUB)).toMatchObject({ maxlevel: 5, no_of_que: 50 });
    const missing = await call(t.app, 'get_subcategory_by_maincategory', { language_id: 1, category_slug: 'no-such' });
    expect(missing.status).toBe(404);
  });

  it('refuses hostile slugs and ids with a 400', async () => {
    const sqlish = await call(t.app, 'get_subcategory_by_maincategory', { category_slug: "sports' OR '1'='1" });
    expect(sqlish.body).toMatchObject({ code: 'invalid_input', field: 'category_slug' });
    const p = await createPlayer(t.app);
    const lvl = await call(
      t.app,
      'get_questions_by_level',
      { category: CAT, subcategory: SUB, level: '1; DROP TABLE users' },
      { token: p.token },
    );
    expect(lvl.body).toMatchObject({ code: 'invalid_input', field: 'level' });
  });
});

describe('playing a level', () => {
  it('starts with level 1 open and the others locked', async () => {
    const p = await createPlayer(t.app);
    const res = await call<LevelData>(
      t.app,
      'get_level_data',
      { category_slug: CAT, subcategory_slug: SUB },
      { token: p.token },
    );
    expect(res.body.data.level).toBe(1);
    expect(res.body.data.levels.map((l) => l.status)).toEqual(['unlocked', 'locked', 'locked', 'locked', 'locked']);
    expect(res.body.data).toMatchObject({ category_name: 'Sports', subcategory_name: 'Football and Ball Games' });
    const ar = await call<LevelData>(
      t.app,
      'get_level_data',
      { category_slug: CAT, subcategory_slug: SUB, language_id: 2 },
      { token: p.token },
    );
    expect(ar.body.data.category_name).toMatch(/[\u0600-\u06FF]/);
    const locked = await call(
      t.app,
      'get_questions_by_level',
      { category: CAT, subcategory: SUB, level: 2 },
      { token: p.token },
    );
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('level_locked');
    expect(locked.body.message).toBe('This level is locked, play previous levels to unlock.');
  });

  it('opens a session of 10 questions and needs a token', async () => {
    const p = await createPlayer(t.app);
    const s = await open(p);
    expect(s.questions).toHaveLength(10);
    expect(new Date(s.deadline).getTime() - new Date(s.started_at).getTime()).toBe(10 * 30 * 1000);
    expect((await call(t.app, 'get_questions_by_level', { category: CAT, subcategory: SUB, level: 1 })).status).toBe(
      401,
    );
  });

  it('pays full coins and 4 points an answer on a perfect first clear, and unlocks level 2', async () => {
    const p = await createPlayer(t.app);
    const s = await open(p);
    const res = await submit(p, s, 10);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      total: 10,
      correct: 10,
      incorrect: 0,
      percentage: 100,
      score: 40,
      score_gain: 40,
      coins: 10,
      passed: true,
      first_clear: true,
      next_level_unlocked: true,
      unlocked_level: 2,
      user: { coins: 20, all_time_score: 40 },
    });
    const lv = await call<LevelData>(
      t.app,
      'get_level_data',
      { category_slug: CAT, subcategory_slug: SUB },
      { token: p.token },
    );
    expect(lv.body.data.level).toBe(2);
    expect(lv.body.data.levels.slice(0, 3).map((l) => l.status)).toEqual(['cleared', 'unlocked', 'locked']);
    expect(lv.body.data.levels[0]!.best_score).toBe(40);
    await open(p, 2);
    await balanceMatchesLedger(p.user.id);
  });

  it('pays coins only on the first clear and score only beyond the best', async () => {
    const p = await createPlayer(t.app);
    await submit(p, await open(p), 5); // 50 %: 5 coins, 20 points
    const again = await submit(p, await open(p), 10);
    expect(again.body.data).toMatchObject({ coins: 0, score: 40, score_gain: 20, first_clear: false });
    expect(again.body.data.user).toEqual({ coins: 15, all_time_score: 40 });
    await balanceMatchesLedger(p.user.id);
  });

  it('pays nothing and unlocks nothing below 30 %', async () => {
    const p = await createPlayer(t.app);
    const res = await submit(p, await open(p), 2);
    expect(res.body.data).toMatchObject({
      passed: false,
      coins: 0,
      score: 8,
      next_level_unlocked: false,
      unlocked_level: 1,
    });
  });

  it('counts unanswered questions and ignores answers to questions not in the session', async () => {
    const p = await createPlayer(t.app);
    const s = await open(p);
    const sent = [
      { question_id: s.questions[0]!.id, answer: s.questions[0]!.answer },
      { question_id: 999999, answer: 'a' },
      { question_id: s.questions[1]!.id, answer: null },
    ];
    await elapse(t.db, s.session_id, 2000);
    const res = await call<QuizResult>(
      t.app,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: JSON.stringify(sent) },
      { token: p.token },
    );
    expect(res.body.data).toMatchObject({ correct: 1, unanswered: 9, incorrect: 0, total: 10 });
    expect(res.body.data.review).toHaveLength(10);
  });

  it('grades a session once: a second submission answers the first result and pays nothing more', async () => {
    const p = await createPlayer(t.app);
    const s = await open(p);
    const first = await submit(p, s, 10);
    const second = await submit(p, s, 0);
    expect(second.body.data).toEqual(first.body.data);
    const cs = await call<CoinScore>(t.app, 'get_user_coin_score', {}, { token: p.token });
    expect(cs.body.data).toEqual({ coins: 20, score: 40 });
  });

  it('replays a request with the same Idempotency-Key and refuses the key for another body', async () => {
    const p = await createPlayer(t.app);
    const s = await open(p);
    const key = randomUUID();
    const first = await submit(p, s, 10, key);
    const replay = await submit(p, s, 10, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await submit(p, s, 3, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
    // Another key is another request: the session's one result, replayed.
    const anew = await submit(p, s, 3, randomUUID());
    expect(anew.status).toBe(200);
    expect(anew.headers['idempotent-replayed']).toBe('true');
    expect(anew.body).toEqual(first.body);
    const rows = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE user_id = ${p.user.id}`,
    );
    expect(rows!.n).toBe(2); // welcome bonus + one level reward
    // Self-keyed: the key is kept on the session with its result, not with a copy of the reply.
    const kept = await t.db.one<{ n: number; key: string }>(sql`SELECT
        (SELECT count(*)::int FROM idempotency_keys WHERE user_id = ${p.user.id} AND action = 'submit_quiz_answers') AS n,
        (SELECT finish_key FROM play_sessions WHERE id = ${s.session_id}::uuid) AS key`);
    expect(kept).toEqual({ n: 0, key });
  });

  it("answers another player's session as not found and changes nothing", async () => {
    const a = await createPlayer(t.app);
    const b = await createPlayer(t.app);
    const s = await open(a);
    const res = await submit(b, s, 10);
    expect(res.status).toBe(404);
    const cs = await call<CoinScore>(t.app, 'get_user_coin_score', {}, { token: b.token });
    expect(cs.body.data.coins).toBe(10);
    // the owner can still submit it
    expect((await submit(a, s, 10)).status).toBe(200);
  });

  it('refuses malformed answers and session ids', async () => {
    const p = await createPlayer(t.app);
    const s = await open(p);
    for (const answers of [
      'not json',
      '{"a":1}',
      JSON.stringify([{ question_id: 'x', answer: 'a' }]),
      JSON.stringify(Array(300).fill({ question_id: 1, answer: 'a' })),
    ]) {
      const res = await call(t.app, 'submit_quiz_answers', { session_id: s.session_id, answers }, { token: p.token });
      expect(res.status, answers.slice(0, 20)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect(
      (await call(t.app, 'submit_quiz_answers', { session_id: 'abc', answers: '[]' }, { token: p.token })).body.field,
    ).toBe('session_id');
    expect(
      (await call(t.app, 'submit_quiz_answers', { session_id: randomUUID(), answers: '[]' }, { token: p.token }))
        .status,
    ).toBe(404);
  });

  it('refuses a session submitted long after its deadline', async () => {
    const p = await createPlayer(t.app);
    const s = await open(p);
    await t.db.run(sql`UPDATE play_sessions SET deadline = now() - interval '1 hour' WHERE id = ${s.session_id}::uuid`);
    const res = await submit(p, s, 10);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('session_expired');
  });
});

describe('client-stated amounts are ignored', () => {
  it('set_user_coin_score, set_level_data and set_users_statistics change nothing', async () => {
    const p = await createPlayer(t.app);
    const coins = await call<CoinScore>(
      t.app,
      'set_user_coin_score',
      { coins: 100000, score: 999999, type: 'x', title: 'cheat' },
      { token: p.token },
    );
    expect(coins.status).toBe(200);
    expect(coins.body.data).toEqual({ coins: 10, score: 0 });
    const lvl = await call<LevelData>(
      t.app,
      'set_level_data',
      { category: CAT, subcategory: SUB, level: 5 },
      { token: p.token },
    );
    expect(lvl.body.data.level).toBe(1);
    expect(
      (await call(t.app, 'get_questions_by_level', { category: CAT, subcategory: SUB, level: 5 }, { token: p.token }))
        .body.code,
    ).toBe('level_locked');
    const stats = await call<UserStatistics>(
      t.app,
      'set_users_statistics',
      { questions_answered: 500, correct_answers: 500, ratio: 100 },
      { token: p.token },
    );
    expect(stats.body.data.questions_answered).toBe(0);
    await balanceMatchesLedger(p.user.id);
  });

  it('keeps statistics from graded sessions', async () => {
    const p = await createPlayer(t.app);
    await submit(p, await open(p), 7);
    const stats = await call<UserStatistics>(t.app, 'get_users_statistics', {}, { token: p.token });
    expect(stats.body.data).toMatchObject({
      questions_answered: 10,
      correct_answers: 7,
      ratio: 70,
      quizzes_played: 1,
      best_category: CAT,
      weak_category: '',
      weak_category_name: '',
    });
    // Named in the content language asked for.
    const names = await t.db.rows<{ language_id: number; name: string }>(
      sql`SELECT language_id, name FROM categories WHERE slug = ${CAT} AND type = 1 ORDER BY language_id`,
    );
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const n of names) {
      const r = await call<UserStatistics>(
        t.app,
        'get_users_statistics',
        { language_id: n.language_id },
        { token: p.token },
      );
      expect(r.body.data.best_category_name).toBe(n.name);
    }
    expect((await call(t.app, 'get_users_statistics', { language_id: 'x' }, { token: p.token })).status).toBe(400);
  });
});

describe('settings read inside a transaction', () => {
  it('opens a level with a cold settings cache (PGlite has one connection: no self-deadlock)', async () => {
    const p = await createPlayer(t.app);
    // An admin skips the maintenance check, so nothing warms the cache before the transaction.
    await t.db.run(sql`UPDATE users SET role = 'admin' WHERE id = ${p.user.id}`);
    await t.app.services.settings.put('pages', {});
    const res = await call<PlaySession>(
      t.app,
      'get_questions_by_level',
      { category: CAT, subcategory: SUB, level: 1 },
      { token: p.token },
    );
    expect(res.status).toBe(200);
  }, 15_000);
});
