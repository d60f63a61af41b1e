import {
  CATEGORY_TYPES,
  CONTEST_CATEGORY_TYPE,
  EXAM_CATEGORY_TYPE,
  type AdminQuestionDetail,
  type QuestionType,
} from '../../../core/contract';
import { and, between, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, comprehensions, questions, subcategories } from '../../db/schema';
import { AppError } from '../../errors';
import type { Column } from '../content-import/columns';
import { checkRow, type ImportQuestion } from '../content-import/question-row';
import { adminQuestion } from './content-questions';
import { badField, notFound, required } from './content-common';

/** The question layout's cells a save may send (as the import's columns; see question-row.ts). */
export const QUESTION_CELLS = [
  'type',
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'option_e',
  'match_a',
  'match_b',
  'match_c',
  'match_d',
  'match_e',
  'answer',
  'explanation',
  'image',
  'audio',
  'latex',
  'level',
  'marks',
] as const satisfies readonly Column[];
type Cells = Partial<Record<(typeof QUESTION_CELLS)[number], string>>;

export interface QuestionInput {
  id?: number;
  language_id?: number;
  category_id?: number;
  /** 0: none. */
  subcategory_id?: number;
  /** 0: none. */
  comprehension_id?: number;
  status?: number;
  cells: Cells;
}

interface Placement {
  language_id: number;
  category_id: number;
  category_type: number;
  subcategory_id: number | null;
  comprehension_id: number | null;
}

const ROUND_MODES: number[] = [
  CATEGORY_TYPES.quiz_zone,
  CATEGORY_TYPES.guess_the_word,
  CATEGORY_TYPES.audio,
  CATEGORY_TYPES.maths,
  CATEGORY_TYPES.multi_match,
];
const none = (id: number): number | null => (id === 0 ? null : id);

/** Where a question goes: its text's category, else the category (and subcategory) named, checked. */
async function placement(db: Db, input: QuestionInput, before: AdminQuestionDetail | null): Promise<Placement> {
  const textId =
    input.comprehension_id !== undefined ? none(input.comprehension_id) : (before?.comprehension_id ?? null);
  let categoryId = input.category_id ?? before?.category_id;
  let subId = input.subcategory_id !== undefined ? none(input.subcategory_id) : (before?.subcategory_id ?? null);
  if (textId !== null) {
    const [text] = await db.orm
      .select({ category_id: comprehensions.category_id, subcategory_id: comprehensions.subcategory_id })
      .from(comprehensions)
      .where(eq(comprehensions.id, textId));
    if (!text) notFound('comprehension_id', 'fun-and-learn text');
    if (input.category_id !== undefined && input.category_id !== text.category_id)
      badField('category_id', "must be the fun-and-learn text's category");
    if (input.subcategory_id && input.subcategory_id !== text.subcategory_id)
      badField('subcategory_id', "must be the fun-and-learn text's subcategory");
    categoryId = text.category_id;
    subId = text.subcategory_id;
  }
  const [category] = await db.orm
    .select({ language_id: categories.language_id, type: categories.type })
    .from(categories)
    .where(and(eq(categories.id, required(categoryId, 'category_id')), between(categories.type, 1, 8)));
  if (!category) notFound('category_id', 'category');
  if (input.language_id !== undefined && input.language_id !== category.language_id)
    badField('category_id', 'is not a category of the language given');
  if (subId !== null) {
    const [sub] = await db.orm
      .select({ category_id: subcategories.category_id })
      .from(subcategories)
      .where(eq(subcategories.id, subId));
    if (!sub) notFound('subcategory_id', 'subcategory');
    if (sub.category_id !== categoryId) badField('subcategory_id', 'does not belong to the category');
  }
  return {
    language_id: category.language_id,
    category_id: categoryId!,
    category_type: category.type,
    subcategory_id: subId,
    comprehension_id: textId,
  };
}

/** What each mode's play needs of its questions, so that a saved question is one a player can be served. */
function assertPlayable(p: Placement, q: ImportQuestion) {
  const type = q.row.type as QuestionType;
  if (p.category_type === CATEGORY_TYPES.fun_n_learn && p.comprehension_id === null)
    badField('comprehension_id', 'is required: fun-and-learn questions are played with their text');
  if (p.category_type === CATEGORY_TYPES.guess_the_word && type !== 'word')
    badField('type', 'must be word in a guess-the-word category');
  if (p.category_type !== CATEGORY_TYPES.guess_the_word && type === 'word')
    badField('type', 'word questions belong to guess-the-word categories');
  if (
    (p.category_type === EXAM_CATEGORY_TYPE || p.category_type === CONTEST_CATEGORY_TYPE) &&
    type !== 'mcq' &&
    type !== 'true_false'
  )
    badField('type', 'exams and contests ask multiple-choice and true/false questions');
  if (p.category_type === CATEGORY_TYPES.audio && q.row.audio === '')
    badField('audio', 'is required in an audio category (upload audio_file or give its path)');
  // Quiz zone's own questions may sit outside a subcategory (true/false, daily, self challenge draw them).
  if (
    ROUND_MODES.includes(p.category_type) &&
    p.category_type !== CATEGORY_TYPES.quiz_zone &&
    p.subcategory_id === null
  )
    badField('subcategory_id', "is required: this mode plays a subcategory's rounds");
}

/** The cells of the question as saved before, overlaid with those sent: the full row the rules check. */
function mergedCells(before: AdminQuestionDetail | null, cells: Cells): Record<string, string> {
  const base = before ? Object.fromEntries(QUESTION_CELLS.map((c) => [c, before.fields[c] ?? ''])) : {};
  const sent = Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== undefined));
  return { ...base, ...sent };
}

/** The question checked by the import's rules for its type, or a 400 naming the first bad cell. */
function checked(cells: Record<string, string>): ImportQuestion {
  const c = checkRow({ line: 1, cells, problems: [] });
  if (c.ok) return c.question;
  const issues = c.errors.map((e) => {
    const at = e.indexOf(': ');
    return { field: at > 0 ? e.slice(0, at) : 'question', message: e };
  });
  throw new AppError('invalid_input', { field: issues[0]!.field, message: issues[0]!.message, issues });
}

/**
 * Creates or updates a question of any type. Its options and answer are checked by the import's
 * rules (question-row.ts), its place by the category's mode: a fun-and-learn question belongs
 * to a text, a guess-the-word one is a word, an audio one has its audio, and the round modes
 * need a subcategory, so that the normal play of its mode can serve it.
 */
export async function saveQuestion(
  db: Db,
  input: QuestionInput,
): Promise<{ before: AdminQuestionDetail | null; after: AdminQuestionDetail }> {
  const before = input.id ? await adminQuestion(db, input.id) : null;
  const p = await placement(db, input, before);
  const q = checked(mergedCells(before, input.cells));
  assertPlayable(p, q);
  const r = q.row;
  const status = input.status ?? before?.status ?? 1;
  const row = {
    language_id: p.language_id,
    category_id: p.category_id,
    subcategory_id: p.subcategory_id,
    comprehension_id: p.comprehension_id,
    level: q.level,
    marks: q.marks,
    type: r.type,
    question: r.question,
    options: r.options,
    match_options: r.match_options,
    answer: r.answer,
    explanation: r.explanation,
    image: r.image,
    audio: r.audio,
    latex: r.latex,
    status,
  };
  const id = before
    ? (await db.orm.update(questions).set(row).where(eq(questions.id, before.id)), before.id)
    : (await db.orm.insert(questions).values(row).returning({ id: questions.id }))[0]!.id;
  return { before, after: await adminQuestion(db, id) };
}
