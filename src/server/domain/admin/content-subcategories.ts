import type { AdminSubcategory } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { freeSlug, slugOf } from '../content-import/import-targets';
import { adminCategory } from './content-categories';
import { likePattern, notFound, required, statusCondition, uniqueOr409 } from './content-common';

const COLUMNS = sql`s.id, s.category_id, s.slug, s.name, s.image, s.sort, s.status::int AS status,
  (SELECT count(*)::int FROM questions q WHERE q.subcategory_id = s.id) AS questions,
  (SELECT count(*)::int FROM comprehensions t WHERE t.subcategory_id = s.id) AS texts,
  coalesce((SELECT max(q.level) FROM questions q WHERE q.subcategory_id = s.id AND q.status = 1), 0)::int AS max_level`;
const FROM = sql`FROM subcategories s JOIN categories c ON c.id = s.category_id AND c.type BETWEEN 1 AND 8`;

export interface SubcategoryQuery {
  category_id: number;
  search?: string;
  status: 'all' | 'active' | 'inactive';
  offset: number;
  limit: number;
}

/** Subcategories of a category in their order, a page of them and how many; 404 for a missing category. */
export async function listSubcategories(
  db: Db,
  q: SubcategoryQuery,
): Promise<{ rows: AdminSubcategory[]; total: number }> {
  await adminCategory(db, q.category_id, 'category_id');
  const like = likePattern(q.search);
  const where = sql`WHERE s.category_id = ${q.category_id}
    ${like ? sql`AND (s.name ILIKE ${like} OR s.slug ILIKE ${like})` : sql``}
    ${statusCondition(sql`s.status`, q.status)}`;
  const rows = await db.rows<AdminSubcategory>(sql`SELECT ${COLUMNS} ${FROM} ${where}
    ORDER BY s.sort, s.id LIMIT ${q.limit} OFFSET ${q.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM subcategories s ${where}`);
  return { rows, total: n!.n };
}

/** One subcategory (of a content mode's category), or a 404 on `field`. */
export async function adminSubcategory(db: Db, id: number, field = 'id'): Promise<AdminSubcategory> {
  const s = await db.one<AdminSubcategory>(sql`SELECT ${COLUMNS} ${FROM} WHERE s.id = ${id}`);
  return s ?? notFound(field, 'subcategory');
}

/** Locks a subcategory's row until the transaction ends (see lockCategory). */
async function lockSubcategory(db: Db, id: number): Promise<void> {
  await db.run(sql`SELECT id FROM subcategories WHERE id = ${id} FOR UPDATE`);
}

export interface SubcategoryInput {
  id?: number;
  category_id?: number;
  name?: string;
  slug?: string;
  sort?: number;
  status?: number;
  image?: string;
}

/** Creates or updates a subcategory; its slug comes from the name when not given, free within its category. */
export async function saveSubcategory(
  db: Db,
  input: SubcategoryInput,
): Promise<{ before: AdminSubcategory | null; after: AdminSubcategory }> {
  if (input.id) await lockSubcategory(db, input.id);
  const before = input.id ? await adminSubcategory(db, input.id) : null;
  const category_id = input.category_id ?? before?.category_id ?? required(input.category_id, 'category_id');
  const name = input.name ?? before?.name ?? required(input.name, 'name');
  if (!before || category_id !== before.category_id) await adminCategory(db, category_id, 'category_id');
  const taken = new Set(
    (
      await db.rows<{ slug: string }>(sql`SELECT slug FROM subcategories
        WHERE category_id = ${category_id} AND id <> ${before?.id ?? 0}`)
    ).map((r) => r.slug),
  );
  const slug = input.slug ?? before?.slug ?? freeSlug(slugOf(name), taken);
  // Players' level progress names a subcategory by its category's slug and its own.
  const changed = before && (['category_id', 'slug'] as const).find((k) => ({ category_id, slug })[k] !== before[k]);
  if (before && changed && before.questions + before.texts > 0) {
    throw new AppError('subcategory_not_empty', {
      field: changed,
      message: `${changed}: cannot change once the subcategory has questions or texts (players' progress names it).`,
    });
  }
  if (taken.has(slug)) throw new AppError('slug_taken', { field: 'slug' });
  const v = { status: input.status ?? before?.status ?? 1, image: input.image ?? before?.image ?? '' };
  const write = before
    ? db.run(sql`UPDATE subcategories SET category_id = ${category_id}, slug = ${slug}, name = ${name},
        image = ${v.image}, sort = ${input.sort ?? before.sort}, status = ${v.status} WHERE id = ${before.id}`)
    : db.one<{ id: number }>(sql`INSERT INTO subcategories (category_id, slug, name, image, sort, status)
        SELECT ${category_id}, ${slug}, ${name}, ${v.image}, coalesce(${input.sort ?? null}::integer, max(sort) + 1, 0),
          ${v.status}
        FROM subcategories WHERE category_id = ${category_id} RETURNING id`);
  const written = await uniqueOr409<unknown>(write, 'slug_taken', 'slug');
  const id = before?.id ?? (written as { id: number }).id;
  return { before, after: await adminSubcategory(db, id) };
}

/** Deletes an empty subcategory; one with questions or texts is a 409. */
export async function deleteSubcategory(db: Db, id: number): Promise<AdminSubcategory> {
  await lockSubcategory(db, id);
  const before = await adminSubcategory(db, id);
  if (before.questions + before.texts > 0) throw new AppError('subcategory_not_empty', { field: 'id' });
  await db.run(sql`DELETE FROM subcategories WHERE id = ${id}`);
  return before;
}
