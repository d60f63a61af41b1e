import { createHash, timingSafeEqual } from 'node:crypto';
import type { ExamList, ExamPlay, ExamResult, ExamSummary, ReviewItem } from '../../core/contract';
import { examOpenOn, examState, examTotals } from '../../core/rules/exam';
import { isCorrectAnswer } from '../../core/rules/answers';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../db/client';
import { examAttempts, examQuestions, exams, questions } from '../db/schema';
import { intArray, jsonText } from '../db/sql-helpers';
import { AppError } from '../errors';
import { mergedAnswers, savedAnswers } from './exam-answers';
import { dbNow, playerDay, type Zone } from './play/daily';
import { loadSealedQuestions } from './play/sessions';

/** A submission this late after the deadline still counts (the auto-submit's trip on a slow network). */
export const EXAM_GRACE_SECONDS = 30;

// Exams are read as `e` (the count subqueries name their own tables).
export const e = alias(exams, 'e');

/**
 * An exam's dates and counts, for the player's reads and the console's: the counts name the exam
 * `e` in their own text (drizzle writes a column of a one-table select unqualified, which a
 * subquery would read as its own table's).
 */
export const EXAM_DATES_AND_COUNTS = {
  starts_on: sql<string>`to_char(${e.starts_on}, 'YYYY-MM-DD')`,
  ends_on: sql<string>`to_char(${e.ends_on}, 'YYYY-MM-DD')`,
  total_questions: sql<number>`(SELECT count(*)::int FROM exam_questions x JOIN questions q ON q.id = x.question_id
    WHERE x.exam_id = e.id AND q.status = 1)`,
  total_marks: sql<number>`(SELECT coalesce(sum(q.marks), 0)::int FROM exam_questions x
    JOIN questions q ON q.id = x.question_id WHERE x.exam_id = e.id AND q.status = 1)`,
};

/** An exam as the player's list and a start read it. */
const examColumns = {
  id: e.id,
  title: e.title,
  description: e.description,
  exam_key: e.exam_key,
  duration_minutes: e.duration_minutes,
  ...EXAM_DATES_AND_COUNTS,
};

const selectExams = (db: Db) => db.orm.select(examColumns).from(e);
type ExamRow = Awaited<ReturnType<typeof selectExams>>[number];

const t = examAttempts;

/** A player's attempt, with the database's clock (`now`) to judge its deadline by. */
const attemptColumns = {
  exam_id: t.exam_id,
  user_id: t.user_id,
  question_ids: t.question_ids,
  answer_key: sql<Record<string, string>>`${t.answer_key}`,
  question_types: sql<Record<string, string>>`${t.question_types}`,
  question_marks: sql<Record<string, number>>`${t.question_marks}`,
  started_at: jsonText(t.started_at),
  deadline: jsonText(t.deadline),
  submitted: sql<boolean>`${t.submitted_at} IS NOT NULL`,
  result: sql<ExamResult | null>`${t.result}`,
  now: jsonText(sql`now()`),
};

const selectAttempts = (db: Db) => db.orm.select(attemptColumns).from(t);
type AttemptRow = Awaited<ReturnType<typeof selectAttempts>>[number];

/** The player's attempt at an exam. */
const attemptOf = (examId: number, userId: number) => and(eq(t.exam_id, examId), eq(t.user_id, userId));

function summary(exam: ExamRow, a: AttemptRow | null): ExamSummary {
  const state = examState(
    a && { submitted: a.submitted, deadlineMs: Date.parse(a.deadline) },
    a ? Date.parse(a.now) : 0,
    EXAM_GRACE_SECONDS * 1000,
  );
  return {
    id: exam.id,
    title: exam.title,
    description: exam.description,
    starts_on: exam.starts_on,
    ends_on: exam.ends_on,
    duration: exam.duration_minutes,
    // An attempt counts what it was given; the exam what it has now.
    total_questions: a ? a.question_ids.length : exam.total_questions,
    total_marks: a ? Object.values(a.question_marks).reduce((s, m) => s + m, 0) : exam.total_marks,
    state,
    deadline: state === 'ongoing' && a ? new Date(a.deadline).toISOString() : '',
    result: a?.result ?? null,
  };
}

/**
 * The player's exams: `today` those open on their local date that they have not finished
 * (ongoing ones first), `completed` the attempts that are over, newest first, with results.
 */
export async function listExams(
  db: Db,
  userId: number,
  o: { languageId: number; type: 'today' | 'completed'; offset: number; limit: number } & Zone,
): Promise<ExamList> {
  const { date } = playerDay(await dbNow(db), o);
  const attempts = new Map((await selectAttempts(db).where(eq(t.user_id, userId))).map((a) => [a.exam_id, a]));
  const over = (x: ExamSummary) => x.state === 'completed' || x.state === 'finished';
  let list: ExamSummary[];
  if (o.type === 'today') {
    const rows = await selectExams(db)
      .where(
        and(
          sql`${e.status} = 1`,
          eq(e.language_id, o.languageId),
          sql`${e.starts_on} <= ${date}::date AND ${e.ends_on} >= ${date}::date`,
        ),
      )
      .orderBy(e.ends_on, e.id);
    list = rows.map((row) => summary(row, attempts.get(row.id) ?? null)).filter((x) => !over(x));
    // An attempt under way first.
    list.sort((a, b) => Number(b.state === 'ongoing') - Number(a.state === 'ongoing'));
  } else {
    const ids = [...attempts.keys()];
    const rows = ids.length ? await selectExams(db).where(sql`${e.id} = ANY(${intArray(ids)})`) : [];
    const started = (id: number) => attempts.get(id)!.started_at;
    list = rows
      .sort((a, b) => started(b.id).localeCompare(started(a.id)))
      .map((row) => summary(row, attempts.get(row.id)!))
      .filter(over);
  }
  return { date, total: list.length, exams: list.slice(o.offset, o.offset + o.limit) };
}

/** Compares keys in constant time (a key is a secret shared with the exam's students). */
function sameKey(given: string, key: string): boolean {
  const h = (s: string) => createHash('sha256').update(s.trim()).digest();
  return timingSafeEqual(h(given), h(key));
}

async function examById(db: Db, examId: number): Promise<ExamRow> {
  const [exam] = await selectExams(db).where(and(eq(e.id, examId), sql`${e.status} = 1`));
  if (!exam) throw new AppError('not_found', { field: 'exam_module_id', message: 'No such exam.' });
  return exam;
}

/**
 * Starts the player's one attempt at an exam, or resumes the one under way (same questions, same
 * deadline). Needs the exam's key and the rules accepted, on a day the exam is open where the
 * player is. The questions go without their answers.
 */
export async function startExam(
  db: Db,
  userId: number,
  o: { examId: number; key: string | undefined; rulesAccepted: boolean; onWrongKey: () => Promise<void> } & Zone,
): Promise<ExamPlay> {
  if (!o.key) throw new AppError('exam_key_required', { field: 'exam_key' });
  const exam = await examById(db, o.examId);
  if (!sameKey(o.key, exam.exam_key)) {
    await o.onWrongKey();
    throw new AppError('invalid_exam_key', { field: 'exam_key' });
  }
  if (!o.rulesAccepted) throw new AppError('exam_rules_required', { field: 'rules_accepted' });
  const [existing] = await selectAttempts(db).where(attemptOf(exam.id, userId));
  if (existing) return resumeOrRefuse(db, exam, existing);

  const { date } = playerDay(await dbNow(db), o);
  if (!examOpenOn(date, { startsOn: exam.starts_on, endsOn: exam.ends_on }))
    throw new AppError('exam_not_open', { field: 'exam_module_id' });
  const [x, q] = [examQuestions, questions];
  const keys = await db.orm
    .select({ id: q.id, type: q.type, answer: sql<string>`${q.answer} #>> '{}'`, marks: q.marks })
    .from(x)
    .innerJoin(q, eq(q.id, x.question_id))
    .where(and(eq(x.exam_id, exam.id), sql`${q.status} = 1`))
    .orderBy(x.sort, q.id);
  if (keys.length === 0)
    throw new AppError('not_found', { field: 'exam_module_id', message: 'This exam has no questions yet.' });
  const ids = keys.map((k) => k.id);
  const by = <T>(f: (k: (typeof keys)[number]) => T) =>
    JSON.stringify(Object.fromEntries(keys.map((k) => [k.id, f(k)])));
  // Two starts at once: one inserts, the other waits for it and then finds its row.
  await db.run(sql`INSERT INTO exam_attempts (exam_id, user_id, question_ids, answer_key, question_types,
      question_marks, deadline)
    VALUES (${exam.id}, ${userId}, ${intArray(ids)}, ${by((k) => k.answer)}::jsonb,
      ${by((k) => k.type)}::jsonb, ${by((k) => k.marks)}::jsonb,
      now() + make_interval(mins => ${exam.duration_minutes}))
    ON CONFLICT (exam_id, user_id) DO NOTHING`);
  const [attempt] = await selectAttempts(db).where(attemptOf(exam.id, userId));
  return resumeOrRefuse(db, exam, attempt!);
}

async function resumeOrRefuse(db: Db, exam: ExamRow, a: AttemptRow): Promise<ExamPlay> {
  const s = summary(exam, a);
  if (s.state !== 'ongoing') throw new AppError('already_played', { field: 'exam_module_id' });
  return {
    exam: s,
    started_at: new Date(a.started_at).toISOString(),
    deadline: new Date(a.deadline).toISOString(),
    server_time: new Date(a.now).toISOString(),
    questions: await loadSealedQuestions(db, a.user_id, a.question_ids),
    answers: await savedAnswers(db, a.exam_id, a.user_id, a.question_ids),
  };
}

/**
 * Submits the attempt: the server grades the answers saved during it, merged with `answers`
 * (mergedAnswers), against the key stored at the start, and
 * computes marks, statistics and duration itself. Once only: a repeat answers the same result.
 * `rulesViolated` marks the attempt (the app completes it when the player left it too long).
 */
export async function submitExam(
  db: Db,
  userId: number,
  o: {
    examId: number;
    answers: { question_id: number; answer: string | null }[];
    rulesViolated: boolean;
    captured: number[];
  },
): Promise<ExamResult> {
  const [a] = await db.orm
    .select({
      ...attemptColumns,
      late: sql<boolean>`now() > ${t.deadline} + make_interval(secs => ${EXAM_GRACE_SECONDS})`,
      seconds: sql<number>`least(extract(epoch FROM now() - ${t.started_at}),
        extract(epoch FROM ${t.deadline} - ${t.started_at}))::int`,
    })
    .from(t)
    .where(attemptOf(o.examId, userId))
    .for('update');
  // No attempt of the player's (another player's exam, or one never started).
  if (!a) throw new AppError('not_found', { field: 'exam_module_id', message: 'Start the exam first.' });
  if (a.result) return a.result;
  if (a.late) throw new AppError('exam_time_over', { field: 'exam_module_id' });

  const inExam = new Set(a.question_ids);
  const strangers = [...o.answers.map((x) => x.question_id), ...o.captured].filter((id) => !inExam.has(id));
  if (strangers.length)
    throw new AppError('invalid_input', {
      field: 'answers',
      message: `answers: question ${strangers[0]} is not in this exam`,
    });
  const given = await mergedAnswers(db, a.exam_id, userId, a.question_ids, o.answers);
  const review: ReviewItem[] = a.question_ids.map((qid) => {
    const key = a.answer_key[String(qid)] ?? '';
    const answer = given.get(qid) ?? null;
    return {
      question_id: qid,
      answer,
      correct_answer: key,
      is_correct: isCorrectAnswer(a.question_types[String(qid)] ?? 'mcq', key, answer),
    };
  });
  const totals = examTotals(
    review.map((r) => ({
      marks: a.question_marks[String(r.question_id)] ?? 0,
      answered: r.answer !== null && r.answer !== '',
      correct: r.is_correct,
    })),
  );
  const submittedAt = await dbNow(db);
  const result: ExamResult = {
    exam_module_id: a.exam_id,
    total_questions: totals.totalQuestions,
    correct_answers: totals.correct,
    incorrect_answers: totals.incorrect,
    unattempted: totals.unattempted,
    obtained_marks: totals.obtainedMarks,
    total_marks: totals.totalMarks,
    statistics: totals.statistics,
    rules_violated: o.rulesViolated,
    total_duration: Math.max(0, a.seconds),
    submitted_at: submittedAt.toISOString(),
    review,
  };
  await db.run(sql`UPDATE exam_attempts SET submitted_at = now(), rules_violated = ${o.rulesViolated},
      captured_question_ids = ${intArray([...new Set(o.captured)])},
      result = ${JSON.stringify(result)}::jsonb
    WHERE exam_id = ${a.exam_id} AND user_id = ${userId}`);
  return result;
}

export interface NewExam {
  languageId: number;
  title: string;
  description: string;
  key: string;
  /** Local dates, `YYYY-MM-DD`, inclusive. */
  startsOn: string;
  endsOn: string;
  durationMinutes: number;
  /** In the order the exam asks them. */
  questionIds: number[];
}

/** Makes an exam of existing questions (operators, the demo content, tests). */
export async function createExam(db: Db, n: NewExam): Promise<number> {
  const [row] = await db.orm
    .insert(exams)
    .values({
      language_id: n.languageId,
      title: n.title,
      description: n.description,
      exam_key: n.key,
      starts_on: n.startsOn,
      ends_on: n.endsOn,
      duration_minutes: n.durationMinutes,
    })
    .returning({ id: exams.id });
  await db.run(sql`INSERT INTO exam_questions (exam_id, question_id, sort)
    SELECT ${row!.id}, q, n FROM unnest(${intArray(n.questionIds)}) WITH ORDINALITY AS t(q, n)`);
  return row!.id;
}
