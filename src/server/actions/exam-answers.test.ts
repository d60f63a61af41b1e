import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAM_CATEGORY_TYPE,
  type ExamAnswerSaved,
  type ExamList,
  type ExamPlay,
  type ExamResult,
} from '../../core/contract';
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
async function newExam() {
  const ids = await insertEventQuestions(t.db, languageId, EXAM_CATEGORY_TYPE, [
    { type: 'mcq', marks: 1, question: 'S one', options: ['w', 'right', 'x', 'y'], answer: 1, explanation: '' },
    { type: 'true_false', marks: 1, question: 'S two', options: ['True', 'False'], answer: 0, explanation: '' },
    { type: 'mcq', marks: 2, question: 'S three', options: ['w', 'x', 'right', 'y'], answer: 2, explanation: '' },
    { type: 'mcq', marks: 3, question: 'S four', options: ['w', 'x', 'y', 'right'], answer: 3, explanation: '' },
  ]);
  const id = await createExam(t.db, {
    languageId,
    title: 'Saved answers exam',
    description: 'Rules',
    key: 'K-1234',
    startsOn: day(-1),
    endsOn: day(1),
    durationMinutes: 10,
    questionIds: ids,
  });
  return { id, ids };
}

const start = (p: Player, examId: number) =>
  call<ExamPlay>(
    t.app,
    'get_exam_module_questions',
    { exam_module_id: examId, exam_key: 'K-1234', rules_accepted: 1 },
    { token: p.token },
  );
const save = (p: Player, fields: Record<string, unknown>, idempotencyKey?: string) =>
  call<ExamAnswerSaved>(t.app, 'set_exam_module_answer', fields, { token: p.token, idempotencyKey });
const submit = (p: Player, fields: Record<string, unknown>) =>
  call<ExamResult>(t.app, 'set_exam_module_result', fields, { token: p.token });

async function startedExam() {
  const p = await createPlayer(t.app);
  const e = await newExam();
  expect((await start(p, e.id)).status).toBe(200);
  return { p, e };
}

const rows = async (examId: number) =>
  t.db.rows<{ user_id: number; question_id: number; answer: string | null }>(sql`SELECT user_id, question_id, answer
    FROM exam_answers WHERE exam_id = ${examId} ORDER BY user_id, question_id`);

describe('set_exam_module_answer', () => {
  it('saves each answer as given; a resume (another device) gets them back with the same deadline', async () => {
    const { p, e } = await startedExam();
    const first = await save(p, { exam_module_id: e.id, question_id: e.ids[0], answer: 'b', revision: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ question_id: e.ids[0], answer: 'b', revision: 1, answered: 1 });
    await save(p, { exam_module_id: e.id, question_id: e.ids[2], answer: 'a', revision: 2 });
    // Changed on second thought: the newer revision replaces it.
    const changed = await save(p, { exam_module_id: e.id, question_id: e.ids[2], answer: 'c', revision: 3 });
    expect(changed.body.data).toMatchObject({ answer: 'c', revision: 3, answered: 2 });

    const resumed = await start(p, e.id);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.answers).toEqual([
      { question_id: e.ids[0], answer: 'b', revision: 1 },
      { question_id: e.ids[2], answer: 'c', revision: 3 },
    ]);
    expect(Date.parse(resumed.body.data.deadline)).toBe(Date.parse(first.body.data.deadline));
    // Still no answer key in the resumed attempt.
    expect(JSON.stringify(resumed.body.data.questions)).not.toMatch(/"answer"/);
  });

  it('is idempotent, and a queued save older than the one kept changes nothing', async () => {
    const { p, e } = await startedExam();
    const a = { exam_module_id: e.id, question_id: e.ids[1], answer: 'a', revision: 50 };
    const once = await save(p, a, `exam-save-${e.id}`);
    const twice = await save(p, a, `exam-save-${e.id}`);
    const again = await save(p, a);
    expect([once.status, twice.status, again.status]).toEqual([200, 200, 200]);
    expect(twice.body.data).toMatchObject({ answer: 'a', revision: 50, answered: 1 });
    expect(again.body.data).toMatchObject({ answer: 'a', revision: 50, answered: 1 });
    // A save given earlier on another device arrives late: the kept answer stays.
    const stale = await save(p, { ...a, answer: 'b', revision: 49 });
    expect([stale.status, stale.body.data]).toMatchObject([200, { answer: 'a', revision: 50 }]);
    // The same revision with another answer: the first kept wins.
    const tie = await save(p, { ...a, answer: 'b' });
    expect(tie.body.data).toMatchObject({ answer: 'a' });
    // Clearing is a change like any other.
    const cleared = await save(p, { ...a, answer: '', revision: 51 });
    expect(cleared.body.data).toMatchObject({ answer: null, answered: 0 });
    expect((await start(p, e.id)).body.data.answers).toEqual([]);
    expect(await rows(e.id)).toEqual([{ user_id: p.user.id, question_id: e.ids[1], answer: null }]);
  });

  it('submit grades the saved answers merged with the set the device sends, never the marks it states', async () => {
    const { p, e } = await startedExam();
    // Saved: q1 right (b), q2 wrong (b), q3 wrong (a); the device's final set corrects q3 only.
    await save(p, { exam_module_id: e.id, question_id: e.ids[0], answer: 'b', revision: 1 });
    await save(p, { exam_module_id: e.id, question_id: e.ids[1], answer: 'b', revision: 2 });
    await save(p, { exam_module_id: e.id, question_id: e.ids[2], answer: 'a', revision: 3 });
    const res = await submit(p, {
      exam_module_id: e.id,
      answers: JSON.stringify([
        { question_id: e.ids[2], answer: 'c' },
        { question_id: e.ids[1], answer: null },
      ]),
      obtained_marks: '7',
      statistics: '[]',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      correct_answers: 2,
      incorrect_answers: 1,
      unattempted: 1,
      obtained_marks: 3,
      total_marks: 7,
    });
    expect(res.body.data.review.map((r) => r.answer)).toEqual(['b', 'b', 'c', null]);
  });

  it('a submit with no answers at all (the device that answered is gone) grades what was saved', async () => {
    const { p, e } = await startedExam();
    for (const [i, answer] of ['b', 'a', 'c', 'd'].entries())
      await save(p, { exam_module_id: e.id, question_id: e.ids[i], answer, revision: i + 1 });
    const res = await submit(p, { exam_module_id: e.id });
    expect(res.body.data).toMatchObject({ correct_answers: 4, obtained_marks: 7, unattempted: 0 });
  });

  it('refuses a save after the submission (exam_submitted) and after the deadline (exam_time_over), writing nothing', async () => {
    const { p, e } = await startedExam();
    await save(p, { exam_module_id: e.id, question_id: e.ids[0], answer: 'b', revision: 1 });
    await submit(p, { exam_module_id: e.id });
    const after = await save(p, { exam_module_id: e.id, question_id: e.ids[1], answer: 'a', revision: 2 });
    expect([after.status, after.body]).toMatchObject([409, { code: 'exam_submitted', field: 'exam_module_id' }]);
    const change = await save(p, { exam_module_id: e.id, question_id: e.ids[0], answer: 'c', revision: 3 });
    expect(change.body).toMatchObject({ code: 'exam_submitted' });
    expect((await rows(e.id)).map((r) => r.answer)).toEqual(['b']);

    const late = await startedExam();
    const lateSave = (question: number, answer: string, revision: number) =>
      save(late.p, { exam_module_id: late.e.id, question_id: late.e.ids[question], answer, revision });
    await lateSave(0, 'b', 1);
    // The attempt's time moved past its deadline and grace (the server's clock is the database's).
    await t.db.run(sql`UPDATE exam_attempts SET started_at = now() - interval '11 minutes',
      deadline = now() - interval '31 seconds' WHERE exam_id = ${late.e.id} AND user_id = ${late.p.user.id}`);
    const tooLate = await lateSave(1, 'a', 2);
    expect([tooLate.status, tooLate.body]).toMatchObject([409, { code: 'exam_time_over' }]);
    expect((await rows(late.e.id)).map((r) => r.answer)).toEqual(['b']);
    // Within the grace (the trip of a slow network) it still counts.
    await t.db.run(sql`UPDATE exam_attempts SET deadline = now() - interval '20 seconds'
      WHERE exam_id = ${late.e.id} AND user_id = ${late.p.user.id}`);
    expect((await lateSave(1, 'a', 3)).status).toBe(200);
    expect((await rows(late.e.id)).map((r) => r.answer)).toEqual(['b', 'a']);
  });

  it("answers another player's exam as unknown: no save into it, and their answers are never shown", async () => {
    const { p, e } = await startedExam();
    await save(p, { exam_module_id: e.id, question_id: e.ids[0], answer: 'b', revision: 1 });
    const q = await createPlayer(t.app);
    const intrude = await save(q, { exam_module_id: e.id, question_id: e.ids[0], answer: 'c', revision: 9 });
    expect([intrude.status, intrude.body]).toMatchObject([404, { code: 'not_found', field: 'exam_module_id' }]);
    // q starts the same exam: their attempt starts with no answers (not p's).
    expect((await start(q, e.id)).body.data.answers).toEqual([]);
    const other = await newExam();
    const stranger = await save(p, { exam_module_id: e.id, question_id: other.ids[0], answer: 'b', revision: 2 });
    expect([stranger.status, stranger.body]).toMatchObject([404, { code: 'not_found', field: 'question_id' }]);
    const neverStarted = await save(p, {
      exam_module_id: other.id,
      question_id: other.ids[0],
      answer: 'b',
      revision: 2,
    });
    expect(neverStarted.status).toBe(404);
    expect(await rows(e.id)).toEqual([{ user_id: p.user.id, question_id: e.ids[0], answer: 'b' }]);
  });

  it('refuses bad, missing, oversized and hostile fields with 400 invalid_input, writing nothing', async () => {
    const { p, e } = await startedExam();
    const ok = { exam_module_id: e.id, question_id: e.ids[0], answer: 'b', revision: 1 };
    const bad: Record<string, unknown>[] = [
      { ...ok, exam_module_id: 'x' },
      { ...ok, exam_module_id: `${e.id}; DROP TABLE exam_answers` },
      { ...ok, question_id: '-1' },
      { ...ok, question_id: '1.5' },
      { ...ok, answer: 'a'.repeat(201) },
      { ...ok, revision: '-1' },
      { ...ok, revision: 'soon' },
      { ...ok, revision: String(2 ** 53) },
      { exam_module_id: e.id, question_id: e.ids[0], answer: 'b' },
      { question_id: e.ids[0], answer: 'b', revision: 1 },
      { exam_module_id: e.id, answer: 'b', revision: 1 },
    ];
    for (const fields of bad) {
      const res = await save(p, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_input' });
    }
    // A multi-select answer that names an option twice is no answer of its type.
    const multi = e.ids[3]!;
    await t.db.run(sql`UPDATE exam_attempts
      SET question_types = question_types || jsonb_build_object(${String(multi)}::text, 'multi_select')
      WHERE exam_id = ${e.id} AND user_id = ${p.user.id}`);
    const twice = await save(p, { exam_module_id: e.id, question_id: multi, answer: 'a,a', revision: 1 });
    expect([twice.status, twice.body]).toMatchObject([400, { code: 'invalid_input', field: 'answer' }]);
    expect(await rows(e.id)).toEqual([]);
    // A hostile answer to a choice question is kept as text (graded wrong), never run.
    const hostile = "b'); DELETE FROM exam_answers; --";
    expect((await save(p, { ...ok, answer: hostile })).status).toBe(200);
    expect(await rows(e.id)).toEqual([{ user_id: p.user.id, question_id: e.ids[0], answer: hostile }]);
    const anonymous = await call(t.app, 'set_exam_module_answer', ok);
    expect(anonymous.status).toBe(401);
  });

  it('leaves the attempt ongoing in the exam list', async () => {
    const { p, e } = await startedExam();
    await save(p, { exam_module_id: e.id, question_id: e.ids[0], answer: 'b', revision: 1 });
    const res = await call<ExamList>(t.app, 'get_exam_module', { type: 1 }, { token: p.token });
    expect(res.body.data.exams.find((x) => x.id === e.id)).toMatchObject({ state: 'ongoing' });
  });
});
