import { z } from 'zod';
import type { ExamState, MarksStatistic } from '../rules/exam';
import { action } from './define';
import {
  flagField,
  gmtField,
  idField,
  jsonField,
  languageIdField,
  optionalText,
  paging,
  timezoneField,
} from './fields';
import type { PlayQuestion, ReviewItem } from './quiz';

/** Category types holding exam and contest questions (no other mode draws from them). */
export const EXAM_CATEGORY_TYPE = 7;
export const CONTEST_CATEGORY_TYPE = 8;

/** A question as exams and contests show it: never its answer or explanation before the end. */
export type SealedQuestion = Omit<PlayQuestion, 'answer' | 'explanation' | 'bookmarked'>;

export interface ExamResult {
  exam_module_id: number;
  total_questions: number;
  correct_answers: number;
  incorrect_answers: number;
  unattempted: number;
  obtained_marks: number;
  total_marks: number;
  /** By marks value, highest first. */
  statistics: MarksStatistic[];
  rules_violated: boolean;
  /** Seconds from the start to the submission, by the server's clock. */
  total_duration: number;
  submitted_at: string;
  /** Each question's answer and the correct one (sent only once the attempt is over). */
  review: ReviewItem[];
}

export interface ExamSummary {
  id: number;
  title: string;
  /** The rules as the operator wrote them (shown before the key). */
  description: string;
  /** Local calendar days the exam is open on, inclusive. */
  starts_on: string;
  ends_on: string;
  /** Minutes from the start of an attempt. */
  duration: number;
  total_questions: number;
  total_marks: number;
  state: ExamState;
  /** An ongoing attempt's deadline (ISO), else "". */
  deadline: string;
  result: ExamResult | null;
}

export interface ExamList {
  /** The player's local date the list was made for. */
  date: string;
  total: number;
  exams: ExamSummary[];
}

/** An attempt under way: its questions without answers, and the server's deadline. */
export interface ExamPlay {
  exam: ExamSummary;
  started_at: string;
  deadline: string;
  server_time: string;
  questions: SealedQuestion[];
}

/** `type` of get_exam_module: 1 (or "today") the exams open today, 2 ("completed") those taken. */
const examListType = z.preprocess(
  (v) => (v === '1' || v === 1 ? 'today' : v === '2' || v === 2 ? 'completed' : v),
  z.enum(['today', 'completed'], { error: 'must be 1 (today) or 2 (completed)' }).default('today'),
);

const examAnswer = z.object({
  question_id: idField,
  answer: z.string().max(200).nullable(),
});

/** A list of question ids: a JSON array or "1,2,3". */
const idList = z.preprocess(
  (v) =>
    typeof v === 'string' && /^\s*\d+(\s*,\s*\d+)*\s*$/.test(v)
      ? v.split(',').map((x) => Number(x.trim()))
      : typeof v === 'string' && v.trim() === ''
        ? []
        : v,
  jsonField(z.array(idField).max(500), 10_000),
);

export const examActions = {
  get_exam_module: action<ExamList>()({
    input: z.object({
      language_id: languageIdField,
      type: examListType,
      ...paging,
      timezone: timezoneField,
      gmt_format: gmtField,
    }),
    access: 'user',
    mutates: false,
  }),
  /**
   * Starts (or resumes) the player's one attempt: only with the exam's key and the rules
   * accepted, on a day the exam is open in the player's zone.
   */
  get_exam_module_questions: action<ExamPlay>()({
    input: z.object({
      exam_module_id: idField,
      // Empty: exam_key_required ("enter the exam key").
      exam_key: optionalText(64),
      rules_accepted: flagField.optional(),
      language_id: languageIdField,
      timezone: timezoneField,
      gmt_format: gmtField,
    }),
    access: 'user',
    mutates: true,
  }),
  /**
   * Submits the attempt. Marks, statistics and duration are the server's, from `answers`; the
   * figures a client states (`obtained_marks`, `statistics`, `total_duration`) are read and
   * ignored. `rules_violated` can only mark the attempt, never improve it.
   */
  set_exam_module_result: action<ExamResult>()({
    input: z.object({
      exam_module_id: idField,
      answers: jsonField(z.array(examAnswer).max(500)).default([]),
      rules_violated: flagField.default(false),
      captured_question_ids: idList.default([]),
      total_duration: z.unknown().optional(),
      obtained_marks: z.unknown().optional(),
      statistics: z.unknown().optional(),
    }),
    access: 'user',
    mutates: true,
  }),
};
