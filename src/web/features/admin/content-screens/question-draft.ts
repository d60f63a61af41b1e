import type { QuestionType } from '../../../../core/contract';

/**
 * The answer part of the question editor, and the import layout's cells it becomes (the cells
 * admin_save_question checks with the importer's rules: option_a..e, match_a..e, answer).
 */
export interface AnswerDraft {
  /** Choices (mcq, true/false, multi-select), items in the right order (sequence), left items (match). */
  options: string[];
  /** Match: the item paired with each option. */
  matches: string[];
  /** The right option(s) by index: one for mcq and true/false, one or more for multi-select. */
  right: number[];
  /** Guess the word: the word. */
  word: string;
}

export const LETTERS = ['a', 'b', 'c', 'd', 'e'] as const;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 5;
const TRUE_FALSE = ['True', 'False'];

const optionCell = (k: number) => `option_${LETTERS[k]}`;
const matchCell = (k: number) => `match_${LETTERS[k]}`;
const letterIndex = (s: string) => (LETTERS as readonly string[]).indexOf(s.trim().toLowerCase());
const letterList = (s: string) =>
  s
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(letterIndex);

/** A new question's answer part for a type. */
export function emptyDraft(type: QuestionType): AnswerDraft {
  const rows = type === 'true_false' ? [...TRUE_FALSE] : type === 'word' ? [] : ['', '', '', ''];
  return { options: rows, matches: rows.map(() => ''), right: [], word: '' };
}

/** The answer part of a saved question, from its cells (admin_get_question's `fields`). */
export function draftFromFields(type: QuestionType, f: Record<string, string>): AnswerDraft {
  if (type === 'word') return { options: [], matches: [], right: [], word: f.answer ?? '' };
  const cells = LETTERS.map((_, k) => f[optionCell(k)] ?? '');
  const n = Math.max(MIN_OPTIONS, cells.findLastIndex((c) => c !== '') + 1);
  let options = cells.slice(0, n);
  const matches = LETTERS.map((_, k) => f[matchCell(k)] ?? '').slice(0, n);
  const answer = f.answer ?? '';
  let right: number[] = [];
  if (type === 'mcq' || type === 'true_false' || type === 'multi_select')
    right = letterList(answer).filter((i) => i >= 0 && i < n);
  // A sequence is edited in its right order (saved with an empty answer: the column order).
  if (type === 'sequence' && answer) {
    const order = letterList(answer);
    if (order.length === n && order.every((i) => i >= 0)) options = order.map((i) => options[i]!);
  }
  return { options, matches, right, word: '' };
}

/** The draft kept as far as it fits another type (true/false has two choices, a word none). */
export function draftForType(d: AnswerDraft, type: QuestionType): AnswerDraft {
  if (type === 'word') return { ...emptyDraft('word'), word: d.word };
  let options = d.options.length ? d.options : emptyDraft(type).options;
  if (type === 'true_false')
    options = options.slice(0, 2).some((o) => o !== '') ? options.slice(0, 2) : [...TRUE_FALSE];
  while (options.length < MIN_OPTIONS) options = [...options, ''];
  const right = type === 'mcq' || type === 'true_false' ? d.right.slice(0, 1) : type === 'multi_select' ? d.right : [];
  return {
    options,
    matches: options.map((_, k) => d.matches[k] ?? ''),
    right: right.filter((i) => i < options.length),
    word: d.word,
  };
}

/** The cells of the import layout for the answer part (every option and match cell, so removed ones are cleared). */
export function answerCells(type: QuestionType, d: AnswerDraft): Record<string, string> {
  const cells: Record<string, string> = {};
  LETTERS.forEach((_, k) => {
    cells[optionCell(k)] = type === 'word' ? '' : (d.options[k] ?? '').trim();
    cells[matchCell(k)] = type === 'match' ? (d.matches[k] ?? '').trim() : '';
  });
  const letters = [...d.right].sort((a, b) => a - b).map((i) => LETTERS[i]);
  cells.answer =
    type === 'word'
      ? d.word.trim()
      : type === 'mcq' || type === 'true_false' || type === 'multi_select'
        ? letters.join(',')
        : '';
  return cells;
}

/** What the editor says before sending (the server checks the rest): a message key by field. */
export type DraftProblem =
  'fillOrRemove' | 'twoOptions' | 'chooseRight' | 'chooseSome' | 'pairMissing' | 'wordRequired';

/** The answer part's problems by field (options, option_c, match_b, answer), as the server would name them. */
export function draftProblems(type: QuestionType, d: AnswerDraft): Record<string, DraftProblem> {
  if (type === 'word') return d.word.trim() ? {} : { answer: 'wordRequired' };
  const out: Record<string, DraftProblem> = {};
  const texts = d.options.map((o) => o.trim());
  const filled = texts.findLastIndex((o) => o !== '') + 1;
  texts.slice(0, filled).forEach((o, k) => {
    if (o === '') out[optionCell(k)] = 'fillOrRemove';
  });
  if (filled < MIN_OPTIONS) out.options = 'twoOptions';
  const chosen = d.right.filter((i) => i < filled && texts[i] !== '');
  if ((type === 'mcq' || type === 'true_false') && chosen.length !== 1) out.answer = 'chooseRight';
  if (type === 'multi_select' && chosen.length === 0) out.answer = 'chooseSome';
  if (type === 'match') {
    texts.slice(0, filled).forEach((_, k) => {
      if (!(d.matches[k] ?? '').trim()) out[matchCell(k)] = 'pairMissing';
    });
    // A pair's right item without its left one.
    d.matches.forEach((m, k) => {
      if (m.trim() && !texts[k]) out[optionCell(k)] = 'fillOrRemove';
    });
  }
  return out;
}
