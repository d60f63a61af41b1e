/**
 * The economy's constants. Operators edit them in system configuration; these are the
 * defaults the reference product ships (ARCHITECTURE.md §5).
 */
export interface RewardRules {
  /**
   * Score for each correct answer of a solo play: the idea battles and contests call
   * `points_per_correct` (both are the spec's names, kept).
   */
  score_per_correct: number;
  /** Below this percentage of correct answers a quiz pays no coins. */
  quiz_coin_floor_percentage: number;
  /** At or above this percentage a quiz pays its full coins. */
  quiz_coin_full_percentage: number;
  /** Coins for a fully won quiz-zone level. */
  quiz_zone_max_coins: number;
  /** Percentage of correct answers that clears a level (or round) and unlocks the next one. */
  quiz_zone_pass_percentage: number;
  /** Seconds a player has for each question. */
  quiz_zone_question_seconds: number;
  /** Questions in one quiz-zone level. */
  quiz_zone_questions_per_level: number;
  welcome_bonus: number;
  referral_new_user: number;
  referral_referrer: number;
  /** Server-graded answers a referred account must give before its referral pays. */
  referral_qualifying_answers: number;
  /** Hours between a referred account's first and last graded answer before its referral pays. */
  referral_qualifying_hours: number;
  /** Referrals that may mature for one referrer in any 24 hours; the rest wait. */
  referral_daily_cap: number;
  /** Coins each lifeline costs. */
  lifeline_cost: number;

  // Per-mode timing and full coins (a mode pays its coins by the same floor/full curve).
  multi_match_question_seconds: number;
  multi_match_max_coins: number;
  fun_n_learn_question_seconds: number;
  fun_n_learn_max_coins: number;
  guess_the_word_question_seconds: number;
  guess_the_word_max_coins: number;
  /** Coins one guess-the-word hint costs. */
  guess_the_word_hint_cost: number;
  /** Hints a player may take on one word. */
  guess_the_word_max_hints: number;
  audio_question_seconds: number;
  audio_max_coins: number;
  maths_question_seconds: number;
  maths_max_coins: number;
  true_false_question_seconds: number;
  true_false_max_coins: number;
  /** Questions in one true/false quiz. */
  true_false_questions: number;
  /** True/false quizzes a day that pay coins and score; later ones count for statistics only. */
  true_false_rewarded_per_day: number;
  daily_quiz_question_seconds: number;
  daily_quiz_max_coins: number;
  /** Questions in the daily quiz when the operator scheduled none. */
  daily_quiz_questions: number;
  bookmark_question_seconds: number;
  /** Longest self challenge a player may choose, in minutes. */
  self_challenge_max_minutes: number;
  /** Most questions a self challenge may have. */
  self_challenge_max_questions: number;
  /**
   * An answer given sooner than this after its question was shown earns nothing (coins, score)
   * and is recorded for the operator: no human reads a question that fast. Solo, battles, contests.
   */
  human_floor_ms: number;
}

export const DEFAULT_REWARD_RULES: RewardRules = {
  score_per_correct: 4,
  quiz_coin_floor_percentage: 30,
  quiz_coin_full_percentage: 70,
  quiz_zone_max_coins: 10,
  quiz_zone_pass_percentage: 30,
  quiz_zone_question_seconds: 30,
  quiz_zone_questions_per_level: 10,
  welcome_bonus: 10,
  referral_new_user: 50,
  referral_referrer: 100,
  referral_qualifying_answers: 20,
  referral_qualifying_hours: 24,
  referral_daily_cap: 5,
  lifeline_cost: 10,

  multi_match_question_seconds: 60,
  multi_match_max_coins: 10,
  fun_n_learn_question_seconds: 30,
  fun_n_learn_max_coins: 5,
  guess_the_word_question_seconds: 60,
  guess_the_word_max_coins: 10,
  guess_the_word_hint_cost: 5,
  guess_the_word_max_hints: 3,
  audio_question_seconds: 30,
  audio_max_coins: 10,
  maths_question_seconds: 30,
  maths_max_coins: 10,
  true_false_question_seconds: 30,
  true_false_max_coins: 5,
  true_false_questions: 10,
  true_false_rewarded_per_day: 3,
  daily_quiz_question_seconds: 30,
  daily_quiz_max_coins: 10,
  daily_quiz_questions: 10,
  bookmark_question_seconds: 30,
  self_challenge_max_minutes: 30,
  self_challenge_max_questions: 50,
  human_floor_ms: 300,
};
