import type { z } from 'zod';
import type { ZodForm } from '../ui/form-kit';
import { TEXT_MODE } from './mode-names';
import { rowsOf, useCategories, useFunTexts, useLanguages, useSubcategories } from './use-content-lists';

/**
 * Where a question (or text) goes, as the form says: the languages, the chosen language's
 * categories, the chosen category (its mode decides the rest), its subcategories and — for
 * fun and learn — its texts.
 */
export function usePlacement(form: ZodForm<z.ZodType>) {
  const languages = rowsOf(useLanguages());
  const languageId = Number(form.values.language_id) || null;
  const categoryId = Number(form.values.category_id) || null;
  const categories = rowsOf(useCategories(languageId));
  const category = categories.find((c) => c.id === categoryId) ?? null;
  const subcategories = rowsOf(useSubcategories(categoryId));
  const texts = rowsOf(useFunTexts(category?.type === TEXT_MODE ? categoryId : null));
  return { languages, categories, category, subcategories, texts, mode: category?.type ?? null };
}

export type Placement = ReturnType<typeof usePlacement>;
