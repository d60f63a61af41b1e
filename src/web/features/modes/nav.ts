import { useLocation } from 'react-router-dom';
import type { Subcategory } from '../../../core/contract';
import { api, ApiError, type CallOptions } from '../../lib/api-client';

/** What a link hands the next page: its heading, so it shows translated at once. */
export interface NavState {
  title?: string;
}

/** A readable heading from a slug while the real name is not at hand ("arts-and-literature" → "Arts and literature"). */
export function titleFromSlug(slug: string): string {
  let s = slug;
  try {
    s = decodeURIComponent(slug);
  } catch {
    // A malformed escape: show it as it is.
  }
  s = s.replace(/-/g, ' ');
  return s.charAt(0).toLocaleUpperCase() + s.slice(1);
}

// Names seen in lists, by content language and page path: a page reached by a back link or a
// reload still gets its name when the list was seen in this visit.
const titles = new Map<string, string>();
const trim = (path: string) => path.replace(/\/+$/, '');

/** Remembers the heading of the page at `path` (from a list that links to it). */
export function rememberTitle(languageId: number, path: string, title: string): void {
  titles.set(`${languageId}|${trim(path)}`, title);
}

/** The heading of the current page: navigation state, a remembered name, then `fallback`. */
export function usePageTitle(languageId: number, fallback: string): string {
  const location = useLocation();
  const fromState = (location.state as NavState | null)?.title;
  return fromState ?? titles.get(`${languageId}|${trim(location.pathname)}`) ?? fallback;
}

/** The remembered heading of another page (for back links), or `fallback`. */
export function titleOf(languageId: number, path: string, fallback: string): string {
  return titles.get(`${languageId}|${trim(path)}`) ?? fallback;
}

// Subcategory records by language, type and slugs: the mode calls want the subcategory's id.
const subcategories = new Map<string, Subcategory>();
const subKey = (languageId: number, type: number, category: string, sub: string) =>
  `${languageId}|${type}|${category}|${sub}`;

/** Lists a category's subcategories and remembers them. */
export async function loadSubcategories(
  languageId: number,
  type: number,
  category: string,
  opts: CallOptions = {},
): Promise<Subcategory[]> {
  const list = await api(
    'get_subcategory_by_maincategory',
    { type, language_id: languageId, category_slug: category },
    opts,
  );
  return rememberSubcategories(languageId, type, category, list);
}

/** Remembers a category's subcategories as listed (for `findSubcategory`); returns the list. */
export function rememberSubcategories(
  languageId: number,
  type: number,
  category: string,
  list: Subcategory[],
): Subcategory[] {
  for (const s of list) subcategories.set(subKey(languageId, type, category, s.slug), s);
  return list;
}

/** The subcategory `sub` of `category` as last listed in this visit, if it was. */
export function rememberedSubcategory(
  languageId: number,
  type: number,
  category: string,
  sub: string,
): Subcategory | undefined {
  return subcategories.get(subKey(languageId, type, category, sub));
}

/**
 * The subcategory `sub` of `category` (remembered, else fetched); `not_found` when absent, thrown
 * without a toast: the caller says it on its page.
 */
export async function findSubcategory(
  languageId: number,
  type: number,
  category: string,
  sub: string,
): Promise<Subcategory> {
  const found =
    rememberedSubcategory(languageId, type, category, sub) ??
    (await loadSubcategories(languageId, type, category, { expect: ['not_found'] })).find((s) => s.slug === sub);
  if (!found) throw new ApiError('not_found', 404, 'not_found');
  return found;
}

/** A positive whole number from a route parameter, or 0. */
export function routeNumber(param: string | undefined): number {
  return param && /^[1-9]\d{0,5}$/.test(param) ? Number(param) : 0;
}
