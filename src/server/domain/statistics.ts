import type { UserStatistics } from '../../core/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { sql, type Db, type SQL } from '../db/client';
import { categories, categoryStatistics, userStatistics } from '../db/schema';

/**
 * Adds one finished quiz to a player's statistics, overall and for its category: the common
 * table expressions that do it (`player`, and `by_category` with a category), for the statement
 * that finishes the quiz to carry (two different tables: neither write can conflict with the other).
 */
export function statisticsWrites(userId: number, category: string | null, answered: number, correct: number): SQL {
  const player = sql`player AS (INSERT INTO user_statistics (user_id, questions_answered, correct_answers, quizzes_played)
    VALUES (${userId}, ${answered}, ${correct}, 1)
    ON CONFLICT (user_id) DO UPDATE SET
      questions_answered = user_statistics.questions_answered + EXCLUDED.questions_answered,
      correct_answers = user_statistics.correct_answers + EXCLUDED.correct_answers,
      quizzes_played = user_statistics.quizzes_played + 1, updated_at = now()
    RETURNING 1)`;
  if (!category) return player;
  return sql`${player}, by_category AS (INSERT INTO category_statistics (user_id, category, questions_answered, correct_answers)
    VALUES (${userId}, ${category}, ${answered}, ${correct})
    ON CONFLICT (user_id, category) DO UPDATE SET
      questions_answered = category_statistics.questions_answered + EXCLUDED.questions_answered,
      correct_answers = category_statistics.correct_answers + EXCLUDED.correct_answers
    RETURNING 1)`;
}

/**
 * A player's statistics, with their strongest and weakest category by ratio, named in the
 * content language `languageId` (else in any language that has the category, else by slug).
 */
export async function readStatistics(db: Db, userId: number, languageId: number): Promise<UserStatistics> {
  const us = userStatistics;
  const [s] = await db.orm
    .select({
      questions_answered: us.questions_answered,
      correct_answers: us.correct_answers,
      quizzes_played: us.quizzes_played,
    })
    .from(us)
    .where(eq(us.user_id, userId));
  const cs = categoryStatistics;
  const ratio = sql<number>`${cs.correct_answers}::float / greatest(${cs.questions_answered}, 1)`;
  const cats = await db.orm
    .select({ category: cs.category, ratio })
    .from(cs)
    .where(and(eq(cs.user_id, userId), sql`${cs.questions_answered} > 0`))
    .orderBy(desc(ratio), cs.category);
  const answered = s?.questions_answered ?? 0;
  const correct = s?.correct_answers ?? 0;
  const best = cats[0]?.category ?? '';
  const weak = cats.length > 1 ? cats.at(-1)!.category : '';
  const slugs = [best, weak].filter(Boolean);
  const names = new Map(
    slugs.length === 0
      ? []
      : (
          await db.orm
            .selectDistinctOn([categories.slug], { slug: categories.slug, name: categories.name })
            .from(categories)
            .where(inArray(categories.slug, slugs))
            .orderBy(
              categories.slug,
              desc(sql`${categories.language_id} = ${languageId}`),
              categories.type,
              categories.id,
            )
        ).map((r) => [r.slug, r.name]),
  );
  return {
    questions_answered: answered,
    correct_answers: correct,
    ratio: answered ? Math.round((correct / answered) * 100) : 0,
    quizzes_played: s?.quizzes_played ?? 0,
    best_category: best,
    weak_category: weak,
    best_category_name: best ? (names.get(best) ?? best) : '',
    weak_category_name: weak ? (names.get(weak) ?? weak) : '',
  };
}
