import type { AdminExam, AdminExamAttempt, AdminExamDetail, ExamResult } from '../../../core/contract';
import { examState } from '../../../core/rules/exam';
import { localDate } from '../../../core/rules/local-time';
import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../../db/client';
import { examAttempts, users } from '../../db/schema';
import { isoSeconds, jsonText } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { e, EXAM_DATES_AND_COUNTS, EXAM_GRACE_SECONDS } from '../exams';
import { dbNow } from '../play/daily';
import { likePattern } from './content-common';
import { eventQuestions } from './events-questions';

// Exams are read as `e` (exams.ts), their attempts as `a`: the count subqueries name them so in
// their own text, since drizzle writes a column of a one-table select unqualified (a subquery
// would read its own table's).
const a = alias(examAttempts, 'a');

const attempts = sql<number>`(SELECT count(*)::int FROM exam_attempts a WHERE a.exam_id = e.id)`;

const columns = {
  id: e.id,
  language_id: e.language_id,
  title: e.title,
  description: e.description,
  starts_on: EXAM_DATES_AND_COUNTS.starts_on,
  ends_on: EXAM_DATES_AND_COUNTS.ends_on,
  duration: e.duration_minutes,
  total_questions: EXAM_DATES_AND_COUNTS.total_questions,
  total_marks: EXAM_DATES_AND_COUNTS.total_marks,
  attempts,
  created_at: isoSeconds(e.created_at),
};

const selectExams = (db: Db) => db.orm.select(columns).from(e);
type ExamRow = Awaited<ReturnType<typeof selectExams>>[number];

/** Today in the operator's zone, by the database's clock. */
export async function operatorToday(db: Db, timezone: string): Promise<string> {
  return localDate(await dbNow(db), { timezone });
}

function examOf(exam: ExamRow, today: string): AdminExam {
  const status = today < exam.starts_on ? 'upcoming' : today > exam.ends_on ? 'past' : 'open';
  return { ...exam, status };
}

export interface ExamQuery {
  language_id?: number;
  state: 'all' | 'upcoming' | 'open' | 'past';
  search?: string;
  timezone: string;
  offset: number;
  limit: number;
}

/** A page of exams, latest first day first, filtered by language, state (today in the zone) and title. */
export async function listAdminExams(db: Db, q: ExamQuery): Promise<{ rows: AdminExam[]; total: number }> {
  const today = await operatorToday(db, q.timezone);
  const like = likePattern(q.search);
  const state = {
    all: undefined,
    upcoming: gt(e.starts_on, today),
    open: and(lte(e.starts_on, today), gte(e.ends_on, today)),
    past: lt(e.ends_on, today),
  }[q.state];
  const where = and(
    q.language_id ? eq(e.language_id, q.language_id) : undefined,
    state,
    like ? ilike(e.title, like) : undefined,
  );
  const rows = await selectExams(db)
    .where(where)
    .orderBy(desc(e.starts_on), desc(e.id))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(e).where(where);
  return { rows: rows.map((row) => examOf(row, today)), total: n!.n };
}

/** One exam with its key and questions, or a 404. */
export async function adminExam(db: Db, id: number, timezone = 'UTC'): Promise<AdminExamDetail> {
  const [exam] = await db.orm
    .select({ ...columns, exam_key: e.exam_key })
    .from(e)
    .where(eq(e.id, id));
  if (!exam) throw new AppError('not_found', { field: 'exam_id', message: 'No such exam.' });
  const { exam_key, ...rest } = exam;
  return {
    ...examOf(rest, await operatorToday(db, timezone)),
    exam_key,
    questions: await eventQuestions(db, 'exam', id),
  };
}

/** A page of an exam's attempts, best marks first (then fastest), with their state. */
export async function examResults(
  db: Db,
  o: { examId: number; offset: number; limit: number },
): Promise<{ rows: AdminExamAttempt[]; total: number }> {
  const [exam] = await db.orm.select({ attempts }).from(e).where(eq(e.id, o.examId));
  if (!exam) throw new AppError('not_found', { field: 'exam_id', message: 'No such exam.' });
  const rows = await db.orm
    .select({
      user_id: a.user_id,
      name: users.name,
      email: users.email,
      started_at: isoSeconds(a.started_at),
      deadline: isoSeconds(a.deadline),
      submitted_at: sql<string | null>`${isoSeconds(a.submitted_at)}`,
      rules_violated: a.rules_violated,
      result: sql<ExamResult | null>`${a.result}`,
      total_marks: sql<number>`(SELECT coalesce(sum(m::int), 0)::int
        FROM jsonb_each_text(${a.question_marks}) AS j(k, m))`,
      total_questions: sql<number>`cardinality(${a.question_ids})`,
      now: jsonText(sql`now()`),
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.user_id))
    .where(eq(a.exam_id, o.examId))
    .orderBy(
      sql`(${a.result}->>'obtained_marks')::int DESC NULLS LAST`,
      sql`(${a.result}->>'total_duration')::int NULLS LAST`,
      asc(a.started_at),
      asc(a.user_id),
    )
    .limit(o.limit)
    .offset(o.offset);
  return {
    rows: rows.map((r) => ({
      user_id: r.user_id,
      name: r.name,
      email: r.email,
      state: examState(
        { submitted: r.submitted_at !== null, deadlineMs: Date.parse(r.deadline) },
        Date.parse(r.now),
        EXAM_GRACE_SECONDS * 1000,
      ),
      started_at: r.started_at,
      deadline: r.deadline,
      submitted_at: r.submitted_at,
      total_duration: r.result?.total_duration ?? null,
      obtained_marks: r.result?.obtained_marks ?? null,
      total_marks: r.total_marks,
      correct_answers: r.result?.correct_answers ?? null,
      total_questions: r.total_questions,
      rules_violated: r.rules_violated,
    })),
    total: exam.attempts,
  };
}
