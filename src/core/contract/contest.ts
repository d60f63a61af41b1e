import { z } from 'zod';
import type { ContestStatus, Prize } from '../rules/contest';
import { action } from './define';
import { gmtField, idField, languageIdField, paging, timezoneField } from './fields';
import type { SealedQuestion } from './exam';

export interface ContestSummary {
  id: number;
  name: string;
  description: string;
  image: string;
  status: ContestStatus;
  /** Absolute instants (ISO). */
  starts_at: string;
  ends_at: string;
  /** The same instants in the player's zone, "YYYY-MM-DD HH:mm". */
  start_date: string;
  end_date: string;
  entry_fee: number;
  prizes: Prize[];
  participants: number;
  total_questions: number;
  seconds_per_question: number;
  /**
   * Points for each correct answer (before any speed bonus): the same idea as the solo modes'
   * `score_per_correct` (system configuration) and battles' `points_per_correct`; the names are the
   * spec's, one per place, and stay.
   */
  points_per_correct: number;
  /** Whether fast correct answers earn the speed bonuses. */
  speed_bonus: boolean;
  /** The player's play: none, under way, or over. */
  my_play: 'none' | 'playing' | 'finished';
  /** Prizes have been paid (the contest has closed). */
  closed: boolean;
}

export interface ContestLists {
  live: ContestSummary[];
  upcoming: ContestSummary[];
  past: ContestSummary[];
}

/** The player's play: where they are, and the question to answer now (never its answer). */
export interface ContestPlay {
  contest_id: number;
  total_questions: number;
  /** 1-based number of the question served, or total + 1 once every question is done. */
  index: number;
  question: SealedQuestion | null;
  /** When the server served the question and its deadline (ISO): the speed rule counts from `served_at`. */
  served_at: string;
  deadline: string;
  server_time: string;
  seconds_per_question: number;
  score: number;
  questions_attended: number;
  /** The player's coins after the entry fee. */
  coins: number;
}

/** An answer recorded: whether it came in time (a late or too-fast one scores nothing), and what comes next. */
export interface ContestStep {
  accepted: boolean;
  play: ContestPlay;
}

export interface ContestFinish {
  contest_id: number;
  score: number;
  correct_answers: number;
  questions_attended: number;
  total_questions: number;
  rank: number;
  participants: number;
}

export interface ContestBoardEntry {
  rank: number;
  user_id: number;
  name: string;
  profile: string;
  score: number;
  correct_answers: number;
  /** Coins won (only once the contest has closed). */
  prize: number;
}

export interface ContestBoard {
  contest_id: number;
  name: string;
  status: ContestStatus;
  closed: boolean;
  total: number;
  entries: ContestBoardEntry[];
  /** The player's own row, or null when they have not played. */
  me: ContestBoardEntry | null;
}

export const contestActions = {
  get_contest: action<ContestLists>()({
    input: z.object({ language_id: languageIdField, timezone: timezoneField, gmt_format: gmtField }),
    access: 'user',
    mutates: false,
  }),
  /**
   * Enters a live contest (the entry fee once, through the ledger) and serves the next question;
   * a play under way resumes; a finished one is "you have already played".
   */
  get_questions_by_contest: action<ContestPlay>()({
    mode: 'contest',
    input: z.object({ language_id: languageIdField, contest_id: idField }),
    access: 'user',
    mutates: true,
  }),
  /** Records the answer to the question served (null: time ran out) and serves the next. */
  set_contest_answer: action<ContestStep>()({
    input: z.object({
      contest_id: idField,
      question_id: idField,
      answer: z.preprocess((v) => (v === '' ? null : v), z.string().max(200).nullable()),
    }),
    access: 'user',
    mutates: true,
  }),
  /**
   * Ends the player's play. The score is the server's, from its graded answers; the figures a
   * client states are read and ignored.
   */
  set_contest_leaderboard: action<ContestFinish>()({
    input: z.object({
      language_id: languageIdField,
      contest_id: idField,
      questions_attended: z.unknown().optional(),
      correct_answers: z.unknown().optional(),
      score: z.unknown().optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  get_contest_leaderboard: action<ContestBoard>()({
    input: z.object({ language_id: languageIdField, contest_id: idField, ...paging }),
    access: 'user',
    mutates: false,
  }),
};
