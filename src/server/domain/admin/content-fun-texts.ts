import { CATEGORY_TYPES, type AdminFunText } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { freeSlug, slugOf } from '../content-import/import-targets';
import { adminCategory } from './content-categories';
import { badField, likePattern, notFound, required, statusCondition, uniqueOr409 } from './content-common';

const COLUMNS = sql`t.id, t.language_id, t.category_id, c.name AS category_name, t.subcategory_id, t.slug, t.title,
  t.detail, t.video_url, t.sort, t.status::int AS status,
  (SELECT count(*)::int FROM questions q WHERE q.comprehension_id = t.id) AS questions`;
const FROM = sql`FROM comprehensions t JOIN categories c ON c.id = t.category_id`;

export interface FunTextQuery {
  language_id?: number;
  category_id?: number;
  subcategory_id?: number;
  search?: string;
  status: 'all' | 'active' | 'inactive';
  offset: number;
  limit: number;
}

/** Fun-and-learn texts in their order, filtered, a page of them and how many. */
export async function listFunTexts(db: Db, q: FunTextQuery): Promise<{ rows: AdminFunText[]; total: number }> {
  const like = likePattern(q.search);
  const where = sql`WHERE TRUE
    ${q.language_id ? sql`AND t.language_id = ${q.language_id}` : sql``}
    ${q.category_id ? sql`AND t.category_id = ${q.category_id}` : sql``}
    ${q.subcategory_id ? sql`AND t.subcategory_id = ${q.subcategory_id}` : sql``}
    ${like ? sql`AND (t.title ILIKE ${like} OR t.slug ILIKE ${like})` : sql``}
    ${statusCondition(sql`t.status`, q.status)}`;
  const rows = await db.rows<AdminFunText>(sql`SELECT ${COLUMNS} ${FROM} ${where}
    ORDER BY c.sort, c.id, t.sort, t.id LIMIT ${q.limit} OFFSET ${q.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM comprehensions t ${where}`);
  return { rows, total: n!.n };
}

/** One fun-and-learn text, or a 404 on `field`. */
export async function adminFunText(db: Db, id: number, field = 'id'): Promise<AdminFunText> {
  const t = await db.one<AdminFunText>(sql`SELECT ${COLUMNS} ${FROM} WHERE t.id = ${id}`);
  return t ?? notFound(field, 'fun-and-learn text');
}

export interface FunTextInput {
  id?: number;
  category_id?: number;
  /** 0: none. */
  subcategory_id?: number;
  title?: string;
  detail?: string;
  video_url?: string;
  sort?: number;
  status?: number;
}

/** The category (of fun and learn) and subcategory (of that category, or none) a text goes to. */
async function textPlace(db: Db, categoryId: number, subId: number | null) {
  const c = await adminCategory(db, categoryId, 'category_id');
  if (c.type !== CATEGORY_TYPES.fun_n_learn) badField('category_id', 'must be a fun-and-learn category');
  if (subId !== null) {
    const s = await db.one<{ category_id: number }>(sql`SELECT category_id FROM subcategories WHERE id = ${subId}`);
    if (!s) notFound('subcategory_id', 'subcategory');
    if (s.category_id !== categoryId) badField('subcategory_id', 'does not belong to the category');
  }
  return c;
}

/**
 * Creates or updates a fun-and-learn text; its slug comes from the title, free in its category.
 * Moving it to another category or subcategory moves its questions along.
 */
export async function saveFunText(
  db: Db,
  input: FunTextInput,
): Promise<{ before: AdminFunText | null; after: AdminFunText }> {
  const before = input.id ? await adminFunText(db, input.id) : null;
  const categoryId = input.category_id ?? before?.category_id ?? required(input.category_id, 'category_id');
  const subId = input.subcategory_id !== undefined ? input.subcategory_id || null : (before?.subcategory_id ?? null);
  const title = input.title ?? before?.title ?? required(input.title, 'title');
  const detail = input.detail ?? before?.detail ?? required(input.detail, 'detail');
  const c = await textPlace(db, categoryId, subId);
  const taken = new Set(
    (
      await db.rows<{ slug: string }>(sql`SELECT slug FROM comprehensions
        WHERE category_id = ${categoryId} AND id <> ${before?.id ?? 0}`)
    ).map((r) => r.slug),
  );
  const slug = before?.slug ?? freeSlug(slugOf(title), taken);
  if (taken.has(slug)) throw new AppError('slug_taken', { field: 'category_id' });
  const v = {
    video_url: input.video_url ?? before?.video_url ?? '',
    status: input.status ?? before?.status ?? 1,
  };
  const write = before
    ? db.run(sql`UPDATE comprehensions SET language_id = ${c.language_id}, category_id = ${categoryId},
        subcategory_id = ${subId}, title = ${title}, detail = ${detail}, video_url = ${v.video_url},
        sort = ${input.sort ?? before.sort}, status = ${v.status} WHERE id = ${before.id}`)
    : db.one<{ id: number }>(sql`INSERT INTO comprehensions (language_id, category_id, subcategory_id, slug, title,
          detail, video_url, sort, status)
        SELECT ${c.language_id}, ${categoryId}, ${subId}, ${slug}, ${title}, ${detail}, ${v.video_url},
          coalesce(${input.sort ?? null}::integer, max(sort) + 1, 0), ${v.status}
        FROM comprehensions WHERE category_id = ${categoryId} RETURNING id`);
  const written = await uniqueOr409<unknown>(write, 'slug_taken', 'category_id');
  const id = before?.id ?? (written as { id: number }).id;
  // A text's questions sit where it sits (the play finds them through the text, lists by category).
  if (before) {
    await db.run(sql`UPDATE questions SET language_id = ${c.language_id}, category_id = ${categoryId},
      subcategory_id = ${subId} WHERE comprehension_id = ${id}`);
  }
  return { before, after: await adminFunText(db, id) };
}
