import { z } from 'zod';
import type { ContestStatus, Prize } from '../rules/contest';
import type { ExamState } from '../rules/exam';
import { contestSaveSchema, examSaveSchema, zoneField } from './admin-event-schemas';
import { action } from './define';
import { idField, optionalText, paging } from './fields';

/**
 * The operator console's contest and exam actions (issue 8). Contests are scheduled as a local
 * date-time in a named zone and kept as absolute instants; exams are open on local calendar days
 * wherever the player is (the exam module's model), checked against "today" in the operator's zone.
 */

/** A question of a contest or exam as the operator sees it (answer included). */
export interface AdminEventQuestion {
  id: number;
  type: string;
  question: string;
  options: unknown;
  answer: unknown;
  marks: number;
  /** 0 when the question was switched off (players are not asked it). */
  status: number;
}

export interface AdminContest {
  id: number;
  language_id: number;
  name: string;
  description: string;
  image: string;
  /** Absolute instants (ISO, UTC). */
  starts_at: string;
  ends_at: string;
  /** The same instants in the zone the list was asked for (UTC by default), "YYYY-MM-DD HH:mm". */
  start_local: string;
  end_local: string;
  timezone: string;
  status: ContestStatus;
  /** Prizes have been paid. */
  closed: boolean;
  entry_fee: number;
  prizes: Prize[];
  /** Points for each correct answer: the idea of `score_per_correct` in solo play (see contest.ts). */
  points_per_correct: number;
  speed_bonus: boolean;
  seconds_per_question: number;
  participants: number;
  total_questions: number;
  created_at: string;
}

export interface AdminContestDetail extends AdminContest {
  questions: AdminEventQuestion[];
  /** Entry fees taken and prizes paid, from the coin ledger. */
  fees_collected: number;
  prizes_paid: number;
}

export interface AdminContestResult {
  /** Final rank once closed (equal scores share it); the live rank before. */
  rank: number;
  user_id: number;
  name: string;
  email: string;
  score: number;
  correct_answers: number;
  questions_attended: number;
  started_at: string;
  finished_at: string | null;
  /** From the coin ledger: what the player paid to enter and was paid as a prize. */
  fee_paid: number;
  prize_paid: number;
}

export type AdminExamStatus = 'upcoming' | 'open' | 'past';

export interface AdminExam {
  id: number;
  language_id: number;
  title: string;
  /** The rules text players read before the key. */
  description: string;
  /** Local calendar days it is open on (inclusive), wherever the player is. */
  starts_on: string;
  ends_on: string;
  /** Against today in the zone the list was asked for (UTC by default). */
  status: AdminExamStatus;
  duration: number;
  total_questions: number;
  total_marks: number;
  attempts: number;
  created_at: string;
}

export interface AdminExamDetail extends AdminExam {
  exam_key: string;
  questions: AdminEventQuestion[];
}

export interface AdminExamAttempt {
  user_id: number;
  name: string;
  email: string;
  state: ExamState;
  started_at: string;
  deadline: string;
  submitted_at: string | null;
  /** Seconds from the start to the submission (null until submitted). */
  total_duration: number | null;
  obtained_marks: number | null;
  total_marks: number;
  correct_answers: number | null;
  total_questions: number;
  rules_violated: boolean;
}

const search = optionalText(100);
const listZone = zoneField.default('UTC');

export const adminEventActions = {
  admin_get_contests: action<AdminContest[]>()({
    input: z.object({
      ...paging,
      language_id: idField.optional(),
      state: z.enum(['all', 'upcoming', 'live', 'past']).default('all'),
      search,
      timezone: listZone,
    }),
    access: 'admin',
    mutates: false,
  }),
  admin_get_contest: action<AdminContestDetail>()({
    input: z.object({ contest_id: idField, timezone: listZone }),
    access: 'admin',
    mutates: false,
  }),
  /**
   * Creates (no `contest_id`) or edits a contest. Once it has started only its name, description
   * and image may change (`contest_started`); a new start must be in the future.
   */
  admin_save_contest: action<AdminContestDetail>()({
    input: contestSaveSchema,
    access: 'admin',
    mutates: true,
    files: { image: 5 * 1024 * 1024 },
  }),
  /** Only before it starts and while nobody has entered (no fee is ever lost with it). */
  admin_delete_contest: action<{ deleted: true }>()({
    input: z.object({ contest_id: idField }),
    access: 'admin',
    mutates: true,
  }),
  admin_get_contest_results: action<AdminContestResult[]>()({
    input: z.object({ ...paging, contest_id: idField }),
    access: 'admin',
    mutates: false,
  }),

  admin_get_exams: action<AdminExam[]>()({
    input: z.object({
      ...paging,
      language_id: idField.optional(),
      state: z.enum(['all', 'upcoming', 'open', 'past']).default('all'),
      search,
      timezone: listZone,
    }),
    access: 'admin',
    mutates: false,
  }),
  admin_get_exam: action<AdminExamDetail>()({
    input: z.object({ exam_id: idField, timezone: listZone }),
    access: 'admin',
    mutates: false,
  }),
  /**
   * Creates (no `exam_id`) or edits an exam. Once someone has attempted it, its language,
   * questions, marks and duration are fixed (`exam_attempted`); title, rules, key and days may change.
   */
  admin_save_exam: action<AdminExamDetail>()({ input: examSaveSchema, access: 'admin', mutates: true }),
  /** Only while nobody has attempted it. */
  admin_delete_exam: action<{ deleted: true }>()({
    input: z.object({ exam_id: idField }),
    access: 'admin',
    mutates: true,
  }),
  admin_get_exam_results: action<AdminExamAttempt[]>()({
    input: z.object({ ...paging, exam_id: idField }),
    access: 'admin',
    mutates: false,
  }),
};
