import type { AdminEventQuestion } from '../../../../core/contract';

/** A question as the contest and exam forms list it (marks count for exams only). */
export type PoolQuestion = Pick<AdminEventQuestion, 'id' | 'type' | 'question' | 'marks'>;

/**
 * A question picked for a contest or exam: its marks as the operator types them; `off` when it
 * was switched off since (players are not asked it, and a changed list must leave it out).
 */
export type PickedQuestion = Omit<PoolQuestion, 'marks'> & { marks: string; off?: boolean };

export type EventKind = 'contest' | 'exam';

/** A question's text for a list: one line, markup-free. */
export function questionLine(q: Pick<PoolQuestion, 'question'>): string {
  return q.question.replace(/\s+/g, ' ').trim();
}
