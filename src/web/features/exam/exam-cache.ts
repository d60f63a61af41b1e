import type { ExamPlay } from '../../../core/contract';

/**
 * The attempt the start sheet opened, handed to the play screen without a second call. Memory
 * only: after a reload the play screen asks the server again (same questions, same deadline).
 */
const opened = new Map<number, { play: ExamPlay; receivedAt: number }>();

export function handOverExam(play: ExamPlay, receivedAt: number): void {
  opened.set(play.exam.id, { play, receivedAt });
}

/** The attempt handed over for an exam, once: it is forgotten as it is taken. */
export function takeExam(examId: number): { play: ExamPlay; receivedAt: number } | null {
  const x = opened.get(examId) ?? null;
  opened.delete(examId);
  return x;
}
