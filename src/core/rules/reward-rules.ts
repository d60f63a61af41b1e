/**
 * The economy's constants. Operators edit them in system configuration; these are the
 * defaults the reference product ships (ARCHITECTURE.md §5).
 */
export interface RewardRules {
  /** Points for each correct answer. */
  score_per_correct: number;
  /** Below this percentage of correct answers a quiz pays no coins. */
  quiz_coin_floor_percentage: number;
  /** At or above this percentage a quiz pays its full coins. */
  quiz_coin_full_percentage: number;
  /** Coins for a fully won quiz-zone level. */
  quiz_zone_max_coins: number;
  /** Percentage of correct answers that clears a level and unlocks the next one. */
  quiz_zone_pass_percentage: number;
  /** Seconds a player has for each question. */
  quiz_zone_question_seconds: number;
  /** Questions in one quiz-zone level. */
  quiz_zone_questions_per_level: number;
  welcome_bonus: number;
  referral_new_user: number;
  referral_referrer: number;
  lifeline_cost: number;
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
  lifeline_cost: 10,
};
