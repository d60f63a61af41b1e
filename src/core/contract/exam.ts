import { z } from 'zod';
import type { ExamState, MarksStatistic } from '../rules/exam';
import { action } from './define';
import {
  flagField,
  gmtField,
  idField,
  intField,
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

/** An attempt under way: its questions without answers, the answers saved so far, and the server's deadline. */
export interface ExamPlay {
  exam: ExamSummary;
  started_at: string;
  deadline: string;
  server_time: string;
  questions: SealedQuestion[];
  /** The player's answers saved on the server (set_exam_module_answer), in the exam's order. */
  answers: ExamSavedAnswer[];
}

export interface ExamSavedAnswer {
  question_id: number;
  answer: string;
  /** The device's revision it was saved with (a newer one replaces it). */
  revision: number;
}

/** set_exam_module_answer's reply: what the server keeps for the question now. */
export interface ExamAnswerSaved {
  exam_module_id: number;
  question_id: number;
  /** The answer kept, null when there is none (cleared). */
  answer: string | null;
  revision: number;
  /** Questions of the attempt with an answer saved. */
  answered: number;
  deadline: string;
  server_time: string;
}

/** Largest revision a device may give (its clock in ms fits well below it). */
export const EXAM_MAX_REVISION = 2 ** 52;

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
    mode: 'exam',
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
   * Saves one answer of the player's attempt under way, as it is given (queued by the outbox
   * when offline). `answer` empty clears it. `revision` orders the player's changes (the device's
   * clock in ms): a save older than the one kept changes nothing, a repeat answers the same.
   * Refused after the submission (`exam_submitted`) and after the deadline (`exam_time_over`).
   */
  set_exam_module_answer: action<ExamAnswerSaved>()({
    input: z.object({
      exam_module_id: idField,
      question_id: idField,
      answer: z.string({ error: 'must be text' }).max(200, { error: 'must be at most 200 characters' }).default(''),
      revision: intField(0, EXAM_MAX_REVISION),
    }),
    access: 'user',
    mutates: true,
  }),
  /**
   * Submits the attempt. Marks, statistics and duration are the server's, from the answers saved
   * (set_exam_module_answer) merged with `answers` (a question `answers` names takes its answer
   * there); the
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
