// How a finished play's answers are counted and whether it passes: one rule for the server's
// result (domain/play/grade.ts) and the one the device shows while its post waits (grade-on-device).
import { percentage } from './quiz-reward';

/**
 * The pass mark of a play that pays nothing (self challenge, bookmarks), in percent correct: the
 * default quiz-zone pass mark, fixed (the operator's `quiz_zone_pass_percentage` decides for the
 * paying modes).
 */
export const UNPAID_PASS_PERCENTAGE = 30;

/** True when `correct` of `total` reaches `passPercentage` percent (never with nothing graded). */
export function reachesPassMark(correct: number, total: number, passPercentage: number): boolean {
  return total > 0 && (correct / total) * 100 >= passPercentage;
}

/** One graded (not skipped) question of a play, as the counts see it. */
export interface CountedAnswer {
  /** The answer given; null when none was (timed out, or never sent). */
  answer: string | null;
  /** Counts as right: correct, and earning (an answer under the human floor is not). */
  right: boolean;
  /** Whether its verdict is known (default true; on the device, only with the key there). */
  known?: boolean;
}

/** A play's counts, as `QuizResult` carries them. */
export interface AnswerCounts {
  total: number;
  correct: number;
  /** Answered and not right, where the verdict is known. */
  incorrect: number;
  unanswered: number;
  /** Percentage correct, rounded for display. */
  percentage: number;
}

/**
 * Counts a play's graded answers (skipped questions left out by the caller): right, wrong (only
 * where the verdict is known, so an answer still waiting for it is neither) and unanswered.
 */
export function countAnswers(graded: readonly CountedAnswer[]): AnswerCounts {
  const total = graded.length;
  const correct = graded.filter((a) => a.right).length;
  const unanswered = graded.filter((a) => a.answer === null).length;
  const incorrect = graded.filter((a) => a.answer !== null && !a.right && a.known !== false).length;
  return { total, correct, incorrect, unanswered, percentage: percentage(correct, total) };
}
