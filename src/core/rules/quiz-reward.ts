import type { RewardRules } from './reward-rules';

/** Percentage of correct answers, 0..100, rounded to a whole number for display. */
export function percentage(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(correct, total) / total) * 100);
}

/**
 * Coins for a finished quiz: none below the floor, full at the winning percentage, linear
 * (rounded down) between. Uses the exact ratio, not the rounded display percentage.
 */
export function quizReward(
  correct: number,
  total: number,
  r: Pick<RewardRules, 'quiz_coin_floor_percentage' | 'quiz_coin_full_percentage'>,
  maxCoins: number,
): number {
  if (total <= 0 || correct <= 0 || maxCoins <= 0) return 0;
  const p = (Math.min(correct, total) / total) * 100;
  if (p < r.quiz_coin_floor_percentage) return 0;
  if (p >= r.quiz_coin_full_percentage) return maxCoins;
  // In whole numbers (percentages are whole), so 2 of 3 is not 10.999… coins.
  const c = Math.min(correct, total);
  const num = maxCoins * (100 * c - r.quiz_coin_floor_percentage * total);
  const den = (r.quiz_coin_full_percentage - r.quiz_coin_floor_percentage) * total;
  return Math.floor(num / den);
}

/** Points for a set of answers: a fixed amount per correct answer. */
export function quizScore(correct: number, r: Pick<RewardRules, 'score_per_correct'>): number {
  return Math.max(0, correct) * r.score_per_correct;
}
