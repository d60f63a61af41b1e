/**
 * Badges (spec §9, with the reference product's others where they fit). The server decides
 * every badge from its own records; a badge's reward is paid once, when the player claims it.
 */

export const BADGES = [
  'dashing_debut',
  'combat_winner',
  'clash_winner',
  'contest_winner',
  'quiz_warrior',
  'super_sonic',
  'flashback',
  'brainiac',
  'big_thing',
  'elite',
  'thirsty',
  'streak',
  'sharing_caring',
  'power_elite',
] as const;
export type BadgeType = (typeof BADGES)[number];

/** The thresholds of spec §9. */
export const BADGE_RULES = {
  /** Super Sonic, Flashback, Brainiac: quizzes of at least this many questions. */
  perfect_quiz_min_questions: 5,
  /** Super Sonic: the whole quiz, opening to submission, within this many seconds a question. */
  super_sonic_seconds_per_question: 5,
  /** Big Thing: correct answers in all. */
  big_thing_correct: 5000,
  /** Elite: coins earned in all, more than this. */
  elite_coins: 5000,
  /** Thirsty: daily quizzes on this many days in a row. */
  thirsty_days: 30,
  /** Streak: playing on this many days in a row. */
  streak_days: 30,
  /** Sharing Caring: friends who joined with the player's code, more than this. */
  sharing_caring_referrals: 50,
  /** Power Elite: other badges unlocked, more than this. */
  power_elite_badges: 10,
  /** Quiz Warrior: random battles won in a row. */
  quiz_warrior_wins: 3,
} as const;

/** Coins a badge pays when claimed (once). */
export const BADGE_REWARDS: Record<BadgeType, number> = {
  dashing_debut: 5,
  combat_winner: 10,
  clash_winner: 10,
  contest_winner: 25,
  quiz_warrior: 20,
  super_sonic: 15,
  flashback: 10,
  brainiac: 15,
  big_thing: 50,
  elite: 50,
  thirsty: 30,
  streak: 30,
  sharing_caring: 50,
  power_elite: 100,
};

/** The longest run of consecutive calendar days among `days` (YYYY-MM-DD, any order, repeats allowed). */
export function longestRun(days: readonly string[]): number {
  const sorted = [...new Set(days)]
    .map((d) => Date.parse(`${d}T00:00:00Z`))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i]! - sorted[i - 1]! === 86_400_000 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}

/** Power Elite: unlocked when more than the threshold of the other badges are. */
export function powerElite(otherUnlocked: number): boolean {
  return otherUnlocked > BADGE_RULES.power_elite_badges;
}
