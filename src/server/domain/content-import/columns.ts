/**
 * The column layout shared by CSV, XLSX and JSON imports and exports (one question a row). Every
 * column but `question` may be left out or empty; see COLUMN_HELP for what each one holds.
 */
export const OPTION_COLUMNS = ['option_a', 'option_b', 'option_c', 'option_d', 'option_e'] as const;
export const MATCH_COLUMNS = ['match_a', 'match_b', 'match_c', 'match_d', 'match_e'] as const;

export const COLUMNS = [
  'question',
  'type',
  ...OPTION_COLUMNS,
  ...MATCH_COLUMNS,
  'answer',
  'level',
  'marks',
  'explanation',
  'image',
  'audio',
  'latex',
  'category',
  'subcategory',
  'language',
] as const;
export type Column = (typeof COLUMNS)[number];

/** The letters that name options in `answer`, in column order. */
export const OPTION_LETTERS = ['a', 'b', 'c', 'd', 'e'] as const;

/** One line of documentation a column, as the template and the CLI's help print them. */
export const COLUMN_HELP: Record<Column, string> = {
  question: 'the question text (required)',
  type: 'mcq (default), true_false, multi_select, sequence, match or word',
  option_a: 'first option; mcq and multi_select 2–5 options, true_false 2 (True/False when empty)',
  option_b: 'second option',
  option_c: 'third option (leave the unused ones empty, from the end)',
  option_d: 'fourth option',
  option_e: 'fifth option',
  match_a: 'match: the item paired with option_a',
  match_b: 'match: the item paired with option_b',
  match_c: 'match: the item paired with option_c',
  match_d: 'match: the item paired with option_d',
  match_e: 'match: the item paired with option_e',
  answer:
    'mcq/true_false: a letter (b); multi_select: letters (a,c); sequence: the letters in order (c,a,b), ' +
    'empty for the column order; match: empty; word: the word',
  level: 'level, 1 when empty',
  marks: 'marks (exams), 1 when empty',
  explanation: 'shown after answering',
  image: 'an image path (/media/..., /images/...) or https URL',
  audio: 'an audio path or https URL',
  latex: 'true when the texts hold LaTeX',
  category: 'category name; empty: the one given to the import (--category)',
  subcategory: 'subcategory name; empty: none (or --subcategory)',
  language: 'language code (en); empty: the one given to the import, else the default language',
};

/** A record of a file: its cells by column (text, as read) and where it starts. */
export interface SourceRow {
  /** Line (CSV, OpenTriviaQA), sheet row (XLSX) or item (JSON), from 1. */
  line: number;
  cells: Partial<Record<Column, string>>;
  /** What the parser already found wrong (an OpenTriviaQA answer that is not an option, ...). */
  problems: string[];
}

/** What a row number counts in a format's reports. */
export type RowUnit = 'line' | 'row' | 'item';

/** The column a header cell names ("Option A", "option_a" and "OPTION-A" are one), or undefined. */
export function columnOf(header: string): Column | undefined {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (COLUMNS as readonly string[]).includes(name) ? (name as Column) : undefined;
}

/** A file that cannot be read as a whole (too large, unreadable, unknown columns): nothing of it is imported. */
export class ContentFileError extends Error {}

/** A question as a full row of the layout, every cell text (exports, the template). */
export type LayoutRow = Record<Column, string>;
