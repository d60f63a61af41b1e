import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { AdminDailyQuiz } from '../../../core/contract';
import type { Db } from '../../db/client';
import { categories, dailyQuizzes, questions } from '../../db/schema';
import { intArray } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { adminLanguage } from './content-languages';

const columns = {
  language_id: dailyQuizzes.language_id,
  date: sql<string>`to_char(${dailyQuizzes.quiz_date}, 'YYYY-MM-DD')`,
  question_ids: dailyQuizzes.question_ids,
  // The scheduled questions as the console lists them, in the quiz's order.
  questions: sql<AdminDailyQuiz['questions']>`coalesce((SELECT json_agg(json_build_object('id', q.id,
      'question', q.question, 'type', q.type, 'status', q.status) ORDER BY k.n)
    FROM unnest(${dailyQuizzes.question_ids}) WITH ORDINALITY AS k(id, n) JOIN questions q ON q.id = k.id), '[]'::json)`,
};

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
  const where = and(
    eq(dailyQuizzes.language_id, q.language_id),
    q.from ? gte(dailyQuizzes.quiz_date, q.from) : undefined,
    q.to ? lte(dailyQuizzes.quiz_date, q.to) : undefined,
  );
  const rows = await db.orm
    .select(columns)
    .from(dailyQuizzes)
    .where(where)
    .orderBy(desc(dailyQuizzes.quiz_date))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(dailyQuizzes).where(where);
  return { rows, total: n!.n };
}

async function dailyQuiz(db: Db, languageId: number, date: string): Promise<AdminDailyQuiz | null> {
  const [d] = await db.orm
    .select(columns)
    .from(dailyQuizzes)
    .where(and(eq(dailyQuizzes.language_id, languageId), eq(dailyQuizzes.quiz_date, date)));
  return d ?? null;
}

/** Refuses question ids that are missing (404) or not active questions of the language's content modes (400). */
async function assertSchedulable(db: Db, languageId: number, ids: readonly number[]) {
  const id = sql<number>`k.id`;
  const rows = await db.orm
    .select({
      id,
      why: sql<string>`CASE WHEN ${questions.id} IS NULL THEN 'missing'
        WHEN ${categories.type} NOT BETWEEN 1 AND 6 OR ${questions.comprehension_id} IS NOT NULL
          THEN 'is not a quiz question'
        WHEN ${questions.status} <> 1 THEN 'is not active'
        WHEN ${questions.language_id} <> ${languageId} THEN 'is not of that language'
        ELSE '' END`,
    })
    .from(sql`unnest(${intArray(ids)}) AS k(id)`)
    .leftJoin(questions, eq(questions.id, id))
    .leftJoin(categories, eq(categories.id, questions.category_id));
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
    await db.orm
      .delete(dailyQuizzes)
      .where(and(eq(dailyQuizzes.language_id, o.language_id), eq(dailyQuizzes.quiz_date, o.date)));
    return { before, after: { language_id: o.language_id, date: o.date, question_ids: [], questions: [] } };
  }
  await assertSchedulable(db, o.language_id, o.question_ids);
  await db.run(sql`INSERT INTO ${dailyQuizzes} (language_id, quiz_date, question_ids)
    VALUES (${o.language_id}, ${o.date}::date, ${intArray(o.question_ids)})
    ON CONFLICT (language_id, quiz_date) DO UPDATE SET question_ids = EXCLUDED.question_ids`);
  return { before, after: (await dailyQuiz(db, o.language_id, o.date))! };
}
