import type { Db } from '../../db/client';
import { ContentFileError, type RowUnit } from './columns';
import { findDuplicates } from './duplicates';
import {
  categoriesOf,
  createCategory,
  createSubcategory,
  findNamed,
  languageIds,
  nameKey,
  questionKeysOf,
  subcategoriesOf,
  type Named,
} from './import-targets';
import { insertQuestions, type QuestionInsert } from './insert-questions';
import type { ImportQuestion } from './question-row';

/** Where rows go when they do not say: the import's --category, --subcategory, --language and mode. */
export interface ImportDefaults {
  category?: string;
  subcategory?: string;
  language?: string;
  /** Category type (mode), CATEGORY_TYPES: 1 is the quiz zone. */
  type: number;
}

export interface RowNote {
  line: number;
  message: string;
}

/** A category the rows go to: one that exists (id) or one to make (id null). */
interface CategoryRef {
  languageId: number;
  name: string;
  id: number | null;
  subcategories: Named[];
}

interface Planned {
  question: ImportQuestion;
  categoryKey: string;
  subcategory: string;
}

/** What an import would do: the new questions and where they go, what it skips and why. */
export interface ImportPlan {
  items: Planned[];
  categories: Map<string, CategoryRef>;
  errors: RowNote[];
  duplicates: RowNote[];
  newCategories: string[];
  newSubcategories: string[];
}

/** Plans an import of checked questions, reading (never writing) the database. */
export async function planImport(
  db: Db,
  questions: readonly ImportQuestion[],
  d: ImportDefaults,
  unit: RowUnit,
): Promise<ImportPlan> {
  const langs = await languageIds(db);
  if (d.language && !langs.has(d.language.toLowerCase()))
    throw new ContentFileError(unknownLanguage(d.language, langs));
  const categories = new Map<string, CategoryRef>();
  const keyOfName = new Map<string, string>();
  const lists = new Map<number, Named[]>();
  const placed: Planned[] = [];
  const errors: RowNote[] = [];
  for (const q of questions) {
    const code = q.language || d.language?.toLowerCase() || '';
    const languageId = langs.get(code);
    const name = q.category || d.category || '';
    if (languageId === undefined) errors.push({ line: q.line, message: `language: ${unknownLanguage(code, langs)}` });
    else if (!name) errors.push({ line: q.line, message: 'category: none given (a category column or --category)' });
    else {
      const nameAt = `${languageId}\n${nameKey(name)}`;
      if (!keyOfName.has(nameAt)) {
        if (!lists.has(languageId)) lists.set(languageId, await categoriesOf(db, languageId, d.type));
        const found = findNamed(lists.get(languageId)!, name);
        const key = found ? `id:${found.id}` : `new:${nameAt}`;
        keyOfName.set(nameAt, key);
        if (!categories.has(key)) {
          categories.set(key, { languageId, name: found?.name ?? name, id: found?.id ?? null, subcategories: [] });
        }
      }
      placed.push({
        question: q,
        categoryKey: keyOfName.get(nameAt)!,
        subcategory: q.subcategory || d.subcategory || '',
      });
    }
  }
  const existing = await readExisting(db, categories);
  const dups = findDuplicates(
    placed.map((p) => ({ line: p.question.line, target: p.categoryKey, question: p.question.row.question })),
    existing,
    unit,
  );
  const items = placed.filter((_, i) => !dups.has(i));
  return {
    items,
    categories,
    errors,
    duplicates: [...dups].map(([i, message]) => ({ line: placed[i]!.question.line, message })),
    newCategories: [...categories.values()].filter((c) => c.id === null).map((c) => c.name),
    newSubcategories: newSubcategoryNames(items, categories),
  };
}

function unknownLanguage(code: string, langs: Map<string, number>): string {
  const known = [...langs.keys()].filter(Boolean);
  return code ? `no language "${code}" (there are: ${known.join(', ') || 'none'})` : 'the database has no language yet';
}

/** Fills in the subcategories of the existing categories; answers their question keys by category key. */
async function readExisting(db: Db, categories: Map<string, CategoryRef>): Promise<Map<string, Set<string>>> {
  const ids = [...categories.values()].flatMap((c) => (c.id === null ? [] : [c.id]));
  const subs = await subcategoriesOf(db, ids);
  const keys = await questionKeysOf(db, ids);
  const existing = new Map<string, Set<string>>();
  for (const [key, c] of categories) {
    if (c.id !== null) c.subcategories = subs.get(c.id) ?? [];
    existing.set(key, c.id === null ? new Set() : keys.get(c.id)!);
  }
  return existing;
}

function newSubcategoryNames(items: readonly Planned[], categories: Map<string, CategoryRef>): string[] {
  const names = new Map<string, string>();
  for (const p of items) {
    const c = categories.get(p.categoryKey)!;
    if (p.subcategory && !findNamed(c.subcategories, p.subcategory)) {
      names.set(`${p.categoryKey}\n${nameKey(p.subcategory)}`, `${c.name} / ${p.subcategory}`);
    }
  }
  return [...names.values()];
}

/** Carries a plan out: makes the missing categories and subcategories, inserts the questions. */
export async function applyPlan(db: Db, plan: ImportPlan, type: number, batchSize?: number): Promise<number> {
  for (const c of plan.categories.values()) c.id ??= await createCategory(db, c.languageId, type, c.name);
  const rows: QuestionInsert[] = [];
  for (const p of plan.items) {
    const c = plan.categories.get(p.categoryKey)!;
    rows.push({
      languageId: c.languageId,
      categoryId: c.id!,
      subcategoryId: p.subcategory ? await subcategoryId(db, c, p.subcategory) : null,
      question: p.question,
    });
  }
  return insertQuestions(db, rows, batchSize);
}

async function subcategoryId(db: Db, c: CategoryRef, name: string): Promise<number> {
  const found = findNamed(c.subcategories, name);
  if (found) return found.id;
  const id = await createSubcategory(db, c.id!, name);
  c.subcategories.push({ id, name, slug: '' });
  return id;
}
