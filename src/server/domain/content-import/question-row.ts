import { normalizeWord } from '../../../core/rules/answers';
import { questionRow, type SeedQuestion } from '../../db/seed/seed-modes';
import { MATCH_COLUMNS, OPTION_COLUMNS, OPTION_LETTERS, type SourceRow } from './columns';
import { readRowFields, type RowValues } from './row-fields';

/** A checked question: the row the questions table takes, and where it goes. */
export interface ImportQuestion {
  line: number;
  /** As the questions table stores it (option ids, canonical answer): seed-modes' questionRow. */
  row: ReturnType<typeof questionRow>;
  level: number;
  marks: number;
  category: string;
  subcategory: string;
  language: string;
}

export type CheckedRow = { ok: true; question: ImportQuestion } | { ok: false; line: number; errors: string[] };

/** Checks a row against its type's rules; its question, or every problem found as "column: why". */
export function checkRow(src: SourceRow): CheckedRow {
  const fields = readRowFields(src.cells);
  const errors = [...src.problems, ...(fields.ok ? [] : fields.errors)];
  if (!fields.ok) return { ok: false, line: src.line, errors };
  const shaped = seedQuestionOf(fields.values);
  if (typeof shaped === 'string' || errors.length > 0) {
    return { ok: false, line: src.line, errors: typeof shaped === 'string' ? [...errors, shaped] : errors };
  }
  const v = fields.values;
  return {
    ok: true,
    question: {
      line: src.line,
      // The media and LaTeX columns apply to every type (questionRow keeps them for choice types only).
      row: { ...questionRow(shaped), image: v.image, audio: v.audio, latex: v.latex },
      level: v.level,
      marks: v.marks,
      category: v.category,
      subcategory: v.subcategory,
      language: v.language,
    },
  };
}

/** The filled options, which must run from option_a without a gap. */
function optionTexts(v: RowValues): string[] | string {
  const texts = OPTION_COLUMNS.map((c) => v[c]);
  const count = texts.findLastIndex((t) => t !== '') + 1;
  const gap = texts.slice(0, count).findIndex((t) => t === '');
  if (gap >= 0) return `${OPTION_COLUMNS[gap]}: empty while a later option is filled`;
  return texts.slice(0, count);
}

function repeated(texts: string[], columns: readonly string[]): string | undefined {
  const keys = texts.map((t) => t.toLowerCase());
  const k = keys.findIndex((t, i) => keys.indexOf(t) !== i);
  return k < 0 ? undefined : `${columns[k]}: repeats ${columns[keys.indexOf(keys[k]!)]} ("${texts[k]}")`;
}

/** The option index a letter names among `count` options, or -1. */
function letterIndex(s: string, count: number): number {
  const i = (OPTION_LETTERS as readonly string[]).indexOf(s.trim().toLowerCase());
  return i < count ? i : -1;
}

const letterList = (s: string) => s.split(/[\s,;]+/).filter(Boolean);
const lettersOf = (count: number) => OPTION_LETTERS.slice(0, count).join(', ');

/** The row as the seed's question shape (see seed-modes.ts), or why it cannot be one. */
function seedQuestionOf(v: RowValues): SeedQuestion | string {
  const usesMatch = MATCH_COLUMNS.find((c) => v[c] !== '');
  if (usesMatch && v.type !== 'match') return `${usesMatch}: only match questions have match_ columns`;
  if (v.type === 'word') return wordQuestion(v);
  let options = optionTexts(v);
  if (typeof options === 'string') return options;
  if (v.type === 'true_false' && options.length === 0) options = ['True', 'False'];
  const min = 2;
  const max = v.type === 'true_false' ? 2 : OPTION_COLUMNS.length;
  if (options.length < min || options.length > max) {
    return `options: ${v.type} takes ${min === max ? min : `${min} to ${max}`} options (option_a...), found ${options.length}`;
  }
  const twice = repeated(options, OPTION_COLUMNS);
  if (twice) return twice;
  const base = { question: v.question, explanation: v.explanation };
  switch (v.type) {
    case 'mcq':
    case 'true_false':
      return choiceQuestion(v, options, base);
    case 'multi_select':
      return multiSelectQuestion(v, options, base);
    case 'sequence':
      return sequenceQuestion(v, options, base);
    case 'match':
      return matchQuestion(v, options, base);
  }
}

type Base = { question: string; explanation: string };

function choiceQuestion(v: RowValues, options: string[], base: Base): SeedQuestion | string {
  let answer = letterIndex(v.answer, options.length);
  // "True" or "false" as the answer of a true/false question reads naturally in a spreadsheet.
  if (answer < 0 && v.type === 'true_false')
    answer = options.findIndex((o) => o.toLowerCase() === v.answer.toLowerCase());
  if (answer < 0) return `answer: must be the letter of one of the options (${lettersOf(options.length)})`;
  return { type: v.type as 'mcq' | 'true_false', ...base, options, answer };
}

function multiSelectQuestion(v: RowValues, options: string[], base: Base): SeedQuestion | string {
  const answers = letterList(v.answer).map((l) => letterIndex(l, options.length));
  if (answers.length === 0 || answers.includes(-1) || new Set(answers).size !== answers.length) {
    return `answer: must be one or more letters of the options, each once (such as a,c; options ${lettersOf(options.length)})`;
  }
  return { type: 'multi_select', ...base, options, answers };
}

function sequenceQuestion(v: RowValues, items: string[], base: Base): SeedQuestion | string {
  if (v.answer === '') return { type: 'sequence', ...base, items };
  const order = letterList(v.answer).map((l) => letterIndex(l, items.length));
  if (order.length !== items.length || order.includes(-1) || new Set(order).size !== order.length) {
    return `answer: must list every option's letter once in the right order (such as c,a,b), or be empty`;
  }
  return { type: 'sequence', ...base, items: order.map((i) => items[i]!) };
}

function matchQuestion(v: RowValues, left: string[], base: Base): SeedQuestion | string {
  const right = MATCH_COLUMNS.map((c) => v[c]);
  const missing = left.findIndex((_, k) => right[k] === '');
  if (missing >= 0) return `${MATCH_COLUMNS[missing]}: the item paired with ${OPTION_COLUMNS[missing]} is missing`;
  const extra = right.findIndex((r, k) => r !== '' && k >= left.length);
  if (extra >= 0) return `${MATCH_COLUMNS[extra]}: has no ${OPTION_COLUMNS[extra]} to pair with`;
  if (v.answer !== '') return 'answer: leave it empty for match questions (option_x pairs with match_x)';
  const twice = repeated(right.slice(0, left.length), MATCH_COLUMNS);
  if (twice) return twice;
  return { type: 'match', ...base, pairs: left.map((l, k) => [l, right[k]!] as [string, string]) };
}

function wordQuestion(v: RowValues): SeedQuestion | string {
  const used = OPTION_COLUMNS.find((c) => v[c] !== '');
  if (used) return `${used}: word questions have no options (the answer is the word)`;
  if (normalizeWord(v.answer) === '') return 'answer: the word to guess is required (letters or digits)';
  return { type: 'word', question: v.question, explanation: v.explanation, answer: v.answer };
}
