// The solo modes and how each plays and pays (timing, reward kind, lifelines), from the operator's constants.
import { LIFELINES, type Lifeline } from './lifelines';
import type { RewardRules } from './reward-rules';

/** Every solo mode a play session can be opened in. */
export const SOLO_MODES = [
  'quiz_zone',
  'multi_match',
  'fun_n_learn',
  'guess_the_word',
  'audio',
  'maths',
  'true_false',
  'daily_quiz',
  'self_challenge',
  'bookmark',
] as const;
export type SoloMode = (typeof SOLO_MODES)[number];

/**
 * How a mode pays:
 * - `level`: coins on the first pass of a level (or round), score only beyond the best, and
 *   (when `locks`) the next level unlocks on a pass;
 * - `per_play`: coins and score for each rewarded play (daily quiz once a day, true/false a few
 *   times a day);
 * - `none`: statistics only.
 */
export type RewardKind = 'level' | 'per_play' | 'none';

export interface ModeRule {
  /** Seconds per question (self challenge: the player's minutes instead). */
  seconds: number;
  maxCoins: number;
  reward: RewardKind;
  /** Levels lock until the previous one is passed (quiz zone, multi-match). */
  locks: boolean;
  lifelines: readonly Lifeline[];
  /** Coins a hint costs and hints a question allows (guess the word). */
  hintCost: number;
  maxHints: number;
}

const ALL_LIFELINES = LIFELINES;

/** A mode's rule from the operator's constants. */
export function modeRule(mode: SoloMode, r: RewardRules): ModeRule {
  const base = { locks: false, lifelines: [] as readonly Lifeline[], hintCost: 0, maxHints: 0 };
  switch (mode) {
    case 'quiz_zone':
      return {
        ...base,
        seconds: r.quiz_zone_question_seconds,
        maxCoins: r.quiz_zone_max_coins,
        reward: 'level',
        locks: true,
        lifelines: ALL_LIFELINES,
      };
    case 'multi_match':
      return {
        ...base,
        seconds: r.multi_match_question_seconds,
        maxCoins: r.multi_match_max_coins,
        reward: 'level',
        locks: true,
      };
    case 'fun_n_learn':
      return { ...base, seconds: r.fun_n_learn_question_seconds, maxCoins: r.fun_n_learn_max_coins, reward: 'level' };
    case 'guess_the_word':
      return {
        ...base,
        seconds: r.guess_the_word_question_seconds,
        maxCoins: r.guess_the_word_max_coins,
        reward: 'level',
        hintCost: r.guess_the_word_hint_cost,
        maxHints: r.guess_the_word_max_hints,
      };
    case 'audio':
      return { ...base, seconds: r.audio_question_seconds, maxCoins: r.audio_max_coins, reward: 'level' };
    case 'maths':
      return { ...base, seconds: r.maths_question_seconds, maxCoins: r.maths_max_coins, reward: 'level' };
    case 'true_false':
      return {
        ...base,
        seconds: r.true_false_question_seconds,
        maxCoins: r.true_false_max_coins,
        reward: 'per_play',
        // 50/50 makes no sense with two options; the server refuses it per question.
        lifelines: ['audience_poll', 'reset_timer', 'skip'],
      };
    case 'daily_quiz':
      return {
        ...base,
        seconds: r.daily_quiz_question_seconds,
        maxCoins: r.daily_quiz_max_coins,
        reward: 'per_play',
        lifelines: ALL_LIFELINES,
      };
    case 'self_challenge':
      return { ...base, seconds: 0, maxCoins: 0, reward: 'none' };
    case 'bookmark':
      return { ...base, seconds: r.bookmark_question_seconds, maxCoins: 0, reward: 'none' };
  }
}
