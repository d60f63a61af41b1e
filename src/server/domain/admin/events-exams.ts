import type { AdminExam, AdminExamAttempt, AdminExamDetail, ExamResult } from '../../../core/contract';
import { examState } from '../../../core/rules/exam';
import { localDate } from '../../../core/rules/local-time';
import { sql, type Db } from '../../db/client';
import { isoSeconds } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { EXAM_GRACE_SECONDS } from '../exams';
import { dbNow } from '../play/daily';
import { likePattern } from './content-common';
import { eventQuestions } from './events-questions';

type ExamRow = Omit<AdminExam, 'status'>;

const COLUMNS = sql`e.id, e.language_id, e.title, e.description, to_char(e.starts_on, 'YYYY-MM-DD') AS starts_on,
  to_char(e.ends_on, 'YYYY-MM-DD') AS ends_on, e.duration_minutes AS duration,
  (SELECT count(*)::int FROM exam_questions x JOIN questions q ON q.id = x.question_id
    WHERE x.exam_id = e.id AND q.status = 1) AS total_questions,
  (SELECT coalesce(sum(q.marks), 0)::int FROM exam_questions x JOIN questions q ON q.id = x.question_id
    WHERE x.exam_id = e.id AND q.status = 1) AS total_marks,
  (SELECT count(*)::int FROM exam_attempts a WHERE a.exam_id = e.id) AS attempts,
  ${isoSeconds(sql`e.created_at`)} AS created_at`;

/** Today in the operator's zone, by the database's clock. */
export async function operatorToday(db: Db, timezone: string): Promise<string> {
  return localDate(await dbNow(db), { timezone });
}

function examOf(e: ExamRow, today: string): AdminExam {
  const status = today < e.starts_on ? 'upcoming' : today > e.ends_on ? 'past' : 'open';
  return { ...e, status };
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
    all: sql``,
    upcoming: sql`AND e.starts_on > ${today}::date`,
    open: sql`AND e.starts_on <= ${today}::date AND e.ends_on >= ${today}::date`,
    past: sql`AND e.ends_on < ${today}::date`,
  }[q.state];
  const where = sql`WHERE TRUE ${q.language_id ? sql`AND e.language_id = ${q.language_id}` : sql``}
    ${state} ${like ? sql`AND e.title ILIKE ${like}` : sql``}`;
  const rows = await db.rows<ExamRow>(sql`SELECT ${COLUMNS} FROM exams e ${where}
    ORDER BY e.starts_on DESC, e.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM exams e ${where}`);
  return { rows: rows.map((e) => examOf(e, today)), total: n!.n };
}

/** One exam with its key and questions, or a 404. */
export async function adminExam(db: Db, id: number, timezone = 'UTC'): Promise<AdminExamDetail> {
  const e = await db.one<ExamRow & { exam_key: string }>(sql`SELECT ${COLUMNS}, e.exam_key FROM exams e
    WHERE e.id = ${id}`);
  if (!e) throw new AppError('not_found', { field: 'exam_id', message: 'No such exam.' });
  const { exam_key, ...rest } = e;
  return {
    ...examOf(rest, await operatorToday(db, timezone)),
    exam_key,
    questions: await eventQuestions(db, 'exam', id),
  };
}

interface AttemptRow {
  user_id: number;
  name: string;
  email: string;
  started_at: string;
  deadline: string;
  submitted_at: string | null;
  rules_violated: boolean;
  result: ExamResult | null;
  total_marks: number;
  total_questions: number;
  now: string;
}

const utc = (column: string) => sql`${isoSeconds(sql.raw(`a.${column}`))} AS ${sql.raw(column)}`;

/** A page of an exam's attempts, best marks first (then fastest), with their state. */
export async function examResults(
  db: Db,
  o: { examId: number; offset: number; limit: number },
): Promise<{ rows: AdminExamAttempt[]; total: number }> {
  const e = await db.one<{ attempts: number }>(sql`SELECT
      (SELECT count(*)::int FROM exam_attempts a WHERE a.exam_id = e.id) AS attempts
    FROM exams e WHERE e.id = ${o.examId}`);
  if (!e) throw new AppError('not_found', { field: 'exam_id', message: 'No such exam.' });
  const rows = await db.rows<AttemptRow>(sql`SELECT a.user_id, u.name, u.email, ${utc('started_at')},
      ${utc('deadline')}, ${utc('submitted_at')}, a.rules_violated, a.result,
      (SELECT coalesce(sum(m::int), 0)::int FROM jsonb_each_text(a.question_marks) AS j(k, m)) AS total_marks,
      cardinality(a.question_ids) AS total_questions, to_json(now()) #>> '{}' AS now
    FROM exam_attempts a JOIN users u ON u.id = a.user_id
    WHERE a.exam_id = ${o.examId}
    ORDER BY (a.result->>'obtained_marks')::int DESC NULLS LAST, (a.result->>'total_duration')::int NULLS LAST,
      a.started_at, a.user_id
    LIMIT ${o.limit} OFFSET ${o.offset}`);
  return {
    rows: rows.map((a) => ({
      user_id: a.user_id,
      name: a.name,
      email: a.email,
      state: examState(
        { submitted: a.submitted_at !== null, deadlineMs: Date.parse(a.deadline) },
        Date.parse(a.now),
        EXAM_GRACE_SECONDS * 1000,
      ),
      started_at: a.started_at,
      deadline: a.deadline,
      submitted_at: a.submitted_at,
      total_duration: a.result?.total_duration ?? null,
      obtained_marks: a.result?.obtained_marks ?? null,
      total_marks: a.total_marks,
      correct_answers: a.result?.correct_answers ?? null,
      total_questions: a.total_questions,
      rules_violated: a.rules_violated,
    })),
    total: e.attempts,
  };
}
