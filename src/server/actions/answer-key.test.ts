import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerVerdict, PlaySession, QuizResult } from '../../core/contract';
import { sql } from '../db/client';
import { elapse, pinNow, playThrough, sessionKey, unsealed } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { seedSoloFixture } from '../test-support/solo-fixture';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { forgetSessionKeysHere, keptSessionKey } from '../domain/play/session-keys';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedSoloFixture(t.db);
});
afterAll(() => t.close());

const LEVEL = { category: 'sports', subcategory: 'football-and-ball-games', language_id: 1 };

async function openLevel(p: Player, level = 1): Promise<PlaySession> {
  const res = await call<PlaySession>(t.app, 'get_questions_by_level', { ...LEVEL, level }, { token: p.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

function answer(p: Player, fields: Record<string, unknown>, key?: string) {
  return call<AnswerVerdict>(t.app, 'submit_answer', fields, {
    token: p.token,
    ...(key ? { idempotencyKey: key } : {}),
  });
}

async function coins(userId: number) {
  return (await t.db.one<{ coins: number }>(sql`SELECT coins FROM users WHERE id = ${userId}`))!.coins;
}

async function fastEvents(userId: number) {
  return (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM trust_events
    WHERE user_id = ${userId} AND kind = 'fast_answer'`))!.n;
}

/** Every key that could give an answer away, anywhere in a reply. */
function keysIn(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysIn(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysIn(x, out);
    }
  return out;
}

describe('the script attack on a quiz-zone level', () => {
  it('opens a level without any answer or explanation in the reply', async () => {
    const p = await createPlayer(t.app);
    const s = await openLevel(p);
    expect(s.sealed).toBe(true);
    const keys = keysIn(s);
    for (const k of ['answer', 'explanation', 'correct_answer']) expect(keys.has(k), k).toBe(false);
  });

  it('pays nothing for a level answered right at machine speed, and records each fast answer', async () => {
    const p = await createPlayer(t.app);
    const before = await coins(p.user.id);
    const s = await openLevel(p);
    // The attacker learnt the key elsewhere; every answer arrives at once, under 300 ms each.
    const { verdicts, finish } = await playThrough(t.app, p.token, s, (q) => q.answer, { ms: 0 });
    expect(verdicts.every((v) => v.is_correct)).toBe(true);
    expect(finish.status).toBe(200);
    expect(finish.body.data).toMatchObject({ coins: 0, correct: 0, score_gain: 0, first_clear: false });
    expect(await coins(p.user.id)).toBe(before);
    expect(await fastEvents(p.user.id)).toBe(s.questions.length);
  });

  it('pays nothing for answers posted all at once at finish right after opening', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    const before = await coins(p.user.id);
    await pinNow(t.db, s.session_id);
    const all = s.questions.map((q) => ({ question_id: q.id, answer: q.answer }));
    const r = await call<QuizResult>(
      t.app,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: JSON.stringify(all) },
      { token: p.token },
    );
    expect(r.status).toBe(200);
    // They share the few milliseconds since the session opened: all under the floor.
    expect(r.body.data).toMatchObject({ correct: 0, coins: 0 });
    expect(await coins(p.user.id)).toBe(before);
    expect(await fastEvents(p.user.id)).toBe(s.questions.length);
  });

  it('pays answers posted at finish when the session lasted a human time for each', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    await elapse(t.db, s.session_id, 400 * s.questions.length);
    const all = s.questions.map((q) => ({ question_id: q.id, answer: q.answer }));
    const r = await call<QuizResult>(
      t.app,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: JSON.stringify(all) },
      { token: p.token },
    );
    expect(r.body.data.correct).toBe(s.questions.length);
    expect(r.body.data.coins).toBeGreaterThan(0);
  });
});

describe('honest play through per-question verdicts', () => {
  it('answers each question with its own key only, and pays the first clear as before', async () => {
    const p = await createPlayer(t.app);
    const before = await coins(p.user.id);
    const s = await openLevel(p);
    const key = await sessionKey(t.db, s.session_id);
    const { verdicts, finish } = await playThrough(t.app, p.token, s, (q) => q.answer);
    for (const v of verdicts) {
      expect(v).toMatchObject({ is_correct: true, correct_answer: key[v.question_id] });
      expect(typeof v.explanation).toBe('string');
      // No other question's key rides along.
      const others = Object.entries(key).filter(([id]) => Number(id) !== v.question_id);
      expect(JSON.stringify(v)).not.toContain(`"question_id":${others[0]![0]}`);
    }
    expect(verdicts.map((v) => v.answered)).toEqual(s.questions.map((_, i) => i + 1));
    expect(finish.status).toBe(200);
    const r = finish.body.data;
    expect(r).toMatchObject({ correct: r.total, first_clear: true });
    expect(r.coins).toBeGreaterThan(0);
    expect(await coins(p.user.id)).toBe(before + r.coins);
    expect(await fastEvents(p.user.id)).toBe(0);
    // The review, once finished, shows every answer and explanation.
    expect(r.review.map((x) => x.correct_answer)).toEqual(s.questions.map((q) => key[q.id]));
    expect(r.review.every((x) => typeof x.explanation === 'string')).toBe(true);
  });

  it('tells a wrong answer with the correct one, and a time out (no answer) as unanswered', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    const q = s.questions[0]!;
    await elapse(t.db, s.session_id, 3000);
    const wrong = q.options.find((o) => o.id !== q.answer)!.id;
    const v = await answer(p, { session_id: s.session_id, question_id: q.id, answer: wrong });
    expect(v.body.data).toMatchObject({ answer: wrong, is_correct: false, correct_answer: q.answer });
    const q2 = s.questions[1]!;
    const timeout = await answer(p, { session_id: s.session_id, question_id: q2.id });
    expect(timeout.body.data).toMatchObject({ answer: null, is_correct: false, correct_answer: q2.answer });
    // A time out is no fast answer: there is nothing to pay.
    expect(await fastEvents(p.user.id)).toBe(0);
  });

  it('keeps the stored answers when the finish call states other ones', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    const wrongOf = (q: (typeof s.questions)[number]) => q.options.find((o) => o.id !== q.answer)!.id;
    for (const q of s.questions) {
      await elapse(t.db, s.session_id, 2000);
      await answer(p, { session_id: s.session_id, question_id: q.id, answer: wrongOf(q) });
    }
    const stated = s.questions.map((q) => ({ question_id: q.id, answer: q.answer }));
    const r = await call<QuizResult>(
      t.app,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: JSON.stringify(stated), correct: 10, coins: 100 },
      { token: p.token },
    );
    expect(r.body.data).toMatchObject({ correct: 0, coins: 0 });
  });
});

describe('one answer per question', () => {
  it('answers a replay with the same op id or the same answer alike, and changes nothing', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    const q = s.questions[0]!;
    await elapse(t.db, s.session_id, 2000);
    const op = randomUUID();
    const fields = { session_id: s.session_id, question_id: q.id, answer: q.answer };
    const first = await answer(p, fields, op);
    const again = await answer(p, fields, op);
    const plain = await answer(p, fields);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(plain.body.data).toMatchObject({ is_correct: true, answered: 1 });
    const rows = await t.db.rows(sql`SELECT 1 FROM play_answers WHERE session_id = ${s.session_id}::uuid`);
    expect(rows).toHaveLength(1);
  });

  it('keeps no reply for its op id: a repeat after later answers gets its verdict again, another answer under it 409', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    const [q1, q2] = [s.questions[0]!, s.questions[1]!];
    await elapse(t.db, s.session_id, 2000);
    const op = `${s.session_id}-q${q1.id}`;
    const fields = { session_id: s.session_id, question_id: q1.id, answer: q1.answer };
    const first = await answer(p, fields, op);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    await elapse(t.db, s.session_id, 2000);
    await answer(p, { session_id: s.session_id, question_id: q2.id, answer: q2.answer }, `${s.session_id}-q${q2.id}`);
    const again = await answer(p, fields, op);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const { answered: _a, ...verdict } = first.body.data;
    expect(again.body.data).toMatchObject(verdict);
    const wrong = q1.options.find((o) => o.id !== q1.answer)!.id;
    const other = await answer(p, { ...fields, answer: wrong }, op);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('already_answered');
    const bad = await answer(p, fields, 'no spaces allowed');
    expect(bad.status).toBe(400);
    const kept = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM idempotency_keys
      WHERE user_id = ${p.user.id} AND action = 'submit_answer'`);
    expect(kept!.n).toBe(0);
    const rows = await t.db.rows<{ answer: string }>(sql`SELECT answer FROM play_answers
      WHERE session_id = ${s.session_id}::uuid ORDER BY answered_at`);
    expect(rows.map((r) => r.answer)).toEqual([q1.answer, q2.answer]);
  });

  it('refuses a second, different answer to a question (409) and keeps the first', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    const q = s.questions[0]!;
    await elapse(t.db, s.session_id, 2000);
    const wrong = q.options.find((o) => o.id !== q.answer)!.id;
    await answer(p, { session_id: s.session_id, question_id: q.id, answer: wrong });
    const second = await answer(p, { session_id: s.session_id, question_id: q.id, answer: q.answer });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('already_answered');
    const row = await t.db.one<{ answer: string; is_correct: boolean }>(sql`SELECT answer, is_correct
      FROM play_answers WHERE session_id = ${s.session_id}::uuid AND question_id = ${q.id}`);
    expect(row).toEqual({ answer: wrong, is_correct: false });
  });
});

describe('refusals', () => {
  it("refuses another player's session as not found, and a question of another session", async () => {
    const owner = await createPlayer(t.app);
    const other = await createPlayer(t.app);
    const s = await openLevel(owner);
    const q = s.questions[0]!;
    const res = await answer(other, { session_id: s.session_id, question_id: q.id, answer: 'a' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const mine = await openLevel(other, 1);
    const foreign = s.questions.find((x) => !mine.questions.some((m) => m.id === x.id));
    if (foreign) {
      const r2 = await answer(other, { session_id: mine.session_id, question_id: foreign.id, answer: 'a' });
      expect(r2.status).toBe(404);
    }
    expect(await t.db.rows(sql`SELECT 1 FROM play_answers WHERE session_id = ${s.session_id}::uuid`)).toHaveLength(0);
  });

  it('refuses bad, missing, oversized and hostile fields with 400', async () => {
    const p = await createPlayer(t.app);
    const s = await openLevel(p);
    const q = s.questions[0]!;
    const cases: Record<string, unknown>[] = [
      {},
      { question_id: q.id, answer: 'a' },
      { session_id: s.session_id, answer: 'a' },
      { session_id: 'not-a-uuid', question_id: q.id, answer: 'a' },
      { session_id: `${s.session_id}' OR 1=1 --`, question_id: q.id, answer: 'a' },
      { session_id: s.session_id, question_id: 'abc', answer: 'a' },
      { session_id: s.session_id, question_id: -1, answer: 'a' },
      { session_id: s.session_id, question_id: q.id, answer: 'x'.repeat(201) },
      { session_id: s.session_id, question_id: q.id, answer: 'a', elapsed_ms: -5 },
      { session_id: s.session_id, question_id: q.id, answer: 'a', elapsed_ms: '1e9' },
    ];
    for (const c of cases) {
      const res = await answer(p, c);
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    const anon = await call(t.app, 'submit_answer', { session_id: s.session_id, question_id: q.id, answer: 'a' });
    expect(anon.status).toBe(401);
    expect(await t.db.rows(sql`SELECT 1 FROM play_answers WHERE session_id = ${s.session_id}::uuid`)).toHaveLength(0);
  });

  it('refuses answers to a finished session and to an expired one', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    await call(t.app, 'submit_quiz_answers', { session_id: s.session_id, answers: '[]' }, { token: p.token });
    const q = s.questions[0]!;
    const done = await answer(p, { session_id: s.session_id, question_id: q.id, answer: q.answer });
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('session_finished');
    const late = await unsealed(t.db, await openLevel(p));
    await elapse(t.db, late.session_id, 3_600_000);
    const r = await answer(p, { session_id: late.session_id, question_id: late.questions[0]!.id, answer: 'a' });
    expect(r.body.code).toBe('session_expired');
  });

  it('never credits a queued answer more time than the session has had', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    const [q1, q2] = s.questions;
    await elapse(t.db, s.session_id, 1000);
    // Each claims 60 s: the first gets the second or so the session has had, the next (sent at
    // once, the clock stopped) nothing, so it is fast.
    const claim = (q: typeof q1) => ({
      session_id: s.session_id,
      question_id: q!.id,
      answer: q!.answer,
      elapsed_ms: 60_000,
    });
    await answer(p, claim(q1));
    await pinNow(t.db, s.session_id);
    await answer(p, claim(q2));
    const rows = await t.db.rows<{ question_id: number; elapsed_ms: number; fast: boolean }>(sql`SELECT question_id,
      elapsed_ms, fast FROM play_answers WHERE session_id = ${s.session_id}::uuid`);
    const by = new Map(rows.map((r) => [r.question_id, r]));
    expect(by.get(q1!.id)!.elapsed_ms).toBeGreaterThanOrEqual(1000);
    expect(by.get(q1!.id)!.elapsed_ms).toBeLessThan(60_000);
    expect(by.get(q1!.id)!.fast).toBe(false);
    expect(by.get(q2!.id)).toMatchObject({ elapsed_ms: 0, fast: true });
  });

  it('never credits the same time twice to answers sent at once, and stores each question once', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    await elapse(t.db, s.session_id, 1000);
    // Every answer at once, each claiming a minute, one of them twice: a script's burst.
    const claims = [...s.questions, s.questions[0]!].map((q) => ({
      session_id: s.session_id,
      question_id: q.id,
      answer: q.answer,
      elapsed_ms: 60_000,
    }));
    const replies = await Promise.all(claims.map((c) => answer(p, c)));
    expect(replies.map((r) => r.status)).toEqual(claims.map(() => 200));
    const had = await t.db.one<{ ms: number; credited: number; n: number; seq: number }>(sql`SELECT
        (extract(epoch FROM now() - p.started_at) * 1000)::float8 AS ms,
        (SELECT coalesce(sum(elapsed_ms), 0)::int FROM play_answers WHERE session_id = p.id) AS credited,
        (SELECT count(*)::int FROM play_answers WHERE session_id = p.id) AS n, p.answer_seq AS seq
      FROM play_sessions p WHERE p.id = ${s.session_id}::uuid`);
    expect(had!.n).toBe(s.questions.length);
    expect(had!.seq).toBe(s.questions.length);
    expect(had!.credited).toBeGreaterThanOrEqual(1000);
    expect(had!.credited).toBeLessThanOrEqual(had!.ms);
    // The twin got the stored verdict of its question.
    expect(replies.at(-1)!.body.data).toMatchObject({ question_id: s.questions[0]!.id, is_correct: true });
  });
});

describe("an answer graded on a session's kept key", () => {
  it('keeps the key of a session it opens, and grades alike on a node that kept nothing', async () => {
    const p = await createPlayer(t.app);
    const s = await unsealed(t.db, await openLevel(p));
    expect(keptSessionKey(s.session_id)?.user_id).toBe(p.user.id);
    const [q1, q2] = s.questions;
    const right = await answer(p, { session_id: s.session_id, question_id: q1!.id, answer: q1!.answer });
    expect(right.body.data).toMatchObject({ is_correct: true, answered: 1 });
    // Another node: nothing kept, so the key is read, then kept.
    forgetSessionKeysHere();
    const wrong = q2!.options.find((o) => o.id !== q2!.answer)!.id;
    const r2 = await answer(p, { session_id: s.session_id, question_id: q2!.id, answer: wrong });
    expect(r2.status).toBe(200);
    expect(r2.body.data).toMatchObject({ is_correct: false, correct_answer: q2!.answer, answered: 2 });
    expect(keptSessionKey(s.session_id)?.question_ids).toEqual(s.questions.map((q) => q.id));
    // The same answer again on a cold node: its stored verdict; another one: refused.
    forgetSessionKeysHere();
    const again = await answer(p, { session_id: s.session_id, question_id: q1!.id, answer: q1!.answer });
    expect(again.body.data).toMatchObject({ is_correct: true, answered: 2 });
    const other = q1!.options.find((o) => o.id !== q1!.answer)!.id;
    const changed = await answer(p, { session_id: s.session_id, question_id: q1!.id, answer: other });
    expect(changed.body.code).toBe('already_answered');
  });

  it("refuses another player's session on a node that kept nothing of it", async () => {
    const owner = await createPlayer(t.app);
    const other = await createPlayer(t.app);
    const s = await openLevel(owner);
    forgetSessionKeysHere();
    const res = await answer(other, { session_id: s.session_id, question_id: s.questions[0]!.id, answer: 'a' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    // The owner's answer, now on the key the refused call read and kept, still counts.
    const own = await answer(owner, { session_id: s.session_id, question_id: s.questions[0]!.id, answer: 'a' });
    expect(own.status).toBe(200);
    expect(await t.db.rows(sql`SELECT 1 FROM play_answers WHERE session_id = ${s.session_id}::uuid`)).toHaveLength(1);
  });

  it('answers not found, and writes nothing, for a kept session that no longer exists', async () => {
    const p = await createPlayer(t.app);
    const s = await openLevel(p);
    expect(keptSessionKey(s.session_id)).toBeDefined();
    await t.db.run(sql`DELETE FROM play_sessions WHERE id = ${s.session_id}::uuid`);
    const res = await answer(p, { session_id: s.session_id, question_id: s.questions[0]!.id, answer: 'a' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(await t.db.rows(sql`SELECT 1 FROM play_answers WHERE session_id = ${s.session_id}::uuid`)).toHaveLength(0);
  });
});
