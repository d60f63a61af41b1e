import type { AdminCategory, AdminFunText, AdminLanguage, AdminSubcategory } from '../../../../core/contract';
import { api } from '../../../lib/api-client';
import { useLoad, type Loadable } from '../../../lib/use-api';

const PAGE = 100;
/** A picker lists at most this many (a language with more categories than this is searched instead). */
const MOST = 1000;

/** Every row of a paged list action (100 a call), up to a thousand: a picker's options. */
async function everyRow<T>(load: (offset: number, onTotal: (n: number) => void) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  let total = Infinity;
  while (rows.length < Math.min(total, MOST)) {
    const page = await load(rows.length, (n) => (total = n));
    rows.push(...page);
    if (page.length < PAGE) break;
  }
  return rows;
}

/** The content languages, the default first. */
export function useLanguages(): Loadable<AdminLanguage[]> {
  return useLoad(
    () => everyRow((offset, onTotal) => api('admin_get_languages', { offset, limit: PAGE }, { onTotal })),
    [],
  )[0];
}

/**
 * The categories of a language, or of every language with 'all' (of one mode when `type` is
 * given), in their order; none without a language.
 */
export function useCategories(
  languageId: number | 'all' | null,
  type?: number,
  reloadKey = 0,
): Loadable<AdminCategory[]> {
  return useLoad(
    () =>
      languageId
        ? everyRow((offset, onTotal) =>
            api(
              'admin_get_categories',
              {
                offset,
                limit: PAGE,
                language_id: languageId === 'all' ? undefined : languageId,
                type,
                sort: 'sort',
                order: 'asc',
              },
              { onTotal },
            ),
          )
        : Promise.resolve([]),
    [languageId, type, reloadKey],
  )[0];
}

/** A category's subcategories in their order; none without a category. */
export function useSubcategories(categoryId: number | null, reloadKey = 0): Loadable<AdminSubcategory[]> {
  return useLoad(
    () =>
      categoryId
        ? everyRow((offset, onTotal) =>
            api('admin_get_subcategories', { offset, limit: PAGE, category_id: categoryId }, { onTotal }),
          )
        : Promise.resolve([]),
    [categoryId, reloadKey],
  )[0];
}

/** A fun-and-learn category's texts in their order; none without a category. */
export function useFunTexts(categoryId: number | null): Loadable<AdminFunText[]> {
  return useLoad(
    () =>
      categoryId
        ? everyRow((offset, onTotal) =>
            api('admin_get_fun_texts', { offset, limit: PAGE, category_id: categoryId }, { onTotal }),
          )
        : Promise.resolve([]),
    [categoryId],
  )[0];
}

/** The rows once loaded, else an empty list. */
export function rowsOf<T>(state: Loadable<T[]>): T[] {
  return state.status === 'ready' ? state.data : [];
}
