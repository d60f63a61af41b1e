import type { AdminDailyQuiz } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { adminLanguage } from './content-languages';
import { intArray } from './content-common';

const COLUMNS = sql`d.language_id, to_char(d.quiz_date, 'YYYY-MM-DD') AS date, d.question_ids,
  coalesce((SELECT json_agg(json_build_object('id', q.id, 'question', q.question, 'type', q.type,
      'status', q.status) ORDER BY k.n)
    FROM unnest(d.question_ids) WITH ORDINALITY AS k(id, n) JOIN questions q ON q.id = k.id), '[]'::json) AS questions`;

export interface DailyQuery {
  language_id: number;
  from?: string;
  to?: string;
  offset: number;
  limit: number;
}

/**
 * The daily quizzes of a language between two dates, newest first: the operator's schedule and
 * the draws kept for days nobody scheduled (a day's quiz is fixed once drawn).
 */
export async function listDailyQuizzes(db: Db, q: DailyQuery): Promise<{ rows: AdminDailyQuiz[]; total: number }> {
  await adminLanguage(db, q.language_id, 'language_id');
  const where = sql`WHERE d.language_id = ${q.language_id}
    ${q.from ? sql`AND d.quiz_date >= ${q.from}::date` : sql``}
    ${q.to ? sql`AND d.quiz_date <= ${q.to}::date` : sql``}`;
  const rows = await db.rows<AdminDailyQuiz>(sql`SELECT ${COLUMNS} FROM daily_quizzes d ${where}
    ORDER BY d.quiz_date DESC LIMIT ${q.limit} OFFSET ${q.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM daily_quizzes d ${where}`);
  return { rows, total: n!.n };
}

async function dailyQuiz(db: Db, languageId: number, date: string): Promise<AdminDailyQuiz | null> {
  const d = await db.one<AdminDailyQuiz>(sql`SELECT ${COLUMNS} FROM daily_quizzes d
    WHERE d.language_id = ${languageId} AND d.quiz_date = ${date}::date`);
  return d ?? null;
}

/** Refuses question ids that are missing (404) or not active questions of the language's content modes (400). */
async function assertSchedulable(db: Db, languageId: number, ids: readonly number[]) {
  const rows = await db.rows<{ id: number; why: string }>(sql`SELECT k.id,
      CASE WHEN q.id IS NULL THEN 'missing'
        WHEN c.type NOT BETWEEN 1 AND 6 OR q.comprehension_id IS NOT NULL THEN 'is not a quiz question'
        WHEN q.status <> 1 THEN 'is not active'
        WHEN q.language_id <> ${languageId} THEN 'is not of that language'
        ELSE '' END AS why
    FROM unnest(${intArray(ids)}::integer[]) AS k(id)
    LEFT JOIN questions q ON q.id = k.id LEFT JOIN categories c ON c.id = q.category_id`);
  const missing = rows.filter((r) => r.why === 'missing').map((r) => r.id);
  if (missing.length)
    throw new AppError('not_found', { field: 'question_ids', message: `No such question: ${missing.join(', ')}.` });
  const bad = rows.find((r) => r.why !== '');
  if (bad) {
    throw new AppError('invalid_input', {
      field: 'question_ids',
      message: `question_ids: question ${bad.id} ${bad.why}`,
    });
  }
}

/**
 * Sets a language's daily quiz for a date (the questions in the order given), or removes it with
 * an empty list; plays already opened keep the questions they were given.
 */
export async function setDailyQuiz(
  db: Db,
  o: { language_id: number; date: string; question_ids: number[] },
): Promise<{ before: AdminDailyQuiz | null; after: AdminDailyQuiz }> {
  await adminLanguage(db, o.language_id, 'language_id');
  const before = await dailyQuiz(db, o.language_id, o.date);
  if (o.question_ids.length === 0) {
    await db.run(sql`DELETE FROM daily_quizzes WHERE language_id = ${o.language_id} AND quiz_date = ${o.date}::date`);
    return { before, after: { language_id: o.language_id, date: o.date, question_ids: [], questions: [] } };
  }
  await assertSchedulable(db, o.language_id, o.question_ids);
  await db.run(sql`INSERT INTO daily_quizzes (language_id, quiz_date, question_ids)
    VALUES (${o.language_id}, ${o.date}::date, ${intArray(o.question_ids)}::integer[])
    ON CONFLICT (language_id, quiz_date) DO UPDATE SET question_ids = EXCLUDED.question_ids`);
  return { before, after: (await dailyQuiz(db, o.language_id, o.date))! };
}
