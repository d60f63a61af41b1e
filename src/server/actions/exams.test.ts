import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_CATEGORY_TYPE, type ExamList, type ExamPlay, type ExamResult } from '../../core/contract';
import { sql } from '../db/client';
import { insertEventQuestions } from '../db/seed/seed-events';
import { createExam } from '../domain/exams';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let languageId: number;
beforeAll(async () => {
  t = await buildTestApp();
  languageId = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
});
afterAll(() => t.close());

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An exam of four questions worth 1, 1, 2 and 3 marks; answers b, a (true), c, d. */
async function newExam(o: { startsOn?: string; endsOn?: string; minutes?: number; key?: string } = {}) {
  const ids = await insertEventQuestions(t.db, languageId, EXAM_CATEGORY_TYPE, [
    { type: 'mcq', marks: 1, question: 'Q one', options: ['w', 'right', 'x', 'y'], answer: 1, explanation: 'E1' },
    { type: 'true_false', marks: 1, question: 'Q two', options: ['True', 'False'], answer: 0, explanation: '' },
    { type: 'mcq', marks: 2, question: 'Q three', options: ['w', 'x', 'right', 'y'], answer: 2, explanation: '' },
    { type: 'mcq', marks: 3, question: 'Q four', options: ['w', 'x', 'y', 'right'], answer: 3, explanation: '' },
  ]);
  const id = await createExam(t.db, {
    languageId,
    title: 'Test exam',
    description: 'Rules',
    key: o.key ?? 'K-1234',
    startsOn: o.startsOn ?? day(-1),
    endsOn: o.endsOn ?? day(1),
    durationMinutes: o.minutes ?? 10,
    questionIds: ids,
  });
  return { id, ids };
}

function start(p: Player, fields: Record<string, unknown>) {
  return call<ExamPlay>(t.app, 'get_exam_module_questions', fields, { token: p.token });
}
function submit(p: Player, fields: Record<string, unknown>) {
  return call<ExamResult>(t.app, 'set_exam_module_result', fields, { token: p.token });
}
async function list(p: Player, type: string, extra: Record<string, unknown> = {}) {
  const res = await call<ExamList>(t.app, 'get_exam_module', { type, ...extra }, { token: p.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('exam module', () => {
  it('lists the exam today, starts with the key and accepted rules, and sends no answer', async () => {
    const p = await createPlayer(t.app);
    const e = await newExam();
    const today = await list(p, '1');
    const mine = today.exams.find((x) => x.id === e.id)!;
    expect(mine).toMatchObject({
      state: 'not_started',
      total_questions: 4,
      total_marks: 7,
      duration: 10,
      result: null,
    });
    expect(JSON.stringify(mine)).not.toContain('K-1234');

    const res = await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const play = res.body.data;
    expect(play.questions.map((q) => q.id)).toEqual(e.ids);
    for (const q of play.questions) {
      expect(q).not.toHaveProperty('answer');
      expect(q).not.toHaveProperty('explanation');
    }
    expect(JSON.stringify(res.body)).not.toMatch(/"answer"|E1/);
    const ms = Date.parse(play.deadline) - Date.parse(play.started_at);
    expect(ms).toBe(10 * 60_000);
    expect((await list(p, 'today')).exams.find((x) => x.id === e.id)).toMatchObject({
      state: 'ongoing',
      deadline: play.deadline,
    });
  });

  it('refuses a missing key, a wrong key and rules not accepted, and starts nothing', async () => {
    const p = await createPlayer(t.app);
    const e = await newExam();
    const missing = await start(p, { exam_module_id: e.id, rules_accepted: '1' });
    expect([missing.status, missing.body]).toMatchObject([400, { code: 'exam_key_required', field: 'exam_key' }]);
    const blank = await start(p, { exam_module_id: e.id, exam_key: '   ', rules_accepted: '1' });
    expect(blank.body).toMatchObject({ code: 'exam_key_required' });
    const wrong = await start(p, { exam_module_id: e.id, exam_key: 'K-9999', rules_accepted: '1' });
    expect([wrong.status, wrong.body]).toMatchObject([403, { code: 'invalid_exam_key', message: 'Invalid exam key.' }]);
    const noRules = await start(p, { exam_module_id: e.id, exam_key: 'K-1234' });
    expect([noRules.status, noRules.body]).toMatchObject([400, { code: 'exam_rules_required' }]);
    const rulesNo = await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '0' });
    expect(rulesNo.body).toMatchObject({ code: 'exam_rules_required' });
    const n = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM exam_attempts WHERE exam_id = ${e.id}`);
    expect(n!.n).toBe(0);
  });

  it('refuses bad, oversized and hostile fields with 400', async () => {
    const p = await createPlayer(t.app);
    const e = await newExam();
    for (const fields of [
      { exam_module_id: 'x', exam_key: 'K-1234', rules_accepted: '1' },
      { exam_module_id: `${e.id}; DROP TABLE exams`, exam_key: 'K-1234', rules_accepted: '1' },
      { exam_module_id: e.id, exam_key: 'k'.repeat(65), rules_accepted: '1' },
      { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: 'yes please' },
      { exam_key: 'K-1234', rules_accepted: '1' },
    ]) {
      const res = await start(p, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_input' });
    }
    const unknown = await start(p, { exam_module_id: 99_999_999, exam_key: 'K-1234', rules_accepted: '1' });
    expect([unknown.status, unknown.body]).toMatchObject([404, { code: 'not_found' }]);
    for (const fields of [
      { exam_module_id: e.id, answers: 'not json' },
      { exam_module_id: e.id, answers: JSON.stringify([{ question_id: 'one', answer: 'a' }]) },
      { exam_module_id: e.id, answers: JSON.stringify([{ question_id: e.ids[0], answer: 'a'.repeat(201) }]) },
      { exam_module_id: e.id, answers: 'x'.repeat(200_000) },
      { exam_module_id: e.id, captured_question_ids: '1,two' },
    ]) {
      const res = await submit(p, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
  });

  it('grades on the server and ignores the marks, statistics and duration a client states', async () => {
    const p = await createPlayer(t.app);
    const e = await newExam();
    await start(p, { exam_module_id: e.id, exam_key: ' K-1234 ', rules_accepted: 'true' });
    const res = await submit(p, {
      exam_module_id: e.id,
      answers: JSON.stringify([
        { question_id: e.ids[0], answer: 'b' },
        { question_id: e.ids[1], answer: 'b' },
        { question_id: e.ids[2], answer: 'c' },
      ]),
      captured_question_ids: `${e.ids[0]},${e.ids[1]},${e.ids[2]}`,
      obtained_marks: '999',
      total_duration: '1',
      statistics: JSON.stringify([{ mark: 1, correct_answer: 50 }]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      exam_module_id: e.id,
      total_questions: 4,
      correct_answers: 2,
      incorrect_answers: 1,
      unattempted: 1,
      obtained_marks: 3,
      total_marks: 7,
      rules_violated: false,
      statistics: [
        { mark: 3, questions: 1, correct_answer: 0, incorrect: 0, unattempted: 1 },
        { mark: 2, questions: 1, correct_answer: 1, incorrect: 0, unattempted: 0 },
        { mark: 1, questions: 2, correct_answer: 1, incorrect: 1, unattempted: 0 },
      ],
    });
    expect(res.body.data.total_duration).toBeLessThan(60);
    // The review comes only now that the attempt is over.
    expect(res.body.data.review.map((r) => r.correct_answer)).toEqual(['b', 'a', 'c', 'd']);
    // A repeat answers the same result; the list shows it completed.
    const again = await submit(p, { exam_module_id: e.id, answers: '[]', obtained_marks: '7' });
    expect(again.body.data).toEqual(res.body.data);
    const done = (await list(p, '2')).exams.find((x) => x.id === e.id)!;
    expect(done).toMatchObject({ state: 'completed', result: { obtained_marks: 3 } });
    expect((await list(p, '1')).exams.some((x) => x.id === e.id)).toBe(false);
  });

  it('allows one attempt: a second start after submitting is "already played"; an ongoing one resumes', async () => {
    const p = await createPlayer(t.app);
    const e = await newExam();
    const first = await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' });
    const again = await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' });
    expect(again.body.data.deadline).toBe(first.body.data.deadline);
    // Parallel starts of another player: one attempt, one deadline.
    const q = await createPlayer(t.app);
    const many = await Promise.all(
      Array.from({ length: 8 }, () => start(q, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' })),
    );
    expect(many.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(many.map((r) => r.body.data.deadline)).size).toBe(1);
    await submit(p, { exam_module_id: e.id, answers: '[]', rules_violated: '1' });
    const third = await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' });
    expect([third.status, third.body]).toMatchObject([409, { code: 'already_played' }]);
    const rows = await t.db.one<{ n: number; violated: boolean }>(sql`SELECT count(*)::int AS n,
      bool_or(rules_violated) AS violated FROM exam_attempts WHERE exam_id = ${e.id} AND user_id = ${p.user.id}`);
    expect(rows).toEqual({ n: 1, violated: true });
  });

  it('refuses a submission after the deadline and its grace; the attempt is finished without marks', async () => {
    const p = await createPlayer(t.app);
    const e = await newExam();
    await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' });
    await t.db.run(sql`UPDATE exam_attempts SET started_at = now() - interval '11 minutes',
      deadline = now() - interval '1 minute' WHERE exam_id = ${e.id} AND user_id = ${p.user.id}`);
    const late = await submit(p, {
      exam_module_id: e.id,
      answers: JSON.stringify(e.ids.map((id) => ({ question_id: id, answer: 'b' }))),
    });
    expect([late.status, late.body]).toMatchObject([409, { code: 'exam_time_over' }]);
    const done = (await list(p, 'completed')).exams.find((x) => x.id === e.id)!;
    expect(done).toMatchObject({ state: 'finished', result: null });
    const resume = await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' });
    expect(resume.body).toMatchObject({ code: 'already_played' });
  });

  it("answers another player's exam as unknown and refuses questions from outside the exam", async () => {
    const [p, q] = [await createPlayer(t.app), await createPlayer(t.app)];
    const e = await newExam();
    const other = await newExam();
    await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' });
    // q never started: p's attempt is not q's to submit.
    const notMine = await submit(q, { exam_module_id: e.id, answers: '[]' });
    expect([notMine.status, notMine.body]).toMatchObject([404, { code: 'not_found' }]);
    const stranger = await submit(p, {
      exam_module_id: e.id,
      answers: JSON.stringify([{ question_id: other.ids[0], answer: 'b' }]),
    });
    expect([stranger.status, stranger.body]).toMatchObject([400, { code: 'invalid_input', field: 'answers' }]);
    const captured = await submit(p, { exam_module_id: e.id, answers: '[]', captured_question_ids: `${other.ids[1]}` });
    expect(captured.status).toBe(400);
    // Nothing was written by the refusals: the attempt is still open.
    const open = await t.db.one<{ submitted: boolean }>(sql`SELECT submitted_at IS NOT NULL AS submitted
      FROM exam_attempts WHERE exam_id = ${e.id} AND user_id = ${p.user.id}`);
    expect(open!.submitted).toBe(false);
  });

  it("opens on the exam's local day in the player's zone (the date line)", async () => {
    const p = await createPlayer(t.app);
    // Find the UTC date now and open the exam only on the next one: Kiritimati (UTC+14) is
    // there between 10:00 and 24:00 UTC; Pago Pago (UTC−11) never is.
    const now = new Date();
    const tomorrow = day(1);
    const e = await newExam({ startsOn: tomorrow, endsOn: tomorrow });
    const west = await start(p, {
      exam_module_id: e.id,
      exam_key: 'K-1234',
      rules_accepted: '1',
      timezone: 'Pacific/Pago_Pago',
    });
    expect([west.status, west.body]).toMatchObject([409, { code: 'exam_not_open' }]);
    const east = await start(p, {
      exam_module_id: e.id,
      exam_key: 'K-1234',
      rules_accepted: '1',
      timezone: 'Pacific/Kiritimati',
    });
    expect(east.status).toBe(now.getUTCHours() >= 10 ? 200 : 409);
    const listed = (await list(p, '1', { gmt_format: '+14:00' })).exams.some((x) => x.id === e.id);
    expect(listed).toBe(now.getUTCHours() >= 10);
    expect((await list(p, '1', { gmt_format: '-11:00' })).exams.some((x) => x.id === e.id)).toBe(false);
    const bad = await call(t.app, 'get_exam_module', { gmt_format: '+99:00' }, { token: p.token });
    expect(bad.status).toBe(400);
  });

  it('slows down key guessing: after 10 wrong keys even the right one waits', async () => {
    const p = await createPlayer(t.app);
    const e = await newExam();
    for (let i = 0; i < 10; i++) {
      const r = await start(p, { exam_module_id: e.id, exam_key: `guess-${i}`, rules_accepted: '1' });
      expect(r.body).toMatchObject({ code: 'invalid_exam_key' });
    }
    const right = await start(p, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' });
    expect([right.status, right.body]).toMatchObject([429, { code: 'rate_limited' }]);
    // It says when to come back: within the 10 minutes the wrong keys are counted over.
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another player is not held back.
    const q = await createPlayer(t.app);
    expect((await start(q, { exam_module_id: e.id, exam_key: 'K-1234', rules_accepted: '1' })).status).toBe(200);
  });

  it('needs a signed-in player', async () => {
    const res = await call(t.app, 'get_exam_module', {});
    expect(res.status).toBe(401);
  });
});
