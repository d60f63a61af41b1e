import { z } from 'zod';
import { LIFELINES } from '../rules/lifelines';
import { action } from './define';
import { gmtField, idField, intField, languageIdField, resumeField, slugField, timezoneField } from './fields';
import type { Comprehension, LevelData, PlayQuestion, PlaySession } from './quiz';

/** `type` of the spec's get_fun_n_learn / get_guess_the_word / ...: what `type_id` names. */
const typeOf = z.enum(['category', 'subcategory'], { error: 'must be category or subcategory' });

/** A round of a subcategory (guess the word, audio, maths); the first not passed when absent. */
const roundField = intField(1, 1000).optional();

export interface LifelineResult {
  lifeline: (typeof LIFELINES)[number];
  question_id: number;
  /** 50/50: the option ids to hide. */
  removed: string[];
  /** Audience poll: a share per option, adding up to 100. */
  poll: { option_id: string; percent: number }[];
  /** Reset timer: the session's new deadline; the question's clock starts again. */
  deadline: string;
  /** The player's balance after paying. */
  coins: number;
}

export interface HintResult {
  question_id: number;
  /** 0-based position in the normalized word, and its letter. */
  position: number;
  letter: string;
  hints_used: number;
  coins: number;
}

export interface DailyQuizStatus {
  /** The player's local date, `YYYY-MM-DD`. */
  date: string;
  played: boolean;
  /** Today's result once played. */
  result: { correct: number; total: number; coins: number; score: number } | null;
  /** Days in a row the player has played, ending today or yesterday. */
  streak: number;
}

export interface Bookmark {
  question_id: number;
  /** Category type (mode) of the question, as CATEGORY_TYPES numbers it. */
  type: number;
  category_name: string;
  question: PlayQuestion;
  created_at: string;
}

export interface BookmarkState {
  question_id: number;
  bookmarked: boolean;
}

export interface ReportReceipt {
  question_id: number;
  reported: true;
}

export interface PremiumUnlock {
  category: string;
  has_unlocked: true;
  /** Coins paid now (0 when it was unlocked before). */
  paid: number;
  coins: number;
}

export interface PlayedCategories {
  type: number;
  /** Category slugs (and category/subcategory pairs) the player has finished a play in. */
  categories: string[];
  subcategories: string[];
}

const reportMessage = z
  .string({ error: 'a reason is required when reporting a question' })
  .trim()
  .min(3, { error: 'a reason is required when reporting a question' })
  .max(500, { error: 'must be at most 500 characters' });

const modeSource = z.object({
  language_id: languageIdField,
  type: typeOf,
  type_id: idField,
  round: roundField,
  resume: resumeField,
});

export const soloActions = {
  // ------------------------------------------------------------ fun and learn
  get_fun_n_learn: action<Comprehension[]>()({
    input: z.object({ language_id: languageIdField, type: typeOf, type_id: idField }),
    access: 'user',
    mutates: false,
  }),
  get_fun_n_learn_questions: action<PlaySession>()({
    mode: 'fun_and_learn',
    input: z.object({ language_id: languageIdField, fun_n_learn_id: idField, resume: resumeField }),
    access: 'user',
    mutates: true,
  }),
  // ------------------------------------------------------------ rounds of a subcategory
  get_guess_the_word: action<PlaySession>()({
    input: modeSource,
    access: 'user',
    mutates: true,
    mode: 'guess_the_word',
  }),
  get_audio_questions: action<PlaySession>()({
    input: modeSource,
    access: 'user',
    mutates: true,
    mode: 'audio_questions',
  }),
  get_maths_questions: action<PlaySession>()({ input: modeSource, access: 'user', mutates: true, mode: 'maths_mania' }),
  // ------------------------------------------------------------ drawn quizzes
  get_questions_by_type: action<PlaySession>()({
    mode: 'true_false',
    /** type 2: true and false (the only type the spec's screen asks for). */
    input: z.object({ language_id: languageIdField, type: intField(2, 2), resume: resumeField }),
    access: 'user',
    mutates: true,
  }),
  get_daily_quiz: action<PlaySession>()({
    mode: 'daily_quiz',
    input: z.object({ language_id: languageIdField, timezone: timezoneField, gmt_format: gmtField }),
    access: 'user',
    mutates: true,
  }),
  get_daily_quiz_status: action<DailyQuizStatus>()({
    input: z.object({ timezone: timezoneField, gmt_format: gmtField }),
    access: 'user',
    mutates: false,
  }),
  get_questions_for_self_challenge: action<PlaySession>()({
    mode: 'self_challenge',
    input: z.object({
      language_id: languageIdField,
      category_slug: slugField,
      subcategory_slug: z.preprocess((v) => (v === '' ? undefined : v), slugField.optional()),
      limit: intField(1, 50).optional(),
      minutes: intField(1, 30).optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  // ------------------------------------------------------------ multi-match
  get_multi_match_level_data: action<LevelData>()({
    input: z.object({ category_slug: slugField, subcategory_slug: slugField, language_id: languageIdField }),
    access: 'user',
    mutates: false,
  }),
  set_multi_match_level_data: action<LevelData>()({
    input: z.object({
      category: slugField,
      subcategory: slugField,
      level: intField(1, 1000).optional(),
      language_id: languageIdField,
    }),
    access: 'user',
    mutates: true,
  }),
  get_multi_match_questions_by_level: action<PlaySession>()({
    mode: 'multi_match',
    input: z.object({
      category: slugField,
      subcategory: slugField,
      level: intField(1, 1000),
      language_id: languageIdField,
      resume: resumeField,
    }),
    access: 'user',
    mutates: true,
  }),
  multi_match_report_question: action<ReportReceipt>()({
    input: z.object({ question_id: idField, message: reportMessage }),
    access: 'user',
    mutates: true,
  }),
  // ------------------------------------------------------------ in play
  use_lifeline: action<LifelineResult>()({
    input: z.object({
      session_id: z.uuid({ error: 'must be a session id' }),
      lifeline: z.enum(LIFELINES, { error: 'this lifeline is not allowed' }),
      question_id: idField,
    }),
    access: 'user',
    mutates: true,
  }),
  use_hint: action<HintResult>()({
    input: z.object({ session_id: z.uuid({ error: 'must be a session id' }), question_id: idField }),
    access: 'user',
    mutates: true,
  }),
  // ------------------------------------------------------------ premium, bookmarks, reports
  unlock_premium_category: action<PremiumUnlock>()({
    input: z.object({ category: slugField, type: intField(1, 6).default(1), language_id: languageIdField }),
    access: 'user',
    mutates: true,
  }),
  set_bookmark: action<BookmarkState>()({
    input: z.object({
      question_id: idField,
      status: intField(0, 1),
      /** Read and ignored: the question's own mode is kept. */
      type: z.unknown().optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  get_bookmark: action<Bookmark[]>()({
    input: z.object({ type: intField(1, 6).optional() }),
    access: 'user',
    mutates: false,
  }),
  get_bookmark_questions: action<PlaySession>()({
    input: z.object({ type: intField(1, 6).optional(), limit: intField(1, 50).optional() }),
    access: 'user',
    mutates: true,
  }),
  report_question: action<ReportReceipt>()({
    input: z.object({ question_id: idField, message: reportMessage }),
    access: 'user',
    mutates: true,
  }),
  set_quiz_categories: action<PlayedCategories>()({
    // The spec's client marks categories played; the server answers what graded plays show.
    input: z.object({
      type: intField(1, 6).default(1),
      category: z.unknown().optional(),
      subcategory: z.unknown().optional(),
      type_id: z.unknown().optional(),
    }),
    access: 'user',
    mutates: true,
  }),
};
