import type { RewardRules } from './reward-rules';
import { reachesPassMark } from './quiz-grading';
import { quizReward, quizScore } from './quiz-reward';

/** A level can be played when it is at or below the player's highest unlocked level. */
export function isLevelPlayable(level: number, unlockedLevel: number): boolean {
  return level >= 1 && level <= Math.max(1, unlockedLevel);
}

/** A level is cleared when the share of correct answers reaches the pass percentage. */
export function levelPassed(
  correct: number,
  total: number,
  r: Pick<RewardRules, 'quiz_zone_pass_percentage'>,
): boolean {
  return reachesPassMark(correct, total, r.quiz_zone_pass_percentage);
}

export interface LevelState {
  level: number;
  maxLevel: number;
  /** Highest level the player may play (1 for a new player). */
  unlockedLevel: number;
  /** Whether this level was cleared before this play. */
  clearedBefore: boolean;
  /** Best points the player ever made on this level (0 when never played). */
  bestScore: number;
}

export interface LevelOutcome {
  passed: boolean;
  points: number;
  /** Points added to the player's score: only what improves on their best for the level. */
  scoreGain: number;
  /** Coins only on the first clear of a level. */
  coins: number;
  firstClear: boolean;
  unlockedLevel: number;
  nextLevelUnlocked: boolean;
}

/**
 * What a finished quiz-zone level earns and unlocks. Replaying a level never pays coins
 * again, and adds score only beyond the player's best on it, so a level cannot be farmed.
 */
export function levelOutcome(
  correct: number,
  total: number,
  s: LevelState,
  r: RewardRules,
  maxCoins: number = r.quiz_zone_max_coins,
): LevelOutcome {
  const passed = levelPassed(correct, total, r);
  const points = quizScore(correct, r);
  const firstClear = passed && !s.clearedBefore;
  const coins = firstClear ? quizReward(correct, total, r, maxCoins) : 0;
  const canUnlock = passed && s.level === s.unlockedLevel && s.level < s.maxLevel;
  const unlockedLevel = canUnlock ? s.level + 1 : s.unlockedLevel;
  return {
    passed,
    points,
    scoreGain: Math.max(0, points - s.bestScore),
    coins,
    firstClear,
    unlockedLevel,
    nextLevelUnlocked: canUnlock,
  };
}
