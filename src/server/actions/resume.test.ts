import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerVerdict, HintResult, LifelineResult, PlaySession, QuizResult } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { elapse, unsealed, type Keyed } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { seedSoloFixture } from '../test-support/solo-fixture';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Issue 22 §15: a reload mid-quiz hands back the same session, as the server recorded it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedSoloFixture(t.db);
});
afterAll(() => t.close());

const LEVEL = { category: 'science', subcategory: 'physics-and-chemistry', level: 1 };

async function open(p: Player, action: string, fields: Record<string, unknown>): Promise<PlaySession> {
  const res = await call<PlaySession>(t.app, action, fields, { token: p.token });
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
  // Never a key of a question not answered yet, resumed or not.
  expect(res.body.data.questions.some((q) => 'answer' in q || 'explanation' in q)).toBe(false);
  return res.body.data;
}

const openLevel = (p: Player, resume?: 0 | 1) =>
  open(p, 'get_questions_by_level', resume === undefined ? LEVEL : { ...LEVEL, resume });

async function answer(p: Player, s: PlaySession, q: Keyed, given: string): Promise<AnswerVerdict> {
  // A reader's pace: the clock moves on rather than the test waiting.
  await elapse(t.db, s.session_id, 3000);
  const v = await call<AnswerVerdict>(
    t.app,
    'submit_answer',
    { session_id: s.session_id, question_id: q.id, answer: given },
    { token: p.token },
  );
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  return v.body.data;
}

const lifeline = (p: Player, s: PlaySession, name: string, questionId: number) =>
  call<LifelineResult>(
    t.app,
    'use_lifeline',
    { session_id: s.session_id, lifeline: name, question_id: questionId },
    { token: p.token },
  );

const wrong = (q: Keyed) => q.options.find((o) => o.id !== q.answer)!.id;

async function coins(userId: number) {
  const r = await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum FROM users u WHERE u.id = ${userId}`);
  expect(r!.coins, 'balance equals the sum of the ledger').toBe(r!.sum);
  return r!.coins;
}

async function credit(p: Player, n: number) {
  await moveCoins(t.db, { userId: p.user.id, delta: n, reason: 'test', opId: randomUUID() });
}

/** A session two answers in (right, then wrong), with the audience poll used on its third question. */
async function midQuiz(p: Player) {
  const s = await unsealed(t.db, await openLevel(p, 1));
  const [q0, q1, q2] = s.questions as [Keyed, Keyed, Keyed];
  const verdicts = [await answer(p, s, q0, q0.answer), await answer(p, s, q1, wrong(q1))];
  const poll = await lifeline(p, s, 'audience_poll', q2.id);
  expect(poll.status, JSON.stringify(poll.body)).toBe(200);
  return { s, verdicts, poll: poll.body.data };
}

describe('resuming a quiz-zone level', () => {
  it('hands back the same questions in order, the verdicts given and the lifelines used, at no charge', async () => {
    const p = await createPlayer(t.app);
    await credit(p, 30);
    const { s, verdicts, poll } = await midQuiz(p);
    const before = await coins(p.user.id);
    const r = await openLevel(p, 1);
    expect(r.session_id).toBe(s.session_id);
    expect(r.questions.map((q) => q.id)).toEqual(s.questions.map((q) => q.id));
    const [q0, q1, q2] = s.questions;
    expect(r.resumed!.answers).toEqual([
      {
        question_id: q0!.id,
        answer: q0!.answer,
        is_correct: true,
        correct_answer: q0!.answer,
        explanation: verdicts[0]!.explanation,
      },
      {
        question_id: q1!.id,
        answer: wrong(q1!),
        is_correct: false,
        correct_answer: q1!.answer,
        explanation: verdicts[1]!.explanation,
      },
    ]);
    expect(r.resumed!.lifelines).toEqual([
      { lifeline: 'audience_poll', question_id: q2!.id, removed: [], poll: poll.poll },
    ]);
    expect(await coins(p.user.id)).toBe(before);
    // Resumed twice: the same again, still nothing charged.
    const again = await openLevel(p, 1);
    expect(again.session_id).toBe(s.session_id);
    expect(again.resumed!.lifelines).toEqual(r.resumed!.lifelines);
    // The lifeline already used is not sold twice.
    expect((await lifeline(p, s, 'audience_poll', q2!.id)).body.code).toBe('lifeline_used');
    expect(await coins(p.user.id)).toBe(before);
  });

  it('keeps what 50/50 hid, and counts the time the open question has had on the server', async () => {
    const p = await createPlayer(t.app);
    await credit(p, 30);
    const s = await unsealed(t.db, await openLevel(p, 1));
    const at = s.questions.findIndex((q, i) => q.question_type === 'mcq' && i < s.questions.length - 1);
    const q = s.questions[at]!;
    const ff = await lifeline(p, s, 'fifty_fifty', q.id);
    expect(ff.status, JSON.stringify(ff.body)).toBe(200);
    // 7 s since the start (the lifeline does not restart the question's clock).
    await elapse(t.db, s.session_id, 7000);
    const r = await openLevel(p, 1);
    expect(r.resumed!.lifelines).toEqual([
      { lifeline: 'fifty_fifty', question_id: q.id, removed: ff.body.data.removed, poll: [] },
    ]);
    expect(r.resumed!.spent_ms).toBeGreaterThanOrEqual(7000);
    expect(r.resumed!.spent_ms).toBeLessThan(12_000);
  });

  it('pays a resumed session once, however often it is resumed and finished', async () => {
    const p = await createPlayer(t.app);
    await credit(p, 10);
    const { s } = await midQuiz(p);
    const spent = await coins(p.user.id);
    await openLevel(p, 1);
    const qs: Keyed[] = s.questions;
    for (const q of qs.slice(2)) await answer(p, s, q, q.answer);
    await openLevel(p, 1);
    const answers = JSON.stringify(qs.map((q, i) => ({ question_id: q.id, answer: i === 1 ? wrong(q) : q.answer })));
    const finish = () =>
      call<QuizResult>(t.app, 'submit_quiz_answers', { session_id: s.session_id, answers }, { token: p.token });
    const first = await finish();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ correct: s.questions.length - 1, incorrect: 1, coins_spent: 10 });
    const paid = await coins(p.user.id);
    expect(paid).toBe(spent + first.body.data.coins);
    const second = await finish();
    expect(second.body.data.coins).toBe(first.body.data.coins);
    expect(await coins(p.user.id)).toBe(paid);
    const rows = await t.db.rows(
      sql`SELECT 1 FROM coin_ledger WHERE user_id = ${p.user.id} AND reason = 'lifeline' AND ref = ${s.session_id}`,
    );
    expect(rows).toHaveLength(1);
  });

  it('does not resume a finished or an expired session: a new one starts, as without the flag', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p, 1));
    const answers = JSON.stringify(s.questions.map((q) => ({ question_id: q.id, answer: q.answer })));
    await elapse(t.db, s.session_id, 3000 * s.questions.length);
    const done = await call(t.app, 'submit_quiz_answers', { session_id: s.session_id, answers }, { token: p.token });
    expect(done.status).toBe(200);
    const next = await openLevel(p, 1);
    expect(next.session_id).not.toBe(s.session_id);
    expect(next.resumed).toBeUndefined();
    await t.db.run(sql`UPDATE play_sessions SET deadline = now() - interval '1 second'
      WHERE id = ${next.session_id}::uuid`);
    const fresh = await openLevel(p, 1);
    expect(fresh.session_id).not.toBe(next.session_id);
    expect(fresh.resumed).toBeUndefined();
    // Without the flag, a new session every time (the spec's clients).
    expect((await openLevel(p)).session_id).not.toBe(fresh.session_id);
  });

  it("never hands back another player's session", async () => {
    const owner = await createPlayer(t.app);
    await credit(owner, 10);
    const { s } = await midQuiz(owner);
    const other = await createPlayer(t.app);
    const theirs = await openLevel(other, 1);
    expect(theirs.session_id).not.toBe(s.session_id);
    expect(theirs.resumed).toBeUndefined();
    // Nor another language's play of the same level: a new one (or none, where it has no such level).
    const ar = await call<PlaySession>(
      t.app,
      'get_questions_by_level',
      { ...LEVEL, language_id: 2, resume: 1 },
      { token: owner.token },
    );
    expect([200, 404]).toContain(ar.status);
    if (ar.status === 200) expect(ar.body.data.session_id).not.toBe(s.session_id);
  });

  it('refuses a resume flag that is not 0 or 1, and the rest of a bad call as before', async () => {
    const p = await createPlayer(t.app);
    for (const resume of ['maybe', '2', '<script>alert(1)</script>', 'x'.repeat(5000)]) {
      const res = await call(t.app, 'get_questions_by_level', { ...LEVEL, resume }, { token: p.token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: true, code: 'invalid_input' });
    }
    const missing = await call(t.app, 'get_questions_by_level', { level: 1, resume: 1 }, { token: p.token });
    expect(missing.status).toBe(400);
    const anonymous = await call(t.app, 'get_questions_by_level', { ...LEVEL, resume: 1 });
    expect(anonymous.status).toBe(401);
    const bad = await call(
      t.app,
      'get_fun_n_learn_questions',
      { fun_n_learn_id: 1, resume: 'yes' },
      { token: p.token },
    );
    expect(bad.body.code).toBe('invalid_input');
  });
});

describe('resuming the other paying modes', () => {
  it('guess the word: the letters bought come back, and are not sold again', async () => {
    const p = await createPlayer(t.app);
    await credit(p, 20);
    const sub = await t.db.one<{ id: number }>(sql`SELECT s.id FROM subcategories s
      JOIN categories c ON c.id = s.category_id WHERE c.slug = 'gw-test' ORDER BY s.sort, s.id LIMIT 1`);
    const fields = { type: 'subcategory', type_id: sub!.id, round: 1, resume: 1 };
    const s = await unsealed(t.db, await open(p, 'get_guess_the_word', fields));
    const ny = s.questions.find((q) => q.answer === 'NEWYORK')!;
    const hint = () =>
      call<HintResult>(t.app, 'use_hint', { session_id: s.session_id, question_id: ny.id }, { token: p.token });
    expect((await hint()).status).toBe(200);
    expect((await hint()).status).toBe(200);
    const spent = await coins(p.user.id);
    const r = await open(p, 'get_guess_the_word', fields);
    expect(r.session_id).toBe(s.session_id);
    expect(r.resumed!.hints).toEqual([
      { question_id: ny.id, position: 0, letter: 'N' },
      { question_id: ny.id, position: 1, letter: 'E' },
    ]);
    expect(await coins(p.user.id)).toBe(spent);
    // The next hint is the third letter, not the first again.
    expect((await hint()).body.data).toMatchObject({ position: 2, letter: 'W' });
  });

  it('true/false and fun and learn resume their own open play', async () => {
    const p = await createPlayer(t.app);
    const tf = await unsealed(t.db, await open(p, 'get_questions_by_type', { type: 2, resume: 1 }));
    await answer(p, tf, tf.questions[0]!, tf.questions[0]!.answer);
    const tf2 = await open(p, 'get_questions_by_type', { type: 2, resume: 1 });
    expect(tf2.session_id).toBe(tf.session_id);
    expect(tf2.resumed!.answers.map((a) => a.question_id)).toEqual([tf.questions[0]!.id]);
    const text = await t.db.one<{ id: number }>(sql`SELECT t.id FROM comprehensions t
      WHERE EXISTS (SELECT 1 FROM questions q WHERE q.comprehension_id = t.id AND q.status = 1) ORDER BY t.id LIMIT 1`);
    const fnl = await open(p, 'get_fun_n_learn_questions', { fun_n_learn_id: text!.id, resume: 1 });
    const fnl2 = await open(p, 'get_fun_n_learn_questions', { fun_n_learn_id: text!.id, resume: 1 });
    expect(fnl2.session_id).toBe(fnl.session_id);
    expect(fnl2.comprehension?.id).toBe(text!.id);
    expect(fnl2.resumed!.answers).toEqual([]);
  });

  it('the daily quiz, which always resumes, says what was answered', async () => {
    const p = await createPlayer(t.app);
    const zone = { timezone: 'Europe/Paris', gmt_format: '+01:00' };
    const s = await unsealed(t.db, await open(p, 'get_daily_quiz', zone));
    const q = s.questions[0]!;
    const v = await answer(p, s, q, q.answer);
    const again = await open(p, 'get_daily_quiz', zone);
    expect(again.session_id).toBe(s.session_id);
    expect(again.resumed!.answers).toEqual([
      {
        question_id: q.id,
        answer: q.answer,
        is_correct: true,
        correct_answer: v.correct_answer,
        explanation: v.explanation,
      },
    ]);
  });
});
