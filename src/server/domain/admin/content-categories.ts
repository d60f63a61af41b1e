import type { AdminCategory } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { freeSlug, slugOf } from '../content-import/import-targets';
import { adminLanguage } from './content-languages';
import { likePattern, notFound, required, statusCondition, uniqueOr409 } from './content-common';

/** The modes the console manages here (exams and contests keep their own categories). */
const CONTENT_TYPES = sql`c.type BETWEEN 1 AND 8`;

const COLUMNS = sql`c.id, c.language_id, l.code AS language_code, c.type::int AS type, c.slug, c.name, c.image,
  c.premium_price, c.sort, c.status::int AS status,
  (SELECT count(*)::int FROM subcategories s WHERE s.category_id = c.id) AS subcategories,
  (SELECT count(*)::int FROM questions q WHERE q.category_id = c.id) AS questions,
  (SELECT count(*)::int FROM comprehensions t WHERE t.category_id = c.id) AS texts`;

export interface CategoryQuery {
  type?: number;
  language_id?: number;
  search?: string;
  status: 'all' | 'active' | 'inactive';
  sort: 'sort' | 'name' | 'id' | 'questions';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const SORTS = { sort: sql`c.sort`, name: sql`lower(c.name)`, id: sql`c.id`, questions: sql`questions` };

/** Categories of the content modes, filtered and sorted, a page of them and how many. */
export async function listCategories(db: Db, q: CategoryQuery): Promise<{ rows: AdminCategory[]; total: number }> {
  const like = likePattern(q.search);
  const where = sql`WHERE ${CONTENT_TYPES}
    ${q.type ? sql`AND c.type = ${q.type}` : sql``}
    ${q.language_id ? sql`AND c.language_id = ${q.language_id}` : sql``}
    ${like ? sql`AND (c.name ILIKE ${like} OR c.slug ILIKE ${like})` : sql``}
    ${statusCondition(sql`c.status`, q.status)}`;
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await db.rows<AdminCategory>(sql`SELECT ${COLUMNS}
    FROM categories c JOIN languages l ON l.id = c.language_id ${where}
    ORDER BY ${SORTS[q.sort]} ${dir}, c.id ${dir} LIMIT ${q.limit} OFFSET ${q.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories c ${where}`);
  return { rows, total: n!.n };
}

/** One category of the content modes, or a 404 on `field`. */
export async function adminCategory(db: Db, id: number, field = 'id'): Promise<AdminCategory> {
  const c = await db.one<AdminCategory>(sql`SELECT ${COLUMNS}
    FROM categories c JOIN languages l ON l.id = c.language_id WHERE c.id = ${id} AND ${CONTENT_TYPES}`);
  return c ?? notFound(field, 'category');
}

/**
 * Locks a category's row until the transaction ends: a question or text added meanwhile (its
 * foreign key check waits for the lock) cannot slip past an emptiness check.
 */
export async function lockCategory(db: Db, id: number): Promise<void> {
  await db.run(sql`SELECT id FROM categories WHERE id = ${id} FOR UPDATE`);
}

export interface CategoryInput {
  id?: number;
  language_id?: number;
  type?: number;
  name?: string;
  slug?: string;
  premium_price?: number;
  sort?: number;
  status?: number;
  image?: string;
}

/**
 * Its language, mode and slug name a category in players' progress and unlocks (and its
 * questions carry its language): they change only while it is empty.
 */
function assertIdentityKept(before: AdminCategory, next: { language_id: number; type: number; slug: string }) {
  const changed = (['language_id', 'type', 'slug'] as const).find((k) => next[k] !== before[k]);
  if (changed && before.questions + before.texts > 0) {
    throw new AppError('category_not_empty', {
      field: changed,
      message: `${changed}: cannot change once the category has questions or texts (players' progress and unlocks name it).`,
    });
  }
}

/** Creates or updates a category; the slug comes from the name when not given, free within its language and mode. */
export async function saveCategory(
  db: Db,
  input: CategoryInput,
): Promise<{ before: AdminCategory | null; after: AdminCategory }> {
  if (input.id) await lockCategory(db, input.id);
  const before = input.id ? await adminCategory(db, input.id) : null;
  const language_id = input.language_id ?? before?.language_id ?? required(input.language_id, 'language_id');
  const type = input.type ?? before?.type ?? required(input.type, 'type');
  const name = input.name ?? before?.name ?? required(input.name, 'name');
  if (!before || language_id !== before.language_id) await adminLanguage(db, language_id, 'language_id');
  const taken = new Set(
    (
      await db.rows<{ slug: string }>(sql`SELECT slug FROM categories
        WHERE language_id = ${language_id} AND type = ${type} AND id <> ${before?.id ?? 0}`)
    ).map((r) => r.slug),
  );
  const slug = input.slug ?? before?.slug ?? freeSlug(slugOf(name), taken);
  if (before) assertIdentityKept(before, { language_id, type, slug });
  if (taken.has(slug)) throw new AppError('slug_taken', { field: 'slug' });
  const v = {
    premium_price: input.premium_price ?? before?.premium_price ?? 0,
    status: input.status ?? before?.status ?? 1,
    image: input.image ?? before?.image ?? '',
  };
  const write = before
    ? db.run(sql`UPDATE categories SET language_id = ${language_id}, type = ${type}, slug = ${slug}, name = ${name},
        image = ${v.image}, premium_price = ${v.premium_price}, sort = ${input.sort ?? before.sort}, status = ${v.status}
        WHERE id = ${before.id}`)
    : db.one<{
        id: number;
      }>(sql`INSERT INTO categories (language_id, type, slug, name, image, premium_price, sort, status)
        SELECT ${language_id}, ${type}, ${slug}, ${name}, ${v.image}, ${v.premium_price},
          coalesce(${input.sort ?? null}::integer, max(sort) + 1, 0), ${v.status}
        FROM categories WHERE language_id = ${language_id} AND type = ${type} RETURNING id`);
  const written = await uniqueOr409<unknown>(write, 'slug_taken', 'slug');
  const id = before?.id ?? (written as { id: number }).id;
  return { before, after: await adminCategory(db, id) };
}

/** Deletes an empty category (its subcategories go with it); one with questions or texts is a 409. */
export async function deleteCategory(db: Db, id: number): Promise<AdminCategory> {
  await lockCategory(db, id);
  const before = await adminCategory(db, id);
  if (before.questions + before.texts > 0) throw new AppError('category_not_empty', { field: 'id' });
  await db.run(sql`DELETE FROM categories WHERE id = ${id}`);
  return before;
}
