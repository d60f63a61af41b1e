import { createHash } from 'node:crypto';
import { sql, type Db } from '../../db/client';
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

export interface Named {
  id: number;
  name: string;
  slug: string;
}

/** Language ids by lower-case code; '' is the default language. */
export async function languageIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.rows<{ id: number; code: string }>(sql`SELECT id, code FROM languages
    ORDER BY is_default DESC, id`);
  const ids = new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
  if (rows[0]) ids.set('', rows[0].id);
  return ids;
}

/** The categories of a language and mode. */
export function categoriesOf(db: Db, languageId: number, type: number): Promise<Named[]> {
  return db.rows<Named>(sql`SELECT id, name, slug FROM categories
    WHERE language_id = ${languageId} AND type = ${type} ORDER BY id`);
}

/** The subcategories of categories, by category id. */
export async function subcategoriesOf(db: Db, categoryIds: readonly number[]): Promise<Map<number, Named[]>> {
  const rows = await db.rows<Named & { category_id: number }>(sql`SELECT id, name, slug, category_id
    FROM subcategories WHERE category_id = ANY(${`{${categoryIds.join(',')}}`}::integer[]) ORDER BY id`);
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
  const rows = await db.rows<{ category_id: number; question: string }>(sql`SELECT category_id, question
    FROM questions WHERE category_id = ANY(${`{${categoryIds.join(',')}}`}::integer[])`);
  const by = new Map<number, Set<string>>(categoryIds.map((id) => [id, new Set()]));
  for (const r of rows) by.get(r.category_id)!.add(questionKey(r.question));
  return by;
}

/** Makes a category of a language and mode, placed after the others; its id. */
export async function createCategory(db: Db, languageId: number, type: number, name: string): Promise<number> {
  const taken = new Set((await categoriesOf(db, languageId, type)).map((c) => c.slug));
  const row = await db.one<{ id: number }>(sql`INSERT INTO categories (language_id, type, slug, name, sort)
    SELECT ${languageId}, ${type}, ${freeSlug(slugOf(name), taken)}, ${name}, coalesce(max(sort) + 1, 0)
    FROM categories WHERE language_id = ${languageId} AND type = ${type}
    RETURNING id`);
  return row!.id;
}

/** Makes a subcategory of a category, placed after the others; its id. */
export async function createSubcategory(db: Db, categoryId: number, name: string): Promise<number> {
  const taken = new Set(((await subcategoriesOf(db, [categoryId])).get(categoryId) ?? []).map((s) => s.slug));
  const row = await db.one<{ id: number }>(sql`INSERT INTO subcategories (category_id, slug, name, sort)
    SELECT ${categoryId}, ${freeSlug(slugOf(name), taken)}, ${name}, coalesce(max(sort) + 1, 0)
    FROM subcategories WHERE category_id = ${categoryId}
    RETURNING id`);
  return row!.id;
}
