import { CATEGORY_TYPES } from '../../core/contract';

/** A --type value: a mode's name (quiz_zone, guess_the_word, ...) or number (1–6); 1 when absent. */
export function categoryTypeOf(value: string | undefined): number {
  if (value === undefined) return CATEGORY_TYPES.quiz_zone;
  const byName = CATEGORY_TYPES[value.replace(/-/g, '_') as keyof typeof CATEGORY_TYPES];
  if (byName) return byName;
  const n = Number(value);
  if ((Object.values(CATEGORY_TYPES) as number[]).includes(n)) return n;
  throw new Error(`--type: one of ${Object.keys(CATEGORY_TYPES).join(', ')} (or 1–6)`);
}

/** Throws with the usage when a flag's value is not one of `allowed`. */
export function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
  throw new Error(`--${flag}: one of ${allowed.join(', ')}`);
}
