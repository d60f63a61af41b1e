import { CATEGORY_TYPES } from '../../../core/contract';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../../db/client';
import { questions, subcategories, type Row } from '../../db/schema';
import { MATCH_COLUMNS, OPTION_COLUMNS, OPTION_LETTERS, type LayoutRow } from './columns';
import { categoriesOf, findNamed, languageIds } from './import-targets';

/** A question as the questions table keeps it (its answer as text), with its subcategory's name. */
export type StoredQuestion = Pick<
  Row<typeof questions>,
  'type' | 'question' | 'options' | 'match_options' | 'level' | 'marks' | 'explanation' | 'image' | 'audio' | 'latex'
> & { answer: string; subcategory: string | null };

export interface ExportTarget {
  /** The category's name or slug. */
  category: string;
  /** Language code; the default language when absent. */
  language?: string;
  /** Category type (mode); the quiz zone when absent. */
  type?: number;
}

const split = (s: string) => s.split(',').filter(Boolean);

/** The answer and match cells of a stored answer, options named by letter as the layout does. */
function answerCells(q: StoredQuestion): Partial<LayoutRow> {
  const letterOf = new Map(q.options.map((o, k) => [o.id, OPTION_LETTERS[k] ?? '']));
  const letters = (ids: string[]) => ids.map((id) => letterOf.get(id) ?? '').join(',');
  switch (q.type) {
    case 'multi_select':
    case 'sequence':
      return { answer: letters(split(q.answer)) };
    case 'match': {
      const right = new Map(q.match_options.map((o) => [o.id, o.text]));
      const cells: Partial<LayoutRow> = { answer: '' };
      for (const [left, r] of split(q.answer).map((p) => p.split(':'))) {
        const k = q.options.findIndex((o) => o.id === left);
        if (k >= 0 && k < MATCH_COLUMNS.length) cells[MATCH_COLUMNS[k]!] = right.get(r ?? '') ?? '';
      }
      return cells;
    }
    case 'word':
      return { answer: q.answer };
    default:
      return { answer: letterOf.get(q.answer) ?? '' };
  }
}

/** A stored question as a row of the layout: what an import of that row stores again. */
export function exportRow(q: StoredQuestion, category: string, language: string): LayoutRow {
  const row = Object.fromEntries([...OPTION_COLUMNS, ...MATCH_COLUMNS].map((c) => [c, ''])) as LayoutRow;
  q.options.slice(0, OPTION_COLUMNS.length).forEach((o, k) => (row[OPTION_COLUMNS[k]!] = o.text));
  return Object.assign(row, {
    question: q.question,
    type: q.type,
    ...answerCells(q),
    level: String(q.level),
    marks: String(q.marks),
    explanation: q.explanation,
    image: q.image,
    audio: q.audio,
    latex: q.latex ? 'true' : '',
    category,
    subcategory: q.subcategory ?? '',
    language,
  });
}

/** The active questions of a category in the column layout, by subcategory, level and id; throws when it is not found. */
export async function exportCategory(db: Db, t: ExportTarget): Promise<LayoutRow[]> {
  const code = t.language?.toLowerCase() ?? '';
  const langs = await languageIds(db);
  const languageId = langs.get(code);
  if (languageId === undefined) throw new Error(`no language "${code}"`);
  const all = await categoriesOf(db, languageId, t.type ?? CATEGORY_TYPES.quiz_zone);
  const category = findNamed(all, t.category) ?? all.find((c) => c.slug === t.category);
  if (!category) throw new Error(`no category "${t.category}" in that language and mode`);
  const language = code || [...langs].find(([k, id]) => k && id === languageId)![0];
  return exportCategoryRows(db, category, language);
}

/** The active questions of the category with this id as rows of the layout (named `name`, in `language`). */
export async function exportCategoryRows(
  db: Db,
  category: { id: number; name: string },
  language: string,
): Promise<LayoutRow[]> {
  const q = alias(questions, 'q');
  const s = alias(subcategories, 's');
  const rows = await db.orm
    .select({
      type: q.type,
      question: q.question,
      options: q.options,
      match_options: q.match_options,
      answer: sql<string>`${q.answer} #>> '{}'`,
      level: q.level,
      marks: q.marks,
      explanation: q.explanation,
      image: q.image,
      audio: q.audio,
      latex: q.latex,
      subcategory: s.name,
    })
    .from(q)
    .leftJoin(s, eq(s.id, q.subcategory_id))
    .where(and(eq(q.category_id, category.id), sql`${q.status} = 1`))
    .orderBy(sql`${s.sort} NULLS FIRST`, sql`${s.id} NULLS FIRST`, q.level, q.id);
  return rows.map((q) => exportRow(q, category.name, language));
}
