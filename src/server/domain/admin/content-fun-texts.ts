import { and, asc, count, eq, ilike, ne, or } from 'drizzle-orm';
import { CATEGORY_TYPES, type AdminFunText } from '../../../core/contract';
import type { Db } from '../../db/client';
import { categories, comprehensions, questions, subcategories } from '../../db/schema';
import { AppError } from '../../errors';
import { freeSlug, slugOf } from '../content-import/import-targets';
import { adminCategory } from './content-categories';
import {
  badField,
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
  id: comprehensions.id,
  language_id: comprehensions.language_id,
  category_id: comprehensions.category_id,
  category_name: categories.name,
  subcategory_id: comprehensions.subcategory_id,
  slug: comprehensions.slug,
  title: comprehensions.title,
  detail: comprehensions.detail,
  video_url: comprehensions.video_url,
  sort: comprehensions.sort,
  status: statusFlag(comprehensions.status),
  questions: countOf(questions, eq(questions.comprehension_id, comprehensions.id)),
};

/** Texts with their category. */
function fromFunTexts(db: Db) {
  return db.orm
    .select(columns)
    .from(comprehensions)
    .innerJoin(categories, eq(categories.id, comprehensions.category_id));
}

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
  const where = and(
    q.language_id ? eq(comprehensions.language_id, q.language_id) : undefined,
    q.category_id ? eq(comprehensions.category_id, q.category_id) : undefined,
    q.subcategory_id ? eq(comprehensions.subcategory_id, q.subcategory_id) : undefined,
    like ? or(ilike(comprehensions.title, like), ilike(comprehensions.slug, like)) : undefined,
    statusIs(comprehensions.status, q.status),
  );
  const rows = await fromFunTexts(db)
    .where(where)
    .orderBy(asc(categories.sort), asc(categories.id), asc(comprehensions.sort), asc(comprehensions.id))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(comprehensions).where(where);
  return { rows, total: n!.n };
}

/** One fun-and-learn text, or a 404 on `field`. */
export async function adminFunText(db: Db, id: number, field = 'id'): Promise<AdminFunText> {
  const [t] = await fromFunTexts(db).where(eq(comprehensions.id, id));
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
    const [s] = await db.orm
      .select({ category_id: subcategories.category_id })
      .from(subcategories)
      .where(eq(subcategories.id, subId));
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
      await db.orm
        .select({ slug: comprehensions.slug })
        .from(comprehensions)
        .where(and(eq(comprehensions.category_id, categoryId), ne(comprehensions.id, before?.id ?? 0)))
    ).map((r) => r.slug),
  );
  const slug = before?.slug ?? freeSlug(slugOf(title), taken);
  if (taken.has(slug)) throw new AppError('slug_taken', { field: 'category_id' });
  const v = {
    video_url: input.video_url ?? before?.video_url ?? '',
    status: input.status ?? before?.status ?? 1,
  };
  const place = { language_id: c.language_id, category_id: categoryId, subcategory_id: subId };
  const write = before
    ? db.orm
        .update(comprehensions)
        .set({ ...place, title, detail, ...v, sort: input.sort ?? before.sort })
        .where(eq(comprehensions.id, before.id))
        .then(() => before.id)
    : db.orm
        .insert(comprehensions)
        .values({
          ...place,
          slug,
          title,
          detail,
          ...v,
          sort: sortOrNext(input.sort, comprehensions.sort, comprehensions, eq(comprehensions.category_id, categoryId)),
        })
        .returning({ id: comprehensions.id })
        .then(([r]) => r!.id);
  const id = await uniqueOr409(write, 'slug_taken', 'category_id');
  // A text's questions sit where it sits (the play finds them through the text, lists by category).
  if (before) {
    await db.orm.update(questions).set(place).where(eq(questions.comprehension_id, id));
  }
  return { before, after: await adminFunText(db, id) };
}
