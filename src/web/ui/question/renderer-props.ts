import type { PlayQuestion } from '../../../core/contract';

/** What every question renderer gets. */
export interface RendererProps {
  q: PlayQuestion;
  /** After the answer (per-question clock): what was given (null = none); null while open. */
  revealed: { picked: string | null } | null;
  /** Whole-quiz clock: the answer saved so far for this question. */
  saved: string | null;
  /** Whole-quiz clock: every change is saved at once (no reveal). */
  totalClock: boolean;
  /** Answers may not be given yet (an audio clip not heard to its end). */
  locked: boolean;
  /** The answer: checked at once (per-question clock) or saved ('' = none yet, whole-quiz clock). */
  onAnswer: (answer: string) => void;
}

/** The share of players who picked one option (solo play's audience-poll lifeline). */
export interface PollShare {
  option_id: string;
  percent: number;
}

/** Ids of a canonical list answer ("a,c" → ["a", "c"]). */
export function idList(s: string | null | undefined): string[] {
  return (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, x!);
  return out;
}
