import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTEST_CATEGORY_TYPE,
  EXAM_CATEGORY_TYPE,
  type AdminExam,
  type AdminExamAttempt,
  type AdminExamDetail,
  type ExamList,
  type ExamPlay,
  type ExamResult,
} from '../../core/contract';
import { localDate } from '../../core/rules/local-time';
import { sql } from '../db/client';
import { insertEventQuestions } from '../db/seed/seed-events';
import { call } from '../test-support/client';
import { createAdmin, createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
let en: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.db);
  en = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
});
afterAll(() => t.close());

const ZONE = 'Asia/Kolkata';
/** A day in the operator's zone, `days` from today. */
const day = (days: number) => localDate(new Date(Date.now() + days * 86_400_000), { timezone: ZONE });

/** Exam questions (answers b, a) worth 1 mark each as made. */
function examQuestions() {
  return insertEventQuestions(t.db, en, EXAM_CATEGORY_TYPE, [
    { type: 'mcq', question: `E ${randomUUID()}`, options: ['w', 'right', 'x', 'y'], answer: 1, explanation: '' },
    { type: 'true_false', question: `E ${randomUUID()}`, options: ['True', 'False'], answer: 0, explanation: '' },
  ]);
}

async function examFields(extra: Record<string, unknown> = {}) {
  const [a, b] = await examQuestions();
  return {
    language_id: en,
    title: `Finals ${randomUUID().slice(0, 6)}`,
    description: 'No phones. Stay in the app.',
    exam_key: 'S3cret-key',
    start_date: day(0),
    end_date: day(2),
    timezone: ZONE,
    duration: 30,
    questions: [
      { question_id: a, marks: 2 },
      { question_id: b, marks: 3 },
    ],
    ...extra,
  };
}

const save = (fields: Record<string, unknown>, as: 'json' | 'multipart' = 'json') =>
  call<AdminExamDetail>(t.app, 'admin_save_exam', fields, { token: admin.token, as });

async function created(extra: Record<string, unknown> = {}): Promise<AdminExamDetail> {
  const res = await save(await examFields(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function lastAudit(action: string, target: string) {
  return t.db.one<{ before: unknown; after: Record<string, unknown>; input: Record<string, unknown> }>(sql`SELECT
      before, after, input FROM audit_log WHERE action = ${action} AND target = ${target} ORDER BY id DESC LIMIT 1`);
}

const start = (p: Player, id: number, key: string) =>
  call<ExamPlay>(
    t.app,
    'get_exam_module_questions',
    { exam_module_id: id, exam_key: key, rules_accepted: '1', timezone: ZONE },
    { token: p.token },
  );

const examCount = async () => (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM exams`))!.n;

describe('operator console: exams', () => {
  it('creates an exam with its key, marks and rules; a player finds it today and starts it with the key', async () => {
    const e = await created();
    expect(e).toMatchObject({
      status: 'open',
      exam_key: 'S3cret-key',
      starts_on: day(0),
      ends_on: day(2),
      duration: 30,
      total_questions: 2,
      total_marks: 5,
      attempts: 0,
    });
    expect(e.questions.map((q) => [q.marks, q.answer])).toEqual([
      [2, 'b'],
      [3, 'a'],
    ]);
    // The audit log never holds the key.
    const audit = await lastAudit('admin_save_exam', `exam:${e.id}`);
    expect(audit).toMatchObject({ before: null, input: { exam_key: '[redacted]' } });
    expect(audit!.after).toMatchObject({
      title: e.title,
      duration: 30,
      questions: e.questions.map((q) => ({ id: q.id, marks: q.marks })),
    });
    expect(JSON.stringify(audit)).not.toContain('S3cret-key');

    const p = await createPlayer(t.app);
    const today = await call<ExamList>(t.app, 'get_exam_module', { type: '1', timezone: ZONE }, { token: p.token });
    expect(today.body.data.exams.find((x) => x.id === e.id)).toMatchObject({ title: e.title, total_marks: 5 });
    expect((await start(p, e.id, 'wrong-key')).body).toMatchObject({ code: 'invalid_exam_key' });
    const play = await start(p, e.id, 'S3cret-key');
    expect(play.status, JSON.stringify(play.body)).toBe(200);
    expect(play.body.data.questions.map((q) => q.id)).toEqual(e.questions.map((q) => q.id));

    const list = await call<AdminExam[]>(
      t.app,
      'admin_get_exams',
      { state: 'open', search: e.title, timezone: ZONE },
      { token: admin.token },
    );
    expect([list.body.total, list.body.data[0]]).toMatchObject([1, { id: e.id, attempts: 1 }]);
    const upcoming = await call(
      t.app,
      'admin_get_exams',
      { state: 'upcoming', search: e.title, timezone: ZONE },
      { token: admin.token },
    );
    expect(upcoming.body.total).toBe(0);
  });

  it('refuses bad, missing, oversized and hostile fields with 400 at the field, and writes nothing', async () => {
    const good = await examFields();
    const [contestQuestion] = await insertEventQuestions(t.db, en, CONTEST_CATEGORY_TYPE, [
      { type: 'true_false', question: 'Contest only', options: ['True', 'False'], answer: 0, explanation: '' },
    ]);
    const cases: [Record<string, unknown>, string][] = [
      [{ exam_key: 'abc' }, 'exam_key'],
      [{ exam_key: '   ' }, 'exam_key'],
      [{ exam_key: 'k'.repeat(65) }, 'exam_key'],
      [{ exam_key: undefined }, 'exam_key'],
      [{ start_date: day(-1), end_date: day(1) }, 'start_date'],
      [{ start_date: day(2), end_date: day(1) }, 'end_date'],
      [{ start_date: '2030-02-30' }, 'start_date'],
      [{ start_date: '15/01/2030' }, 'start_date'],
      [{ timezone: 'Nowhere/City' }, 'timezone'],
      [{ timezone: undefined }, 'timezone'],
      [{ duration: 0 }, 'duration'],
      [{ duration: 1441 }, 'duration'],
      [{ duration: 'long' }, 'duration'],
      [{ title: '' }, 'title'],
      [{ title: 't'.repeat(201) }, 'title'],
      [{ title: '\ud800' }, 'title'],
      [{ description: 'd'.repeat(10_001) }, 'description'],
      [{ language_id: 99_999 }, 'language_id'],
      [{ questions: [contestQuestion] }, 'questions'],
      [{ questions: [{ question_id: good.questions[0]!.question_id, marks: 0 }] }, 'questions.0.marks'],
      [{ questions: [good.questions[0]!.question_id, good.questions[0]!.question_id] }, 'questions.1'],
      [{ questions: '[' }, 'questions'],
      [{ exam_id: 99_999_999 }, 'exam_id'],
    ];
    const before = await examCount();
    for (const [extra, field] of cases) {
      const res = await save({ ...good, ...extra });
      const status = field === 'exam_id' ? 404 : 400;
      expect([res.status, res.body.field], JSON.stringify(extra).slice(0, 120)).toEqual([status, field]);
    }
    expect(await examCount()).toBe(before);
  });

  it('edits an exam before anyone attempts it; afterwards only title, rules, key and days change', async () => {
    const e = await created();
    const ids = e.questions.map((q) => q.id);
    const edited = await save(
      {
        exam_id: e.id,
        duration: '45',
        questions: `${ids[1]},${ids[0]}`,
        exam_key: 'NewKey-1',
        title: 'Finals (edited)',
      },
      'multipart',
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ duration: 45, exam_key: 'NewKey-1', title: 'Finals (edited)' });
    expect(edited.body.data.questions.map((q) => q.id)).toEqual([ids[1], ids[0]]);
    const audit = await lastAudit('admin_save_exam', `exam:${e.id}`);
    expect(audit).toMatchObject({ before: { duration: 30 }, after: { duration: 45, key_changed: true } });

    const p = await createPlayer(t.app);
    expect((await start(p, e.id, 'NewKey-1')).status).toBe(200);
    const locked: [Record<string, unknown>, string][] = [
      [{ duration: 60 }, 'duration'],
      [{ questions: ids }, 'questions'],
      [{ questions: [{ question_id: ids[1], marks: 9 }, ids[0]] }, 'questions'],
    ];
    for (const [extra, field] of locked) {
      const res = await save({ exam_id: e.id, ...extra });
      expect([res.status, res.body.code, res.body.field], field).toEqual([409, 'exam_attempted', field]);
    }
    // Another exam cannot change the marks of a question an attempted exam holds.
    const other = await save({ ...(await examFields()), questions: [{ question_id: ids[0], marks: 7 }] });
    expect([other.status, other.body.code]).toEqual([409, 'exam_attempted']);

    const ok = await save({
      exam_id: e.id,
      title: 'Finals v3',
      end_date: day(5),
      timezone: ZONE,
      questions: [ids[1], ids[0]],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ title: 'Finals v3', ends_on: day(5), duration: 45 });
    const marks = await t.db.rows<{ marks: number }>(sql`SELECT marks FROM questions
      WHERE id = ANY(${`{${ids.join(',')}}`}::integer[]) ORDER BY id`);
    expect(marks.map((m) => m.marks)).toEqual([2, 3]);
  });

  it('shows attempts with marks, time and state; deletes only an exam nobody attempted', async () => {
    const e = await created();
    const del = (id: number) => call(t.app, 'admin_delete_exam', { exam_id: id }, { token: admin.token });
    const results = () =>
      call<AdminExamAttempt[]>(t.app, 'admin_get_exam_results', { exam_id: e.id }, { token: admin.token });
    expect((await results()).body).toMatchObject({ data: [], total: 0 });

    const [p, q] = [await createPlayer(t.app), await createPlayer(t.app)];
    const play = await start(p, e.id, 'S3cret-key');
    await start(q, e.id, 'S3cret-key');
    const answers = play.body.data.questions.map((x, i) => ({ question_id: x.id, answer: i === 0 ? 'b' : 'b' }));
    const done = await call<ExamResult>(
      t.app,
      'set_exam_module_result',
      { exam_module_id: e.id, answers: JSON.stringify(answers) },
      { token: p.token },
    );
    expect(done.body.data.obtained_marks).toBe(2);
    const rows = (await results()).body;
    expect(rows.total).toBe(2);
    expect(rows.data[0]).toMatchObject({
      user_id: p.user.id,
      state: 'completed',
      obtained_marks: 2,
      total_marks: 5,
      correct_answers: 1,
      total_questions: 2,
      rules_violated: false,
    });
    expect(rows.data[0]!.total_duration).toBeGreaterThanOrEqual(0);
    expect(rows.data[1]).toMatchObject({
      user_id: q.user.id,
      state: 'ongoing',
      obtained_marks: null,
      submitted_at: null,
    });

    expect((await del(e.id)).body).toMatchObject({ code: 'exam_attempted', field: 'exam_id' });
    const fresh = await created();
    expect((await del(fresh.id)).body).toEqual({ error: false, data: { deleted: true } });
    expect(await t.db.one(sql`SELECT 1 AS one FROM exams WHERE id = ${fresh.id}`)).toBeUndefined();
    expect(await lastAudit('admin_delete_exam', `exam:${fresh.id}`)).toMatchObject({
      before: { title: fresh.title },
      after: null,
    });
    expect((await del(fresh.id)).status).toBe(404);
    for (const a of ['admin_get_exam', 'admin_get_exam_results'])
      expect((await call(t.app, a, { exam_id: fresh.id }, { token: admin.token })).status, a).toBe(404);
    expect((await call(t.app, 'admin_get_exam', { exam_id: '1 OR 1=1' }, { token: admin.token })).status).toBe(400);
  });
});
