import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { AdminCategory, AdminFunText, AdminLanguage, AdminSubcategory } from '../../../../core/contract';
import type { Loadable } from '../../../lib/loadable';
import { useEveryRow } from '../ui/use-every-row';

/** The content languages, the default first. */
export function useLanguages(): Loadable<AdminLanguage[]> {
  return useEveryRow('admin_get_languages', {})[0];
}

/**
 * The categories of a language, or of every language with 'all' (of one mode when `type` is
 * given), in their order; none without a language.
 */
export function useCategories(languageId: number | 'all' | null, type?: number): Loadable<AdminCategory[]> {
  return useEveryRow(
    'admin_get_categories',
    languageId
      ? { language_id: languageId === 'all' ? undefined : languageId, type, sort: 'sort', order: 'asc' }
      : skipToken,
  )[0];
}

/** A category's subcategories in their order; none without a category. */
export function useSubcategories(categoryId: number | null): Loadable<AdminSubcategory[]> {
  return useEveryRow('admin_get_subcategories', categoryId ? { category_id: categoryId } : skipToken)[0];
}

/** A fun-and-learn category's texts in their order; none without a category. */
export function useFunTexts(categoryId: number | null): Loadable<AdminFunText[]> {
  return useEveryRow('admin_get_fun_texts', categoryId ? { category_id: categoryId } : skipToken)[0];
}

/**
 * The category `id`: `passed` when it is that one (a link brought it along), else found among
 * every category (a reload, a shared link); null when there is none.
 */
export function useCategory(id: number, passed: AdminCategory | undefined): Loadable<AdminCategory | null> {
  const [state] = useEveryRow(
    'admin_get_categories',
    passed?.id === id ? skipToken : { sort: 'id', order: 'asc' },
    (rows) => rows.length >= 5000 || rows.some((c) => c.id === id),
  );
  return useMemo(() => {
    if (passed?.id === id) return { status: 'ready', data: passed };
    return state.status === 'ready' ? { status: 'ready', data: state.data.find((c) => c.id === id) ?? null } : state;
  }, [id, passed, state]);
}

/** The rows once loaded, else an empty list. */
export function rowsOf<T>(state: Loadable<T[]>): T[] {
  return state.status === 'ready' ? state.data : [];
}
