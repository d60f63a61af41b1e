import type { Bookmark, BookmarkState, PlayedCategories, PremiumUnlock, ReportReceipt } from '../../core/contract';
import { and, desc, eq } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { bookmarks, categories, levelResults, questions as questionTable } from '../db/schema';
import { jsonText } from '../db/sql-helpers';
import { AppError } from '../errors';
import { categoryBySlug, MODE_OF_TYPE } from './content';
import { coinBalance, moveCoins } from './ledger';
import { loadPlayQuestions } from './play/sessions';

async function assertQuestion(db: Db, questionId: number): Promise<void> {
  const q = await db.one(sql`SELECT 1 AS ok FROM questions WHERE id = ${questionId} AND status = 1`);
  if (!q) throw new AppError('not_found', { field: 'question_id', message: 'No such question.' });
}

/** Adds (status 1) or removes (status 0) a bookmark of the player's. */
export async function setBookmark(db: Db, userId: number, questionId: number, status: number): Promise<BookmarkState> {
  if (status === 1) {
    await assertQuestion(db, questionId);
    // Only a question the player was served: a bookmark shows its answer, so it must not
    // open questions they never saw (premium ones, exams, contests).
    const served = await db.one(sql`SELECT 1 AS ok FROM play_sessions
      WHERE user_id = ${userId} AND ${questionId} = ANY(question_ids) LIMIT 1`);
    if (!served) throw new AppError('not_found', { field: 'question_id', message: 'No such question.' });
    await db.run(sql`INSERT INTO bookmarks (user_id, question_id) VALUES (${userId}, ${questionId})
      ON CONFLICT DO NOTHING`);
    return { question_id: questionId, bookmarked: true };
  }
  const n = await db.run(sql`DELETE FROM bookmarks WHERE user_id = ${userId} AND question_id = ${questionId}`);
  if (n === 0) throw new AppError('bookmark_remove_failed', { field: 'question_id' });
  return { question_id: questionId, bookmarked: false };
}

/**
 * The player's bookmarks, newest first, each with its question as played (at most `limit`;
 * `repeatable` as loadPlayQuestions takes it).
 */
export async function listBookmarks(
  db: Db,
  userId: number,
  type?: number,
  o: { limit?: number; repeatable?: boolean } = {},
): Promise<Bookmark[]> {
  const b = bookmarks;
  const c = categories;
  const rows = await db.orm
    .select({ question_id: b.question_id, type: c.type, category_name: c.name, created_at: jsonText(b.created_at) })
    .from(b)
    .innerJoin(questionTable, eq(questionTable.id, b.question_id))
    .innerJoin(c, eq(c.id, questionTable.category_id))
    .where(and(eq(b.user_id, userId), sql`${questionTable.status} = 1`, type ? eq(c.type, type) : undefined))
    .orderBy(desc(b.created_at), desc(b.question_id))
    .limit(o.limit ?? 500);
  const questions = new Map(
    (
      await loadPlayQuestions(
        db,
        userId,
        rows.map((r) => r.question_id),
        { repeatable: o.repeatable ?? false },
      )
    ).map((q) => [q.id, q]),
  );
  return rows.map((r) => ({
    question_id: r.question_id,
    type: r.type,
    category_name: r.category_name,
    question: questions.get(r.question_id)!,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** Reports a question with a reason; reporting it again while open updates the reason. */
export async function reportQuestion(
  db: Db,
  userId: number,
  questionId: number,
  message: string,
): Promise<ReportReceipt> {
  await assertQuestion(db, questionId);
  // One statement, so two reports at once cannot both insert.
  await db.run(sql`INSERT INTO question_reports (user_id, question_id, message)
    VALUES (${userId}, ${questionId}, ${message})
    ON CONFLICT (user_id, question_id) WHERE status = 'open'
    DO UPDATE SET message = EXCLUDED.message, updated_at = now()`);
  return { question_id: questionId, reported: true };
}

/** Unlocks a premium category for its coins, once (by mode and slug, so in every language). */
export async function unlockPremium(
  db: Db,
  userId: number,
  o: { languageId: number; type: number; slug: string },
): Promise<PremiumUnlock> {
  const cat = await categoryBySlug(db, o.languageId, o.slug, o.type);
  if (cat.premium_price <= 0)
    return { category: cat.slug, has_unlocked: true, paid: 0, coins: await coinBalance(db, userId) };
  const inserted = await db.run(sql`INSERT INTO premium_unlocks (user_id, type, slug, price)
    VALUES (${userId}, ${o.type}, ${cat.slug}, ${cat.premium_price}) ON CONFLICT DO NOTHING`);
  if (inserted === 0) return { category: cat.slug, has_unlocked: true, paid: 0, coins: await coinBalance(db, userId) };
  // Fails with not_enough_coins, and the transaction takes the unlock row back with it.
  const paid = await moveCoins(db, {
    userId,
    delta: -cat.premium_price,
    reason: 'premium_category',
    ref: `${o.type}/${cat.slug}`,
    opId: `premium:${o.type}:${cat.slug}`,
  });
  return { category: cat.slug, has_unlocked: true, paid: cat.premium_price, coins: paid.balance };
}

/** Categories and subcategories of a mode the player has finished a play in. */
export async function playedCategories(db: Db, userId: number, type: number): Promise<PlayedCategories> {
  const mode = MODE_OF_TYPE[type] ?? 'quiz_zone';
  const lr = levelResults;
  const rows = await db.orm
    .selectDistinct({ category: lr.category, subcategory: lr.subcategory })
    .from(lr)
    .where(and(eq(lr.user_id, userId), eq(lr.mode, mode)))
    .orderBy(lr.category, lr.subcategory);
  return {
    type,
    categories: [...new Set(rows.map((r) => r.category))],
    subcategories: rows.map((r) => `${r.category}/${r.subcategory}`),
  };
}
