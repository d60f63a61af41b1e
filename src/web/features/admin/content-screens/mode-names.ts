import { CATEGORY_TYPES, CONTEST_CATEGORY_TYPE, EXAM_CATEGORY_TYPE } from '../../../../core/contract';
import type { AdminKey } from '../i18n';

/** The question banks of exams and contests, managed here like the modes' categories. */
const BANKS = { exam: EXAM_CATEGORY_TYPE, contest: CONTEST_CATEGORY_TYPE } as const;

export type ModeName = keyof typeof CATEGORY_TYPES | keyof typeof BANKS;

/** The content modes in the spec's order, then the exam and contest banks: their number (a category's `type`) and name. */
export const MODES = (Object.entries({ ...CATEGORY_TYPES, ...BANKS }) as [ModeName, number][]).map(([name, type]) => ({
  name,
  type,
  label: `contentScreens.modes.${name}` as AdminKey,
}));

/** Exams and contests ask multiple-choice and true/false questions. */
export const BANK_MODES: readonly number[] = Object.values(BANKS);

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
