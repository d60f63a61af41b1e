import { and, asc, between, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { AdminCategory } from '../../../core/contract';
import type { Db } from '../../db/client';
import { categories, comprehensions, languages, questions, subcategories } from '../../db/schema';
import { AppError } from '../../errors';
import { freeSlug, slugOf } from '../content-import/import-targets';
import { adminLanguage } from './content-languages';
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

/** The modes the console manages here (exams and contests keep their own categories). */
const CONTENT_TYPES = between(categories.type, 1, 8);

const columns = {
  id: categories.id,
  language_id: categories.language_id,
  language_code: languages.code,
  type: sql<number>`${categories.type}::int`,
  slug: categories.slug,
  name: categories.name,
  image: categories.image,
  premium_price: categories.premium_price,
  sort: categories.sort,
  status: statusFlag(categories.status),
  subcategories: countOf(subcategories, eq(subcategories.category_id, categories.id)),
  questions: countOf(questions, eq(questions.category_id, categories.id)).as('questions'),
  texts: countOf(comprehensions, eq(comprehensions.category_id, categories.id)),
};

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

const SORTS = {
  sort: sql`${categories.sort}`,
  name: sql`lower(${categories.name})`,
  id: sql`${categories.id}`,
  questions: sql`questions`,
};

/** Categories of the content modes, filtered and sorted, a page of them and how many. */
export async function listCategories(db: Db, q: CategoryQuery): Promise<{ rows: AdminCategory[]; total: number }> {
  const like = likePattern(q.search);
  const where = and(
    CONTENT_TYPES,
    q.type ? eq(categories.type, q.type) : undefined,
    q.language_id ? eq(categories.language_id, q.language_id) : undefined,
    like ? or(ilike(categories.name, like), ilike(categories.slug, like)) : undefined,
    statusIs(categories.status, q.status),
  );
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db.orm
    .select(columns)
    .from(categories)
    .innerJoin(languages, eq(languages.id, categories.language_id))
    .where(where)
    .orderBy(dir(SORTS[q.sort]), dir(categories.id))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(categories).where(where);
  return { rows, total: n!.n };
}

/** One category of the content modes, or a 404 on `field`. */
export async function adminCategory(db: Db, id: number, field = 'id'): Promise<AdminCategory> {
  const [c] = await db.orm
    .select(columns)
    .from(categories)
    .innerJoin(languages, eq(languages.id, categories.language_id))
    .where(and(eq(categories.id, id), CONTENT_TYPES));
  return c ?? notFound(field, 'category');
}

/**
 * Locks a category's row until the transaction ends: a question or text added meanwhile (its
 * foreign key check waits for the lock) cannot slip past an emptiness check.
 */
export async function lockCategory(db: Db, id: number): Promise<void> {
  await db.orm.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
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
      await db.orm
        .select({ slug: categories.slug })
        .from(categories)
        .where(
          and(eq(categories.language_id, language_id), eq(categories.type, type), ne(categories.id, before?.id ?? 0)),
        )
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
    ? db.orm
        .update(categories)
        .set({ language_id, type, slug, name, ...v, sort: input.sort ?? before.sort })
        .where(eq(categories.id, before.id))
        .then(() => before.id)
    : db.orm
        .insert(categories)
        .values({
          language_id,
          type,
          slug,
          name,
          ...v,
          sort: sortOrNext(
            input.sort,
            categories.sort,
            categories,
            and(eq(categories.language_id, language_id), eq(categories.type, type))!,
          ),
        })
        .returning({ id: categories.id })
        .then(([r]) => r!.id);
  const id = await uniqueOr409(write, 'slug_taken', 'slug');
  return { before, after: await adminCategory(db, id) };
}

/** Deletes an empty category (its subcategories go with it); one with questions or texts is a 409. */
export async function deleteCategory(db: Db, id: number): Promise<AdminCategory> {
  await lockCategory(db, id);
  const before = await adminCategory(db, id);
  if (before.questions + before.texts > 0) throw new AppError('category_not_empty', { field: 'id' });
  await db.orm.delete(categories).where(eq(categories.id, id));
  return before;
}
