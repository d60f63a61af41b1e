/**
 * The exam module: when an exam is open to a player, what state their attempt is in, and the
 * marks and statistics of a submitted attempt, as pure functions.
 */

/**
 * An exam is open on the local calendar days from `startsOn` to `endsOn` (inclusive,
 * `YYYY-MM-DD`) wherever the player is: a player in UTC+14 sees tomorrow's exam before one in
 * UTC−10 does. `today` is the player's local date.
 */
export function examOpenOn(today: string, exam: { startsOn: string; endsOn: string }): boolean {
  return exam.startsOn <= today && today <= exam.endsOn;
}

/**
 * The spec's progress states of an attempt: `ongoing` while it runs, `completed` once
 * submitted (or completed by the rules), `finished` when its time ran out with no submission.
 */
export type ExamState = 'not_started' | 'ongoing' | 'completed' | 'finished';

export function examState(
  attempt: { submitted: boolean; deadlineMs: number } | null,
  nowMs: number,
  graceMs: number,
): ExamState {
  if (!attempt) return 'not_started';
  if (attempt.submitted) return 'completed';
  return nowMs <= attempt.deadlineMs + graceMs ? 'ongoing' : 'finished';
}

/** One question of an attempt as graded. */
export interface GradedExamQuestion {
  marks: number;
  answered: boolean;
  correct: boolean;
}

/** The statistics of one marks value: how many questions were worth that much, and how they went. */
export interface MarksStatistic {
  mark: number;
  questions: number;
  correct_answer: number;
  incorrect: number;
  unattempted: number;
}

export interface ExamTotals {
  totalQuestions: number;
  correct: number;
  incorrect: number;
  unattempted: number;
  obtainedMarks: number;
  totalMarks: number;
  /** By marks value, highest first. */
  statistics: MarksStatistic[];
}

/** Totals of a graded attempt: marks of the correct answers, and the statistics by marks. */
export function examTotals(questions: readonly GradedExamQuestion[]): ExamTotals {
  const byMark = new Map<number, MarksStatistic>();
  let correct = 0;
  let unattempted = 0;
  let obtained = 0;
  let total = 0;
  for (const q of questions) {
    total += q.marks;
    const s = byMark.get(q.marks) ?? { mark: q.marks, questions: 0, correct_answer: 0, incorrect: 0, unattempted: 0 };
    s.questions++;
    if (!q.answered) {
      s.unattempted++;
      unattempted++;
    } else if (q.correct) {
      s.correct_answer++;
      correct++;
      obtained += q.marks;
    } else s.incorrect++;
    byMark.set(q.marks, s);
  }
  return {
    totalQuestions: questions.length,
    correct,
    incorrect: questions.length - correct - unattempted,
    unattempted,
    obtainedMarks: obtained,
    totalMarks: total,
    statistics: [...byMark.values()].sort((a, b) => b.mark - a.mark),
  };
}

/** The spec's rule: leaving the app for longer than this completes the exam. */
export const EXAM_AWAY_LIMIT_MS = 5_000;
