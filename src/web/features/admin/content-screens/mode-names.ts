import { CATEGORY_TYPES } from '../../../../core/contract';
import type { AdminKey } from '../i18n';

export type ModeName = keyof typeof CATEGORY_TYPES;

/** The content modes in the spec's order: their number (a category's `type`) and name. */
export const MODES = (Object.entries(CATEGORY_TYPES) as [ModeName, number][]).map(([name, type]) => ({
  name,
  type,
  label: `contentScreens.modes.${name}` as AdminKey,
}));

/** The translation key of a mode's readable name ("Quiz zone"), by its number. */
export function modeLabel(type: number): AdminKey {
  return MODES.find((m) => m.type === type)?.label ?? ('contentScreens.modes.unknown' as AdminKey);
}

/** Guess the word plays words, and only words. */
export const WORD_MODE = CATEGORY_TYPES.guess_the_word;
/** Fun and learn plays questions about a text. */
export const TEXT_MODE = CATEGORY_TYPES.fun_n_learn;
/** Audio questions need their audio. */
export const AUDIO_MODE = CATEGORY_TYPES.audio;
/** Modes that play a subcategory's rounds (quiz zone's own questions may also stand outside one). */
export const ROUND_MODES: readonly number[] = [
  CATEGORY_TYPES.guess_the_word,
  CATEGORY_TYPES.audio,
  CATEGORY_TYPES.maths,
  CATEGORY_TYPES.multi_match,
];
