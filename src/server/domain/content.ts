import { CATEGORY_TYPES, type Category, type SoloMode, type Subcategory } from '../../core/contract';
import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db, type SQL } from '../db/client';
import { categories, premiumUnlocks, questions, subcategories, type Row } from '../db/schema';
import { AppError } from '../errors';

/** The level/round modes by category type. */
export const MODE_OF_TYPE: Record<number, SoloMode> = {
  [CATEGORY_TYPES.quiz_zone]: 'quiz_zone',
  [CATEGORY_TYPES.fun_n_learn]: 'fun_n_learn',
  [CATEGORY_TYPES.guess_the_word]: 'guess_the_word',
  [CATEGORY_TYPES.audio]: 'audio',
  [CATEGORY_TYPES.maths]: 'maths',
  [CATEGORY_TYPES.multi_match]: 'multi_match',
};

/** A question's subcategory, if any, is active (an operator's disabled subcategory is not served). */
export const ACTIVE_SUBCATEGORY = sql`(q.subcategory_id IS NULL
  OR q.subcategory_id IN (SELECT id FROM subcategories WHERE status = 1))`;

// The lists name their tables as the SQL always did: c, s, and q for the active questions' counts.
const c = alias(categories, 'c');
const s = alias(subcategories, 's');

/** The number and the highest level of the active questions that `where` keeps (a lateral join's `q`). */
function activeQuestions(db: Db, where: SQL) {
  return db.orm
    .select({
      n: sql<number>`count(*)`.as('n'),
      maxlevel: sql<number | null>`max(${questions.level})`.as('maxlevel'),
    })
    .from(questions)
    .where(and(where, sql`${questions.status} = 1`))
    .as('q');
}

/** Categories of a mode in a language, with their counts and the player's unlocks. */
export async function listCategories(db: Db, languageId: number, type: number, userId?: number): Promise<Category[]> {
  const q = activeQuestions(db, eq(questions.category_id, c.id));
  // The fields in the order the API has always listed them.
  return db.orm
    .select({
      id: c.id,
      slug: c.slug,
      category_name: c.name,
      image: c.image,
      language_id: c.language_id,
      type: c.type,
      is_premium: sql<boolean>`${c.premium_price} > 0`,
      coins: c.premium_price,
      has_unlocked: sql<boolean>`(${c.premium_price} = 0 OR EXISTS (SELECT 1 FROM premium_unlocks u
        WHERE u.user_id = ${userId ?? 0} AND u.type = ${c.type} AND u.slug = ${c.slug}))`,
      no_of_subcategories: sql<number>`(SELECT count(*) FROM subcategories s
        WHERE s.category_id = ${c.id} AND s.status = 1)::int`,
      no_of_que: sql<number>`coalesce(${q.n}, 0)::int`,
      maxlevel: sql<number>`coalesce(${q.maxlevel}, 0)::int`,
    })
    .from(c)
    .leftJoinLateral(q, sql`true`)
    .where(and(eq(c.language_id, languageId), eq(c.type, type), sql`${c.status} = 1`))
    .orderBy(c.sort, c.id);
}

/**
 * A category list as `userId` sees it: the list as anyone sees it (premium ones locked) with the
 * premium categories of its type that this player unlocked opened (what `listCategories` answers
 * for them, from the shared list and one small read).
 */
export async function withPlayerUnlocks(db: Db, userId: number, type: number, list: Category[]): Promise<Category[]> {
  if (!list.some((c) => c.is_premium)) return list;
  const rows = await db.orm
    .select({ slug: premiumUnlocks.slug })
    .from(premiumUnlocks)
    .where(and(eq(premiumUnlocks.user_id, userId), eq(premiumUnlocks.type, type)));
  const unlocked = new Set(rows.map((r) => r.slug));
  return list.map((c) => (c.is_premium && unlocked.has(c.slug) ? { ...c, has_unlocked: true } : c));
}

export type CategoryRow = Pick<Row<typeof categories>, 'id' | 'slug' | 'name' | 'type' | 'premium_price'>;

/** A category of a mode by slug in a language, or a 404. */
export async function categoryBySlug(db: Db, languageId: number, slug: string, type = 1): Promise<CategoryRow> {
  const k = categories;
  const [c] = await db.orm
    .select({ id: k.id, slug: k.slug, name: k.name, type: k.type, premium_price: k.premium_price })
    .from(k)
    .where(and(eq(k.language_id, languageId), eq(k.type, type), eq(k.slug, slug), sql`${k.status} = 1`));
  if (!c) throw new AppError('not_found', { field: 'category', message: 'No such category.' });
  return c;
}

/** Refuses a premium category the player has not unlocked. */
export async function assertUnlocked(db: Db, userId: number, c: { type: number; slug: string; premium_price: number }) {
  if (c.premium_price <= 0) return;
  const u = await db.one(sql`SELECT 1 AS ok FROM premium_unlocks
    WHERE user_id = ${userId} AND type = ${c.type} AND slug = ${c.slug}`);
  if (!u) throw new AppError('premium_locked');
}

/** Subcategories of a category (or the one named), with level and question counts. */
export async function listSubcategories(db: Db, categoryId: number, slug?: string): Promise<Subcategory[]> {
  const q = activeQuestions(db, eq(questions.subcategory_id, s.id));
  return db.orm
    .select({
      id: s.id,
      slug: s.slug,
      subcategory_name: s.name,
      image: s.image,
      category_id: s.category_id,
      category_slug: c.slug,
      maxlevel: sql<number>`coalesce(${q.maxlevel}, 0)::int`,
      no_of_que: sql<number>`coalesce(${q.n}, 0)::int`,
    })
    .from(s)
    .innerJoin(c, eq(c.id, s.category_id))
    .leftJoinLateral(q, sql`true`)
    .where(and(eq(s.category_id, categoryId), sql`${s.status} = 1`, slug ? eq(s.slug, slug) : undefined))
    .orderBy(s.sort, s.id);
}

/**
 * Levels (or rounds) of a subcategory of a mode, found by slugs in any language (progress is
 * kept by slug, so a player's levels are the same whichever language they play in).
 */
export async function subcategoryLevels(
  db: Db,
  categorySlug: string,
  subcategorySlug: string,
  type = 1,
): Promise<{ maxLevel: number; counts: Map<number, number> }> {
  const [q, s, c] = [questions, subcategories, categories];
  // The subcategory's levels in the first language (the default first) that has it.
  const language = sql`(SELECT c2.language_id FROM categories c2 JOIN languages l ON l.id = c2.language_id
    JOIN subcategories s2 ON s2.category_id = c2.id AND s2.slug = ${subcategorySlug} AND s2.status = 1
    WHERE c2.type = ${type} AND c2.slug = ${categorySlug} AND c2.status = 1 ORDER BY l.is_default DESC, l.id LIMIT 1)`;
  const rows = await db.orm
    .select({ level: q.level, n: count() })
    .from(q)
    .innerJoin(s, eq(s.id, q.subcategory_id))
    .innerJoin(c, eq(c.id, s.category_id))
    .where(
      and(
        eq(c.type, type),
        eq(c.slug, categorySlug),
        eq(s.slug, subcategorySlug),
        sql`${q.status} = 1`,
        sql`${s.status} = 1`,
        sql`${c.status} = 1`,
        sql`${c.language_id} = ${language}`,
      ),
    )
    .groupBy(q.level)
    .orderBy(q.level);
  if (rows.length === 0) throw new AppError('not_found', { field: 'subcategory', message: 'No such subcategory.' });
  return { maxLevel: Math.max(...rows.map((r) => r.level)), counts: new Map(rows.map((r) => [r.level, r.n])) };
}
