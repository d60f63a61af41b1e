/**
 * The play modes a player meets, by a stable code: the operator switches a mode off by listing
 * its code in system configuration's `disabled_modes`: home and how to play leave it out, and the
 * server refuses the actions that start it (403 mode_disabled, ActionSpec.mode).
 */
export const PLAY_MODES = [
  'quiz_zone',
  'daily_quiz',
  'true_false',
  'fun_and_learn',
  'guess_the_word',
  'self_challenge',
  'audio_questions',
  'maths_mania',
  'multi_match',
  'exam',
  'contest',
  'one_vs_one_battle',
  'group_battle',
] as const;
export type PlayMode = (typeof PLAY_MODES)[number];
