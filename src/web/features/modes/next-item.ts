import type { QuizResult } from '../../../core/contract';

/**
 * The level or round to offer as "next" after `result`, or null: rounds are all open, so the
 * next one while there is one; a level only once it is unlocked (by this play or an earlier one).
 */
export function nextItem(
  result: Pick<QuizResult, 'level' | 'max_level' | 'next_level_unlocked' | 'unlocked_level'>,
  played: number,
  holds: 'rounds' | 'levels',
): number | null {
  const n = result.level || played;
  if (n < 1 || n >= result.max_level) return null;
  if (holds === 'levels' && !result.next_level_unlocked && result.unlocked_level <= n) return null;
  return n + 1;
}
