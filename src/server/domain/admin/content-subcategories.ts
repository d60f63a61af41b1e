import { and, asc, between, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { AdminSubcategory } from '../../../core/contract';
import type { Db } from '../../db/client';
import { categories, comprehensions, questions, subcategories } from '../../db/schema';
import { AppError } from '../../errors';
import { freeSlug, slugOf } from '../content-import/import-targets';
import { adminCategory } from './content-categories';
import {
  countOf,
  likePattern,
  notFound,
  required,
  sortOrNext,
  statusFlag,
  statusIs,
  uniqueOr409,
} from './content-common';

const columns = {
  id: subcategories.id,
  category_id: subcategories.category_id,
  slug: subcategories.slug,
  name: subcategories.name,
  image: subcategories.image,
  sort: subcategories.sort,
  status: statusFlag(subcategories.status),
  questions: countOf(questions, eq(questions.subcategory_id, subcategories.id)),
  texts: countOf(comprehensions, eq(comprehensions.subcategory_id, subcategories.id)),
  max_level: sql<number>`coalesce((SELECT max(${questions.level}) FROM ${questions}
    WHERE ${questions.subcategory_id} = ${subcategories.id} AND ${questions.status} = 1), 0)::int`,
};

/** Subcategories with their category, when that is one of the content modes'. */
function fromContentSubcategories(db: Db) {
  return db.orm
    .select(columns)
    .from(subcategories)
    .innerJoin(categories, and(eq(categories.id, subcategories.category_id), between(categories.type, 1, 8)));
}

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
  const where = and(
    eq(subcategories.category_id, q.category_id),
    like ? or(ilike(subcategories.name, like), ilike(subcategories.slug, like)) : undefined,
    statusIs(subcategories.status, q.status),
  );
  const rows = await fromContentSubcategories(db)
    .where(where)
    .orderBy(asc(subcategories.sort), asc(subcategories.id))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(subcategories).where(where);
  return { rows, total: n!.n };
}

/** One subcategory (of a content mode's category), or a 404 on `field`. */
export async function adminSubcategory(db: Db, id: number, field = 'id'): Promise<AdminSubcategory> {
  const [s] = await fromContentSubcategories(db).where(eq(subcategories.id, id));
  return s ?? notFound(field, 'subcategory');
}

/** Locks a subcategory's row until the transaction ends (see lockCategory). */
async function lockSubcategory(db: Db, id: number): Promise<void> {
  await db.orm.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.id, id)).for('update');
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
      await db.orm
        .select({ slug: subcategories.slug })
        .from(subcategories)
        .where(and(eq(subcategories.category_id, category_id), ne(subcategories.id, before?.id ?? 0)))
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
    ? db.orm
        .update(subcategories)
        .set({ category_id, slug, name, ...v, sort: input.sort ?? before.sort })
        .where(eq(subcategories.id, before.id))
        .then(() => before.id)
    : db.orm
        .insert(subcategories)
        .values({
          category_id,
          slug,
          name,
          ...v,
          sort: sortOrNext(input.sort, subcategories.sort, subcategories, eq(subcategories.category_id, category_id)),
        })
        .returning({ id: subcategories.id })
        .then(([r]) => r!.id);
  const id = await uniqueOr409(write, 'slug_taken', 'slug');
  return { before, after: await adminSubcategory(db, id) };
}

/** Deletes an empty subcategory; one with questions or texts is a 409. */
export async function deleteSubcategory(db: Db, id: number): Promise<AdminSubcategory> {
  await lockSubcategory(db, id);
  const before = await adminSubcategory(db, id);
  if (before.questions + before.texts > 0) throw new AppError('subcategory_not_empty', { field: 'id' });
  await db.orm.delete(subcategories).where(eq(subcategories.id, id));
  return before;
}
