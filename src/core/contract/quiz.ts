import { z } from 'zod';
import { action } from './define';
import { idField, intField, jsonField, languageIdField, slugField, optionalText } from './fields';

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

export const QUESTION_TYPES = ['mcq', 'true_false', 'multi_select', 'sequence', 'match'] as const;
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

export interface QuestionOption {
  id: string;
  text: string;
}

export interface PlayQuestion {
  id: number;
  question: string;
  question_type: QuestionType;
  options: QuestionOption[];
  /** Solo modes ship the answer for instant feedback; rewards are still graded by the server. */
  answer: string;
  explanation: string;
  image: string;
  marks: number;
}

export interface PlaySession {
  session_id: string;
  mode: 'quiz_zone';
  category: string;
  subcategory: string;
  level: number;
  started_at: string;
  deadline: string;
  server_time: string;
  seconds_per_question: number;
  questions: PlayQuestion[];
}

export interface ReviewItem {
  question_id: number;
  answer: string | null;
  correct_answer: string;
  is_correct: boolean;
}

export interface QuizResult {
  session_id: string;
  total: number;
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
  best_category: string;
  weak_category: string;
}

const answerItem = z.object({
  question_id: idField,
  answer: z.string().max(16).nullable(),
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
      language_id: languageIdField,
      category_slug: slugField,
      subcategory_slug: slugField.optional(),
    }),
    access: 'public',
    mutates: false,
  }),
  get_level_data: action<LevelData>()({
    input: z.object({ category_slug: slugField, subcategory_slug: slugField, language_id: languageIdField }),
    access: 'user',
    mutates: false,
  }),
  get_questions_by_level: action<PlaySession>()({
    input: z.object({
      category: slugField,
      subcategory: slugField,
      level: intField(1, 1000),
      language_id: languageIdField,
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
    input: z.object({}),
    access: 'user',
    mutates: false,
  }),
};
