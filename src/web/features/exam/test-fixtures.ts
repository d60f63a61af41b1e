// What the exam tests build their exams from: one complete value of each contract type, changed
// by each test only where it matters to it.
import type { ExamList, ExamResult, ExamSummary } from '../../../core/contract';

/** An exam of 4 questions and 10 marks, open this week, already taken (no result unless given). */
export const examSummary = (id: number, over: Partial<ExamSummary> = {}): ExamSummary => ({
  id,
  title: `Exam ${id}`,
  description: '',
  starts_on: '2026-11-20',
  ends_on: '2026-11-27',
  duration: 30,
  total_questions: 4,
  total_marks: 10,
  state: 'completed',
  deadline: '',
  result: null,
  ...over,
});

/** A submitted attempt's result: 7 of 10 marks, 3 right and 1 wrong, in 12:34. */
export const examResult = (over: Partial<ExamResult> = {}): ExamResult => ({
  exam_module_id: 42,
  total_questions: 4,
  correct_answers: 3,
  incorrect_answers: 1,
  unattempted: 0,
  obtained_marks: 7,
  total_marks: 10,
  statistics: [],
  rules_violated: false,
  total_duration: 754,
  submitted_at: '2026-11-26T10:00:00Z',
  review: [],
  ...over,
});

/** A stub reply of get_exam_module: `exams` in pages of the call's `limit`, as the server pages them. */
export function examPages(exams: ExamSummary[]) {
  return (fields: FormData): ExamList => {
    const offset = Number(fields.get('offset'));
    const limit = Number(fields.get('limit'));
    return { date: '2026-11-27', total: exams.length, exams: exams.slice(offset, offset + limit) };
  };
}
