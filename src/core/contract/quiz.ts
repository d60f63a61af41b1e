import { z } from 'zod';
import { action } from './define';
import type { Lifeline } from '../rules/lifelines';
import type { SoloMode } from '../rules/solo-modes';
import { idField, intField, jsonField, languageIdField, slugField, optionalText, resumeField } from './fields';

/** Category modes (the spec's `type` of get_categories), numbered as the reference product. */
export const CATEGORY_TYPES = {
  quiz_zone: 1,
  fun_n_learn: 2,
  guess_the_word: 3,
  audio: 4,
  maths: 5,
  multi_match: 6,
} as const;
export type CategoryType = (typeof CATEGORY_TYPES)[keyof typeof CATEGORY_TYPES];

export const QUESTION_TYPES = ['mcq', 'true_false', 'multi_select', 'sequence', 'match', 'word'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface Category {
  id: number;
  slug: string;
  category_name: string;
  image: string;
  language_id: number;
  type: number;
  is_premium: boolean;
  /** Coins to unlock a premium category. */
  coins: number;
  has_unlocked: boolean;
  no_of_subcategories: number;
  no_of_que: number;
  maxlevel: number;
}

export interface Subcategory {
  id: number;
  slug: string;
  subcategory_name: string;
  image: string;
  category_id: number;
  category_slug: string;
  maxlevel: number;
  no_of_que: number;
}

export type LevelStatus = 'locked' | 'unlocked' | 'cleared';

export interface LevelData {
  category: string;
  subcategory: string;
  /** Names in the asked content language. */
  category_name: string;
  subcategory_name: string;
  /** Highest level the player may play. */
  level: number;
  max_level: number;
  levels: { level: number; no_of_que: number; status: LevelStatus; best_score: number }[];
}

/** Where a player left off in the quiz zone: the subcategory last played and its next level. */
export interface NextLevel {
  category: string;
  subcategory: string;
  category_name: string;
  subcategory_name: string;
  /** The first level after the highest cleared one; null once every level is cleared. */
  level: number | null;
  /** Whether that level is open (a locked one opens when the level before it is cleared). */
  unlocked: boolean;
  /** Levels cleared in the subcategory, of `max_level`. */
  cleared: number;
  max_level: number;
}

export interface QuestionOption {
  id: string;
  text: string;
}

export interface PlayQuestion {
  id: number;
  question: string;
  question_type: QuestionType;
  /**
   * mcq, true_false, multi_select: the choices; sequence: the items, shuffled; match: the left
   * items; word: empty.
   */
  options: QuestionOption[];
  /** match: the right items, shuffled (ids "1".."5"); empty otherwise. */
  match_options: QuestionOption[];
  /**
   * Only where the key may sit on the device: offline packs (and a sealed question once
   * answered, from its verdict). Online sessions are sealed: no answer or explanation until
   * submit_answer's verdict. Canonical forms (see `canonicalAnswer`): "b"; multi_select "a,c";
   * sequence "c,a,b"; match "a:2,b:1,c:3"; word the normalized word ("ELEPHANT").
   */
  answer?: string;
  explanation?: string;
  /** Guess the word, sealed: the letter tiles (the word's letters and decoys, shuffled). */
  tiles?: string[];
  /** Guess the word, sealed: the number of letters of the word. */
  word_length?: number;
  image: string;
  /** A URL of the question's audio (audio mode), or "". */
  audio: string;
  /** Question and options hold TeX between `$...$` (maths mania). */
  latex: boolean;
  marks: number;
  bookmarked: boolean;
}

/** A fun-and-learn comprehension text. */
export interface Comprehension {
  id: number;
  slug: string;
  title: string;
  detail: string;
  video_url: string;
  no_of_que: number;
  /** The player's best points on it, and whether they passed it. */
  best_score: number;
  played: boolean;
}

export interface PlaySession {
  session_id: string;
  mode: SoloMode;
  category: string;
  subcategory: string;
  /** The level or round played; 0 where a mode has none. */
  level: number;
  /** Levels or rounds in the subcategory; 0 where a mode has none. */
  max_level: number;
  /** A heading for the play screen (category, text title, date). */
  title: string;
  started_at: string;
  deadline: string;
  server_time: string;
  /** Seconds for each question; 0 when the whole quiz has one clock (`total_seconds`). */
  seconds_per_question: number;
  /** Self challenge: the player's chosen minutes, in seconds; 0 otherwise. */
  total_seconds: number;
  /** Whether this play can earn coins and score (statistics are always kept). */
  rewards: boolean;
  /**
   * The questions came without their key: each answer goes to submit_answer for its verdict
   * (false: an offline pack's play, graded on the device until posted).
   */
  sealed?: boolean;
  lifelines: Lifeline[];
  lifeline_cost: number;
  /** Guess the word: coins a hint costs and hints a word allows; 0 elsewhere. */
  hint_cost: number;
  max_hints: number;
  /** Fun and learn: the text the questions are about. */
  comprehension: Comprehension | null;
  /** Daily quiz: the player's local date. */
  daily_date: string;
  questions: PlayQuestion[];
  /**
   * Present when the player's open session was handed back (a reload mid-quiz, the tab closed
   * and opened again): what the server recorded of it, to go on where the player was.
   */
  resumed?: ResumedPlay;
}

/**
 * Where a resumed session stands, as the server recorded it: the answers given with their
 * verdicts (each with its question's key, as submit_answer gave it), the lifelines used with
 * what they showed, the hint letters bought, and the time the open question's clock has used.
 * No key of a question not yet answered.
 */
export interface ResumedPlay {
  /** In question order; `answer` null for a question whose time ran out. */
  answers: Omit<AnswerVerdict, 'session_id' | 'answered'>[];
  lifelines: { lifeline: Lifeline; question_id: number; removed: string[]; poll: PollShare[] }[];
  hints: { question_id: number; position: number; letter: string }[];
  /**
   * Milliseconds the open question (the one after the last answered or skipped) has had by the
   * server's clock: since the previous verdict, the reset-timer lifeline or the start; with one
   * clock for the whole quiz, since the start.
   */
  spent_ms: number;
}

/** Audience poll: one option's share of the votes. */
export interface PollShare {
  option_id: string;
  percent: number;
}

export interface ReviewItem {
  question_id: number;
  answer: string | null;
  correct_answer: string;
  is_correct: boolean;
  /** The question's explanation (sealed sessions: sent with the result, not with the questions). */
  explanation?: string;
}

/** submit_answer's reply: the verdict of one answer, with that question's key. */
export interface AnswerVerdict {
  session_id: string;
  question_id: number;
  /** The answer as stored (the first one given to this question). */
  answer: string | null;
  is_correct: boolean;
  correct_answer: string;
  explanation: string;
  /** Questions of the session answered so far. */
  answered: number;
}

export interface QuizResult {
  session_id: string;
  mode: SoloMode;
  total: number;
  /** Questions skipped with the lifeline: neither right nor wrong. */
  skipped: number;
  correct: number;
  incorrect: number;
  unanswered: number;
  percentage: number;
  /** Points this play made. */
  score: number;
  /** Points added to the player's all-time score. */
  score_gain: number;
  coins: number;
  passed: boolean;
  first_clear: boolean;
  /** Coins spent on lifelines and hints in this play. */
  coins_spent: number;
  level: number;
  max_level: number;
  next_level_unlocked: boolean;
  unlocked_level: number;
  user: { coins: number; all_time_score: number };
  review: ReviewItem[];
}

export interface CoinScore {
  coins: number;
  score: number;
}

export interface UserStatistics {
  questions_answered: number;
  correct_answers: number;
  ratio: number;
  quizzes_played: number;
  /** Category slugs ('' when none). */
  best_category: string;
  weak_category: string;
  /** Their names in the content language asked for (else any language's, else the slug). */
  best_category_name: string;
  weak_category_name: string;
}

const answerItem = z.object({
  question_id: idField,
  answer: z.string().max(200).nullable(),
});

export const quizActions = {
  get_categories: action<Category[]>()({
    input: z.object({
      type: intField(1, 6).default(1),
      sub_type: intField(0, 10).optional(),
      language_id: languageIdField,
    }),
    access: 'public',
    mutates: false,
  }),
  get_subcategory_by_maincategory: action<Subcategory[]>()({
    input: z.object({
      type: intField(1, 6).default(1),
      language_id: languageIdField,
      category_slug: slugField,
      subcategory_slug: slugField.optional(),
    }),
    access: 'public',
    mutates: false,
  }),
  get_level_data: action<LevelData>()({
    input: z.object({
      category_slug: slugField,
      subcategory_slug: slugField,
      language_id: languageIdField,
      /** The category type (mode) whose levels or rounds to show; quiz zone by default. */
      type: intField(1, 6).default(1),
    }),
    access: 'user',
    mutates: false,
  }),
  /** "Continue where you left off" on home: null before the player's first quiz-zone play. */
  get_next_level: action<{ next: NextLevel | null }>()({
    input: z.object({ language_id: languageIdField }),
    access: 'user',
    mutates: false,
  }),
  get_questions_by_level: action<PlaySession>()({
    mode: 'quiz_zone',
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
  submit_quiz_answers: action<QuizResult>()({
    input: z.object({
      session_id: z.uuid({ error: 'must be a session id' }),
      answers: jsonField(z.array(answerItem).max(200)),
    }),
    access: 'user',
    mutates: true,
  }),
  /**
   * One answer of a sealed session, graded with the server's clock: its verdict and that
   * question's key. The first answer to a question stays; the same again answers the same
   * verdict, another is refused (already_answered). No answer ('' or absent): the time ran out.
   */
  submit_answer: action<AnswerVerdict>()({
    input: z.object({
      session_id: z.uuid({ error: 'must be a session id' }),
      question_id: idField,
      answer: z.string({ error: 'must be text' }).max(200, { error: 'must be at most 200 characters' }).optional(),
      /** Milliseconds the device showed the question (queued answers); never more than the server saw. */
      elapsed_ms: intField(0, 86_400_000).optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  set_level_data: action<LevelData>()({
    input: z.object({
      category: slugField,
      subcategory: slugField,
      level: intField(1, 1000),
      language_id: languageIdField,
    }),
    access: 'user',
    mutates: true,
  }),
  set_user_coin_score: action<CoinScore>()({
    // Amounts a client states are read and ignored: coins and score come from graded sessions.
    input: z.object({
      coins: z.unknown().optional(),
      score: z.unknown().optional(),
      type: optionalText(40),
      title: optionalText(200),
      status: z.unknown().optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  get_user_coin_score: action<CoinScore>()({
    input: z.object({}),
    access: 'user',
    mutates: false,
  }),
  set_users_statistics: action<UserStatistics>()({
    input: z.object({
      questions_answered: z.unknown().optional(),
      correct_answers: z.unknown().optional(),
      category_id: z.unknown().optional(),
      ratio: z.unknown().optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  get_users_statistics: action<UserStatistics>()({
    input: z.object({ language_id: languageIdField }),
    access: 'user',
    mutates: false,
  }),
};
