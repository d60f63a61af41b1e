import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bookmark,
  Category,
  Comprehension,
  DailyQuizStatus,
  HintResult,
  LevelData,
  LifelineResult,
  PlaySession,
  PlayedCategories,
  QuizResult,
  Subcategory,
  UserStatistics,
} from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { finishAnswers, unsealed } from '../test-support/answer-key';
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

async function ok<T>(p: Player, action: string, fields: Record<string, unknown>, key?: string): Promise<T> {
  const res = await call<T>(t.app, action, fields, { token: p.token, ...(key ? { idempotencyKey: key } : {}) });
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
  const data = res.body.data as T & Partial<PlaySession>;
  if (!data.sealed || !data.questions) return data;
  // An online session ships no key; the test reads the server's, to answer right or wrong on purpose.
  expect(data.questions.some((q) => 'answer' in q || 'explanation' in q)).toBe(false);
  return (await unsealed(t.db, data as PlaySession)) as T;
}

async function fails(p: Player | null, action: string, fields: Record<string, unknown>, status: number, code: string) {
  const res = await call(t.app, action, fields, p ? { token: p.token } : {});
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.code).toBe(code);
  return res.body;
}

function wrong(q: PlaySession['questions'][number]): string {
  if (q.question_type === 'word') return 'ZZZZ';
  if (q.question_type === 'sequence') return [...q.answer!.split(',')].reverse().join(',');
  if (q.question_type === 'match')
    return q.options.map((o, i) => `${o.id}:${q.match_options[(i + 1) % q.match_options.length]!.id}`).join(',');
  return q.options.find((o) => o.id !== q.answer)!.id;
}

/** Finishes a session with the answers given, posted after a human time per question. */
async function submit(p: Player, s: PlaySession, answers: (string | null)[] | 'all' | 'none', key?: string) {
  const list = await finishAnswers(t.db, s, (q, i) =>
    answers === 'all' ? q.answer : answers === 'none' ? wrong(q) : (answers[i] ?? null),
  );
  return ok<QuizResult>(p, 'submit_quiz_answers', { session_id: s.session_id, answers: list }, key);
}

async function coins(userId: number) {
  const r = await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum FROM users u WHERE u.id = ${userId}`);
  expect(r!.coins, 'balance equals the sum of the ledger').toBe(r!.sum);
  expect(r!.coins).toBeGreaterThanOrEqual(0);
  return r!.coins;
}

async function credit(p: Player, n: number) {
  await moveCoins(t.db, { userId: p.user.id, delta: n, reason: 'test', opId: randomUUID() });
}

async function subId(type: number, category: string) {
  const subs = await call<Subcategory[]>(t.app, 'get_subcategory_by_maincategory', {
    type,
    category_slug: category,
    language_id: 1,
  });
  expect(subs.status, JSON.stringify(subs.body)).toBe(200);
  return subs.body.data[0]!.id;
}

describe('multi-match', () => {
  it('grades multi select, sequence and match by their canonical forms and unlocks the next level', async () => {
    const p = await createPlayer(t.app);
    const data = await ok<LevelData>(p, 'get_multi_match_level_data', {
      category_slug: 'mm-test',
      subcategory_slug: 'mm-sub',
    });
    expect(data.levels.map((l) => l.status)).toEqual(['unlocked', 'locked']);
    await fails(
      p,
      'get_multi_match_questions_by_level',
      { category: 'mm-test', subcategory: 'mm-sub', level: 2 },
      403,
      'level_locked',
    );
    const s = await ok<PlaySession>(p, 'get_multi_match_questions_by_level', {
      category: 'mm-test',
      subcategory: 'mm-sub',
      level: 1,
    });
    expect(s.mode).toBe('multi_match');
    expect(new Set(s.questions.map((q) => q.question_type))).toEqual(new Set(['multi_select', 'sequence', 'match']));
    const seq = s.questions.find((q) => q.question_type === 'sequence')!;
    expect(seq.options.map((o) => o.id).join(',')).not.toBe(seq.answer);
    // Equivalent forms: selections and pairs in any order, with spaces.
    const given = s.questions.map((q) =>
      q.question_type === 'multi_select' ? 'c, a' : q.question_type === 'match' ? 'c:3,b:2 , a:1' : q.answer!,
    );
    const before = await coins(p.user.id);
    const r = await submit(p, s, given);
    expect(r).toMatchObject({ correct: 3, total: 3, coins: 10, passed: true, next_level_unlocked: true, max_level: 2 });
    expect(await coins(p.user.id)).toBe(before + 10);
    const after = await ok<LevelData>(p, 'set_multi_match_level_data', {
      category: 'mm-test',
      subcategory: 'mm-sub',
      level: 2,
    });
    expect(after.levels.map((l) => l.status)).toEqual(['cleared', 'unlocked']);
  });

  it('counts a sequence in the wrong order and a match with a pair twice as wrong', async () => {
    const p = await createPlayer(t.app);
    const s = await ok<PlaySession>(p, 'get_multi_match_questions_by_level', {
      category: 'mm-test',
      subcategory: 'mm-sub',
      level: 1,
    });
    const r = await submit(
      p,
      s,
      s.questions.map((q) =>
        q.question_type === 'sequence'
          ? q.answer!.split(',').reverse().join(',')
          : q.question_type === 'match'
            ? 'a:1,a:2,c:3'
            : 'a,b,c',
      ),
    );
    expect(r.correct).toBe(0);
    expect(r.coins).toBe(0);
  });

  it('reports a multi-match question with a reason only', async () => {
    const p = await createPlayer(t.app);
    const s = await ok<PlaySession>(p, 'get_multi_match_questions_by_level', {
      category: 'mm-test',
      subcategory: 'mm-sub',
      level: 1,
    });
    const body = await fails(
      p,
      'multi_match_report_question',
      { question_id: s.questions[0]!.id, message: ' ' },
      400,
      'invalid_input',
    );
    expect(body.field).toBe('message');
    expect(body.message).toMatch(/a reason is required when reporting a question/);
    await ok(p, 'multi_match_report_question', { question_id: s.questions[0]!.id, message: 'The options are odd' });
  });
});

describe('guess the word', () => {
  it('sells hints letter by letter up to the limit, grades loose spellings and reports what was spent', async () => {
    const p = await createPlayer(t.app);
    await credit(p, 20);
    const s = await ok<PlaySession>(p, 'get_guess_the_word', {
      type: 'subcategory',
      type_id: await subId(3, 'gw-test'),
    });
    expect(s).toMatchObject({
      mode: 'guess_the_word',
      level: 1,
      max_level: 2,
      hint_cost: 5,
      max_hints: 3,
      seconds_per_question: 60,
    });
    const ny = s.questions.find((q) => q.answer === 'NEWYORK')!;
    const start = await coins(p.user.id);
    const h1 = await ok<HintResult>(p, 'use_hint', { session_id: s.session_id, question_id: ny.id });
    const h2 = await ok<HintResult>(p, 'use_hint', { session_id: s.session_id, question_id: ny.id });
    expect([h1.letter, h1.position, h2.letter, h2.position]).toEqual(['N', 0, 'E', 1]);
    expect(h2.coins).toBe(start - 10);
    await ok<HintResult>(p, 'use_hint', { session_id: s.session_id, question_id: ny.id });
    await fails(p, 'use_hint', { session_id: s.session_id, question_id: ny.id }, 409, 'hint_limit');
    const other = s.questions.find((q) => q !== ny)!;
    // 30 − 15 = 15 left: one more hint, then not enough coins.
    await ok<HintResult>(p, 'use_hint', { session_id: s.session_id, question_id: other.id });
    await ok<HintResult>(p, 'use_hint', { session_id: s.session_id, question_id: other.id });
    await ok<HintResult>(p, 'use_hint', { session_id: s.session_id, question_id: other.id });
    expect(await coins(p.user.id)).toBe(0);
    const stranger = await createPlayer(t.app);
    await fails(stranger, 'use_hint', { session_id: s.session_id, question_id: ny.id }, 404, 'not_found');
    const r = await submit(
      p,
      s,
      s.questions.map((q) => (q === ny ? 'new york' : 'éléphant'.replace('é', 'e').replace('é', 'e'))),
    );
    expect(r).toMatchObject({ correct: 2, total: 2, coins_spent: 30, coins: 10 });
    expect(await coins(p.user.id)).toBe(10);
    // The next call opens the next round.
    const next = await ok<PlaySession>(p, 'get_guess_the_word', {
      type: 'category',
      type_id: (await t.db.one<{ id: number }>(sql`SELECT id FROM categories WHERE slug = 'gw-test'`))!.id,
    });
    expect(next.level).toBe(2);
  });

  it('refuses hints on a question of another mode', async () => {
    const p = await createPlayer(t.app);
    const s = await ok<PlaySession>(p, 'get_maths_questions', {
      type: 'subcategory',
      type_id: await subId(5, 'ma-test'),
    });
    await fails(
      p,
      'use_hint',
      { session_id: s.session_id, question_id: s.questions[0]!.id },
      409,
      'lifeline_not_allowed',
    );
  });
});

describe('fun and learn, audio and maths', () => {
  it('lists texts, plays one with its text and pays it once', async () => {
    const p = await createPlayer(t.app);
    const texts = await ok<Comprehension[]>(p, 'get_fun_n_learn', {
      type: 'subcategory',
      type_id: await subId(2, 'fnl-test'),
    });
    expect(texts.map((x) => [x.slug, x.no_of_que, x.played])).toEqual([
      ['text-one', 3, false],
      ['text-two', 2, false],
    ]);
    const s = await ok<PlaySession>(p, 'get_fun_n_learn_questions', { fun_n_learn_id: texts[0]!.id });
    expect(s.comprehension).toMatchObject({ title: 'Text one', detail: 'Para one.\n\nPara two.' });
    const r1 = await submit(p, s, 'all');
    expect(r1).toMatchObject({ correct: 3, coins: 5, score: 12, score_gain: 12 });
    const again = await ok<PlaySession>(p, 'get_fun_n_learn_questions', { fun_n_learn_id: texts[0]!.id });
    expect(await submit(p, again, 'all')).toMatchObject({ coins: 0, score_gain: 0 });
    const listed = await ok<Comprehension[]>(p, 'get_fun_n_learn', {
      type: 'category',
      type_id:
        s.questions.length &&
        (await t.db.one<{ id: number }>(sql`SELECT id FROM categories WHERE slug = 'fnl-test'`))!.id,
    });
    expect(listed[0]).toMatchObject({ played: true, best_score: 12 });
    await fails(p, 'get_fun_n_learn_questions', { fun_n_learn_id: 999999 }, 404, 'not_found');
  });

  it('ships audio and TeX with their questions and shows rounds open', async () => {
    const p = await createPlayer(t.app);
    const a = await ok<PlaySession>(p, 'get_audio_questions', {
      type: 'subcategory',
      type_id: await subId(4, 'au-test'),
      round: 1,
    });
    expect(a.questions[0]!.audio).toBe('/audio/demo/test.mp3');
    const m = await ok<PlaySession>(p, 'get_maths_questions', {
      type: 'subcategory',
      type_id: await subId(5, 'ma-test'),
    });
    expect(m.questions[0]).toMatchObject({ latex: true, question: 'Solve $x+1=2$' });
    const rounds = await ok<LevelData>(p, 'get_level_data', {
      type: 4,
      category_slug: 'au-test',
      subcategory_slug: 'au-sub',
    });
    expect(rounds.levels.map((l) => l.status)).toEqual(['unlocked', 'unlocked']);
    await fails(
      p,
      'get_audio_questions',
      { type: 'subcategory', type_id: await subId(4, 'au-test'), round: 9 },
      404,
      'not_found',
    );
    // A subcategory of another mode is not an audio subcategory.
    await fails(
      p,
      'get_audio_questions',
      { type: 'subcategory', type_id: await subId(5, 'ma-test') },
      404,
      'not_found',
    );
    await fails(p, 'get_audio_questions', { type: 'nope', type_id: 1 }, 400, 'invalid_input');
  });
});

describe('true and false', () => {
  it('draws true/false questions and pays only the first plays of a day', async () => {
    const p = await createPlayer(t.app);
    const paid: number[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await ok<PlaySession>(p, 'get_questions_by_type', { type: 2 });
      expect(s.questions.length).toBe(10);
      expect(s.questions.every((q) => q.question_type === 'true_false')).toBe(true);
      expect(s.lifelines).not.toContain('fifty_fifty');
      expect(s.rewards).toBe(i < 3);
      paid.push((await submit(p, s, 'all')).coins);
    }
    expect(paid).toEqual([5, 5, 5, 0]);
    await fails(p, 'get_questions_by_type', { type: 1 }, 400, 'invalid_input');
  });
});

describe('daily quiz', () => {
  it('resumes an open quiz, pays once, then says already played; status shows the day and streak', async () => {
    const p = await createPlayer(t.app);
    const zone = { timezone: 'Asia/Kolkata', gmt_format: '+05:30' };
    const first = await ok<DailyQuizStatus>(p, 'get_daily_quiz_status', zone);
    expect(first).toMatchObject({ played: false, streak: 0, result: null });
    const s = await ok<PlaySession>(p, 'get_daily_quiz', zone);
    expect(s.daily_date).toBe(first.date);
    const again = await ok<PlaySession>(p, 'get_daily_quiz', zone);
    expect(again.session_id).toBe(s.session_id);
    const r = await submit(p, s, 'all');
    expect(r.coins).toBe(10);
    await fails(p, 'get_daily_quiz', zone, 409, 'already_played');
    const status = await ok<DailyQuizStatus>(p, 'get_daily_quiz_status', zone);
    expect(status).toMatchObject({ played: true, streak: 1, result: { correct: r.correct, coins: 10 } });
    // Everyone gets the same questions in a language on a day.
    const q = await ok<PlaySession>(await createPlayer(t.app), 'get_daily_quiz', zone);
    expect(q.questions.map((x) => x.id).sort()).toEqual(s.questions.map((x) => x.id).sort());
  });

  it('cannot go back a day by moving across the date line', async () => {
    const p = await createPlayer(t.app);
    const ahead = await ok<PlaySession>(p, 'get_daily_quiz', { gmt_format: '+14:00' });
    await submit(p, ahead, 'all');
    const behind = await call(t.app, 'get_daily_quiz', { gmt_format: '-12:00' }, { token: p.token });
    // UTC−12 is always one or two days behind UTC+14.
    expect(behind.status).toBe(409);
    expect(behind.body.code).toBe('already_played');
  });

  it('refuses a made-up timezone or offset', async () => {
    const p = await createPlayer(t.app);
    const tz = await fails(p, 'get_daily_quiz', { timezone: 'Mars/Olympus' }, 400, 'invalid_input');
    expect(tz.field).toBe('timezone');
    await fails(p, 'get_daily_quiz', { gmt_format: '+15:00' }, 400, 'invalid_input');
    await fails(p, 'get_daily_quiz', { gmt_format: "'; DROP TABLE users; --" }, 400, 'invalid_input');
    await fails(p, 'get_daily_quiz_status', { timezone: 'x'.repeat(65) }, 400, 'invalid_input');
  });
});

describe('self challenge', () => {
  it('asks for questions and minutes, plays on one clock and pays nothing', async () => {
    const p = await createPlayer(t.app);
    await fails(
      p,
      'get_questions_for_self_challenge',
      { category_slug: 'science', minutes: 5 },
      400,
      'select_questions',
    );
    await fails(p, 'get_questions_for_self_challenge', { category_slug: 'science', limit: 5 }, 400, 'select_timer');
    await fails(
      p,
      'get_questions_for_self_challenge',
      { category_slug: 'science', limit: 51, minutes: 5 },
      400,
      'invalid_input',
    );
    await fails(
      p,
      'get_questions_for_self_challenge',
      { category_slug: 'premium-test', limit: 5, minutes: 5 },
      403,
      'premium_locked',
    );
    const s = await ok<PlaySession>(p, 'get_questions_for_self_challenge', {
      category_slug: 'science',
      limit: 7,
      minutes: 3,
    });
    expect(s).toMatchObject({ mode: 'self_challenge', seconds_per_question: 0, total_seconds: 180, rewards: false });
    expect(s.questions.length).toBe(7);
    expect(Date.parse(s.deadline) - Date.parse(s.started_at)).toBe(180_000);
    const before = await coins(p.user.id);
    const r = await submit(p, s, 'all');
    expect(r).toMatchObject({ correct: 7, coins: 0, score: 0, score_gain: 0 });
    expect(await coins(p.user.id)).toBe(before);
    const stats = await ok<UserStatistics>(p, 'get_users_statistics', {});
    expect(stats).toMatchObject({ questions_answered: 7, correct_answers: 7 });
  });
});

describe('lifelines', () => {
  async function quizZone(p: Player) {
    return ok<PlaySession>(p, 'get_questions_by_level', {
      category: 'science',
      subcategory: 'physics-and-chemistry',
      level: 1,
    });
  }
  const use = (p: Player, s: PlaySession, lifeline: string, i: number) =>
    call<LifelineResult>(
      t.app,
      'use_lifeline',
      { session_id: s.session_id, lifeline, question_id: s.questions[i]!.id },
      { token: p.token },
    );

  it('charges each once, keeps 50/50 and audience poll apart on a question, never skips the last', async () => {
    const p = await createPlayer(t.app);
    await credit(p, 40);
    const s = await quizZone(p);
    expect(s.lifelines).toEqual(['fifty_fifty', 'audience_poll', 'reset_timer', 'skip']);
    // 50/50 needs a multiple-choice question; the level mixes in true/false ones.
    const mcq = s.questions.flatMap((q, i) => (q.question_type === 'mcq' && i < s.questions.length - 1 ? [i] : []));
    const [m0, m1, m2, m3] = mcq as [number, number, number, number];
    const start = await coins(p.user.id);
    const q0 = s.questions[m0]!;
    const ff = await use(p, s, 'fifty_fifty', m0);
    expect(ff.status, JSON.stringify(ff.body)).toBe(200);
    expect(ff.body.data.removed).toHaveLength(Math.min(2, q0.options.length - 2));
    expect(ff.body.data.removed).not.toContain(q0.answer);
    expect(ff.body.data.coins).toBe(start - 10);
    expect((await use(p, s, 'audience_poll', m0)).body.code).toBe('lifeline_not_allowed');
    expect((await use(p, s, 'fifty_fifty', m1)).body.code).toBe('lifeline_used');
    const poll = await use(p, s, 'audience_poll', m1);
    const shares = poll.body.data.poll;
    expect(shares.reduce((a, b) => a + b.percent, 0)).toBe(100);
    expect(Math.max(...shares.map((x) => x.percent))).toBe(
      shares.find((x) => x.option_id === s.questions[m1]!.answer)!.percent,
    );
    expect((await use(p, s, 'skip', s.questions.length - 1)).body.code).toBe('lifeline_not_allowed');
    expect((await use(p, s, 'skip', m2)).status).toBe(200);
    const reset = await use(p, s, 'reset_timer', m3);
    expect(Date.parse(reset.body.data.deadline) - Date.parse(s.deadline)).toBe(30_000);
    expect(await coins(p.user.id)).toBe(start - 40);
    expect((await use(p, s, 'reset_timer', m3)).body.code).toBe('lifeline_used');
    const r = await submit(p, s, 'all');
    expect(r).toMatchObject({
      skipped: 1,
      total: s.questions.length - 1,
      correct: s.questions.length - 1,
      coins_spent: 40,
    });
    expect(r.review.find((x) => x.question_id === s.questions[m2]!.id)!.answer).toBeNull();
    expect((await use(p, s, 'skip', m3)).body.code).toBe('session_finished');
  });

  it('refuses without coins and writes nothing; a replayed key charges once', async () => {
    const p = await createPlayer(t.app);
    const s = await quizZone(p);
    const start = await coins(p.user.id);
    const key = randomUUID();
    const fields = { session_id: s.session_id, lifeline: 'skip', question_id: s.questions[0]!.id };
    const a = await call(t.app, 'use_lifeline', fields, { token: p.token, idempotencyKey: key });
    const b = await call(t.app, 'use_lifeline', fields, { token: p.token, idempotencyKey: key });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(await coins(p.user.id)).toBe(start - 10);
    expect(start - 10).toBe(0);
    expect((await use(p, s, 'audience_poll', 1)).body.code).toBe('not_enough_coins');
    const rows = await t.db.rows(sql`SELECT * FROM play_lifelines WHERE session_id = ${s.session_id}::uuid`);
    expect(rows).toHaveLength(1);
  });

  it("answers another player's session as missing and refuses lifelines where a mode has none", async () => {
    const p = await createPlayer(t.app);
    const s = await quizZone(p);
    const other = await createPlayer(t.app);
    expect((await use(other, s, 'skip', 0)).body.code).toBe('not_found');
    const tf = await ok<PlaySession>(p, 'get_questions_by_type', { type: 2 });
    expect((await use(p, tf, 'fifty_fifty', 0)).body.code).toBe('lifeline_not_allowed');
    const sc = await ok<PlaySession>(p, 'get_questions_for_self_challenge', {
      category_slug: 'science',
      limit: 3,
      minutes: 1,
    });
    expect((await use(p, sc, 'skip', 0)).body.code).toBe('lifeline_not_allowed');
    await fails(
      p,
      'use_lifeline',
      { session_id: s.session_id, lifeline: 'double_or_nothing', question_id: s.questions[0]!.id },
      400,
      'invalid_input',
    );
    await fails(
      p,
      'use_lifeline',
      { session_id: 'not-a-uuid', lifeline: 'skip', question_id: 1 },
      400,
      'invalid_input',
    );
    await fails(
      p,
      'use_lifeline',
      { session_id: s.session_id, lifeline: 'skip', question_id: 2147483647 },
      404,
      'not_found',
    );
  });
});

describe('premium categories', () => {
  it('stays locked until bought, costs its price once, and refuses when coins are short', async () => {
    const p = await createPlayer(t.app);
    const open = { category: 'premium-test', subcategory: 'pr-sub', level: 1 };
    await fails(p, 'get_questions_by_level', open, 403, 'premium_locked');
    await fails(p, 'unlock_premium_category', { category: 'premium-test' }, 409, 'not_enough_coins');
    expect(await t.db.rows(sql`SELECT 1 FROM premium_unlocks WHERE user_id = ${p.user.id}`)).toHaveLength(0);
    await credit(p, 25);
    const before = await coins(p.user.id);
    const u = await ok<{ paid: number; coins: number }>(p, 'unlock_premium_category', { category: 'premium-test' });
    expect(u).toMatchObject({ paid: 30, coins: before - 30 });
    expect((await ok<{ paid: number }>(p, 'unlock_premium_category', { category: 'premium-test' })).paid).toBe(0);
    expect(await coins(p.user.id)).toBe(before - 30);
    const cats = await ok<Category[]>(p, 'get_categories', { type: 1 });
    expect(cats.find((c) => c.slug === 'premium-test')).toMatchObject({
      is_premium: true,
      has_unlocked: true,
      coins: 30,
    });
    await ok<PlaySession>(p, 'get_questions_by_level', open);
    await fails(p, 'unlock_premium_category', { category: 'no-such-category' }, 404, 'not_found');
  });
});

describe('bookmarks and reports', () => {
  it("bookmarks, lists, plays without rewards and removes only the player's own", async () => {
    const p = await createPlayer(t.app);
    const other = await createPlayer(t.app);
    const s = await ok<PlaySession>(p, 'get_questions_by_level', {
      category: 'science',
      subcategory: 'physics-and-chemistry',
      level: 1,
    });
    const [a, b] = s.questions;
    await ok(p, 'set_bookmark', { question_id: a!.id, status: 1, type: 1 });
    await ok(p, 'set_bookmark', { question_id: b!.id, status: '1', type: 'hostile' });
    await ok(p, 'set_bookmark', { question_id: b!.id, status: 1 });
    // The level has 10 questions and serves them all: the other player has seen `a` too.
    await ok<PlaySession>(other, 'get_questions_by_level', {
      category: 'science',
      subcategory: 'physics-and-chemistry',
      level: 1,
    });
    await ok(other, 'set_bookmark', { question_id: a!.id, status: 1 });
    const list = await ok<Bookmark[]>(p, 'get_bookmark', { type: 1 });
    expect(list.map((x) => x.question_id).sort()).toEqual([a!.id, b!.id].sort());
    expect(list[0]!.question.bookmarked).toBe(true);
    expect(await ok<Bookmark[]>(p, 'get_bookmark', { type: 3 })).toEqual([]);
    const play = await ok<PlaySession>(p, 'get_bookmark_questions', {});
    expect(play).toMatchObject({ mode: 'bookmark', rewards: false });
    expect((await submit(p, play, 'all')).coins).toBe(0);
    await fails(other, 'set_bookmark', { question_id: b!.id, status: 0 }, 404, 'bookmark_remove_failed');
    await ok(other, 'set_bookmark', { question_id: a!.id, status: 0 });
    expect((await ok<Bookmark[]>(p, 'get_bookmark', {})).length).toBe(2);
    await fails(p, 'set_bookmark', { question_id: 2147483647, status: 1 }, 404, 'not_found');
    // A question never served to the player (here a premium one) cannot be bookmarked to read it.
    const premium = await t.db.one<{ id: number }>(sql`SELECT q.id FROM questions q JOIN categories c
      ON c.id = q.category_id WHERE c.slug = 'premium-test' LIMIT 1`);
    await fails(p, 'set_bookmark', { question_id: premium!.id, status: 1 }, 404, 'not_found');
    await fails(p, 'set_bookmark', { question_id: a!.id, status: 2 }, 400, 'invalid_input');
    await fails(p, 'set_bookmark', { status: 1 }, 400, 'invalid_input');
    await fails(other, 'get_bookmark_questions', {}, 404, 'not_found');
  });

  it('needs a reason, keeps one open report per player and question, refuses hostile text', async () => {
    const p = await createPlayer(t.app);
    const q = (await t.db.one<{ id: number }>(sql`SELECT id FROM questions ORDER BY id LIMIT 1`))!.id;
    const missing = await fails(p, 'report_question', { question_id: q }, 400, 'invalid_input');
    expect(missing.field).toBe('message');
    await fails(p, 'report_question', { question_id: q, message: 'x'.repeat(501) }, 400, 'invalid_input');
    await fails(p, 'report_question', { question_id: q, message: 'bad\u0000text' }, 400, 'invalid_input');
    await fails(p, 'report_question', { question_id: 'abc', message: 'Wrong answer' }, 400, 'invalid_input');
    await ok(p, 'report_question', { question_id: q, message: 'The answer is wrong' });
    await ok(p, 'report_question', { question_id: q, message: '<script>alert(1)</script> still wrong' });
    const rows = await t.db.rows<{ message: string }>(
      sql`SELECT message FROM question_reports WHERE user_id = ${p.user.id}`,
    );
    expect(rows).toEqual([{ message: '<script>alert(1)</script> still wrong' }]);
    await fails(null, 'report_question', { question_id: q, message: 'anonymous' }, 401, 'unauthorized');
  });
});

describe('stated amounts and played categories', () => {
  it('answers played categories from graded plays, whatever the client states', async () => {
    const p = await createPlayer(t.app);
    const none = await ok<PlayedCategories>(p, 'set_quiz_categories', {
      type: 3,
      category: 'gw-test',
      subcategory: 'gw-sub',
      type_id: 1,
    });
    expect(none.categories).toEqual([]);
    const s = await ok<PlaySession>(p, 'get_guess_the_word', {
      type: 'subcategory',
      type_id: await subId(3, 'gw-test'),
    });
    await submit(p, s, 'none');
    const played = await ok<PlayedCategories>(p, 'set_quiz_categories', { type: 3 });
    expect(played).toMatchObject({ categories: ['gw-test'], subcategories: ['gw-test/gw-sub'] });
  });

  it('refuses oversized and malformed answer lists without grading', async () => {
    const p = await createPlayer(t.app);
    const s = await ok<PlaySession>(p, 'get_questions_by_type', { type: 2 });
    const big = Array.from({ length: 201 }, (_, i) => ({ question_id: i + 1, answer: 'a' }));
    await fails(
      p,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: JSON.stringify(big) },
      400,
      'invalid_input',
    );
    await fails(
      p,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: JSON.stringify([{ question_id: 1, answer: 'x'.repeat(201) }]) },
      400,
      'invalid_input',
    );
    await fails(p, 'submit_quiz_answers', { session_id: s.session_id, answers: '{not json' }, 400, 'invalid_input');
    const row = await t.db.one<{ finished_at: string | null }>(
      sql`SELECT finished_at FROM play_sessions WHERE id = ${s.session_id}::uuid`,
    );
    expect(row!.finished_at).toBeNull();
  });
});
