import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { categories, languages, questions, subcategories, type Row } from '../../db/schema';
import { intArray } from '../../db/sql-helpers';
import { questionKey } from './duplicates';

/** A category or subcategory name as names are matched: case and compatibility forms ignored. */
export const nameKey = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The slug a new category or subcategory gets from its name: ASCII letters and digits (accents
 * dropped), or, for a name with none (Arabic), a short hash of it, since slugs are ASCII.
 */
export function slugOf(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return ascii || `x-${createHash('sha1').update(nameKey(name)).digest('hex').slice(0, 10)}`;
}

/** `base`, or `base-2`, `base-3`... whichever is not taken. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** A category or subcategory, as imports match them. */
export type Named = Pick<Row<typeof categories>, 'id' | 'name' | 'slug'>;

/** Language ids by lower-case code; '' is the default language. */
export async function languageIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.orm
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .orderBy(desc(languages.is_default), languages.id);
  const ids = new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
  if (rows[0]) ids.set('', rows[0].id);
  return ids;
}

/** The categories of a language and mode. */
export async function categoriesOf(db: Db, languageId: number, type: number): Promise<Named[]> {
  const c = categories;
  return await db.orm
    .select({ id: c.id, name: c.name, slug: c.slug })
    .from(c)
    .where(and(eq(c.language_id, languageId), eq(c.type, type)))
    .orderBy(c.id);
}

/** The subcategories of categories, by category id. */
export async function subcategoriesOf(db: Db, categoryIds: readonly number[]): Promise<Map<number, Named[]>> {
  const s = subcategories;
  const rows = await db.orm
    .select({ id: s.id, name: s.name, slug: s.slug, category_id: s.category_id })
    .from(s)
    .where(sql`${s.category_id} = ANY(${intArray(categoryIds)})`)
    .orderBy(s.id);
  const by = new Map<number, Named[]>();
  for (const r of rows) by.set(r.category_id, [...(by.get(r.category_id) ?? []), r]);
  return by;
}

/** The one of `items` a name means: same name, else the slug that name would get. */
export function findNamed<T extends Named>(items: readonly T[], name: string): T | undefined {
  const key = nameKey(name);
  return items.find((i) => nameKey(i.name) === key) ?? items.find((i) => i.slug === slugOf(name));
}

/** The question keys (duplicates.ts) of categories, by category id. */
export async function questionKeysOf(db: Db, categoryIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const rows = await db.orm
    .select({ category_id: questions.category_id, question: questions.question })
    .from(questions)
    .where(sql`${questions.category_id} = ANY(${intArray(categoryIds)})`);
  const by = new Map<number, Set<string>>(categoryIds.map((id) => [id, new Set()]));
  for (const r of rows) by.get(r.category_id)!.add(questionKey(r.question));
  return by;
}

/** Makes a category of a language and mode, placed after the others; its id. */
export async function createCategory(db: Db, languageId: number, type: number, name: string): Promise<number> {
  const taken = new Set((await categoriesOf(db, languageId, type)).map((c) => c.slug));
  const [row] = await db.orm
    .insert(categories)
    .values({
      language_id: languageId,
      type,
      slug: freeSlug(slugOf(name), taken),
      name,
      sort: sql`(SELECT coalesce(max(sort) + 1, 0) FROM categories WHERE language_id = ${languageId} AND type = ${type})`,
    })
    .returning({ id: categories.id });
  return row!.id;
}

/** Makes a subcategory of a category, placed after the others; its id. */
export async function createSubcategory(db: Db, categoryId: number, name: string): Promise<number> {
  const taken = new Set(((await subcategoriesOf(db, [categoryId])).get(categoryId) ?? []).map((s) => s.slug));
  const [row] = await db.orm
    .insert(subcategories)
    .values({
      category_id: categoryId,
      slug: freeSlug(slugOf(name), taken),
      name,
      sort: sql`(SELECT coalesce(max(sort) + 1, 0) FROM subcategories WHERE category_id = ${categoryId})`,
    })
    .returning({ id: subcategories.id });
  return row!.id;
}
