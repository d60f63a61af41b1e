// Lifelines and hints of a solo play: which may be used now, and what 50/50 and the audience poll show.
import { normalizeWord } from './answers';

/** The lifelines a solo play may offer (which ones a mode allows: `modeRule`). */
export const LIFELINES = ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'] as const;
export type Lifeline = (typeof LIFELINES)[number];

/** Why a lifeline may not be used now, or null when it may. */
export function lifelineRefusal(o: {
  lifeline: Lifeline;
  allowed: readonly Lifeline[];
  /** Lifelines already used in this session, with the question each was used on. */
  used: readonly { lifeline: Lifeline; question_id: number }[];
  questionId: number;
  questionType: string;
  isLastQuestion: boolean;
}): 'lifeline_used' | 'lifeline_not_allowed' | null {
  if (!o.allowed.includes(o.lifeline)) return 'lifeline_not_allowed';
  if (o.used.some((u) => u.lifeline === o.lifeline)) return 'lifeline_used';
  if (o.lifeline === 'fifty_fifty' && o.questionType !== 'mcq') return 'lifeline_not_allowed';
  if (o.lifeline === 'audience_poll' && !['mcq', 'true_false'].includes(o.questionType)) return 'lifeline_not_allowed';
  if ((o.lifeline === 'fifty_fifty' || o.lifeline === 'reset_timer') && o.questionType === 'word')
    return 'lifeline_not_allowed';
  const other = o.lifeline === 'fifty_fifty' ? 'audience_poll' : o.lifeline === 'audience_poll' ? 'fifty_fifty' : null;
  if (other && o.used.some((u) => u.lifeline === other && u.question_id === o.questionId))
    return 'lifeline_not_allowed';
  if (o.lifeline === 'skip' && o.isLastQuestion) return 'lifeline_not_allowed';
  return null;
}

/** Hints a word allows: never the whole word. */
export function hintsAllowed(word: string, maxHints: number): number {
  return Math.max(0, Math.min(maxHints, [...normalizeWord(word)].length - 1));
}

/**
 * An audience poll: the correct option gets the largest share (40–70 %), the others share the
 * rest; percentages add up to 100. `rand` is injected so tests can pin it.
 */
export function audiencePoll(
  optionIds: readonly string[],
  correct: string,
  rand: () => number = Math.random,
): { option_id: string; percent: number }[] {
  const others = optionIds.filter((id) => id !== correct);
  const top = 40 + Math.floor(rand() * 31);
  let rest = 100 - top;
  const shares = others.map((id, i) => {
    if (i === others.length - 1) return { option_id: id, percent: rest };
    const cap = Math.min(rest, top - 1);
    const p = Math.floor(rand() * (cap + 1) * 0.7);
    rest -= p;
    return { option_id: id, percent: p };
  });
  // A last share above the correct one would mislead: move the excess to the correct option.
  const out = [{ option_id: correct, percent: top }, ...shares];
  const maxOther = Math.max(0, ...shares.map((s) => s.percent));
  if (maxOther >= top) {
    const last = shares.at(-1)!;
    const excess = maxOther - top + 1;
    last.percent -= excess;
    out[0]!.percent += excess;
  }
  return optionIds.map((id) => out.find((o) => o.option_id === id)!);
}

/** Two wrong options to remove for 50/50 (fewer when fewer are wrong), chosen with `rand`. */
export function fiftyFiftyRemoval(
  optionIds: readonly string[],
  correct: string,
  rand: () => number = Math.random,
): string[] {
  const wrong = optionIds.filter((id) => id !== correct);
  const keep = wrong[Math.floor(rand() * wrong.length)];
  return wrong.filter((id) => id !== keep).slice(0, 2);
}
