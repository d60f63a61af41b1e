// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExamList, ExamResult, ExamSummary } from '../../../core/contract';
import { paths } from '../../app/paths';
import { stubApi, type StubCall } from '../../test-support/api-stub';
import { renderWithProviders, signedIn } from '../../test-support/render';
import ExamResultPage from './ExamResultPage';

const exam = (id: number, over: Partial<ExamSummary> = {}): ExamSummary => ({
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

const result: ExamResult = {
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
};

/** The completed list in pages of `limit`, as the server pages it. */
function completed(exams: ExamSummary[]) {
  return (fields: FormData): ExamList => {
    const offset = Number(fields.get('offset'));
    const limit = Number(fields.get('limit'));
    return { date: '2026-11-27', total: exams.length, exams: exams.slice(offset, offset + limit) };
  };
}

const offsets = (calls: StubCall[]) => calls.map((c) => Number(c.fields.get('offset')));
const renderResult = (id: number) =>
  renderWithProviders(<ExamResultPage />, {
    route: paths.examResult(id),
    path: '/exam-module/:id/result',
    preloadedState: signedIn(),
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExamResultPage', () => {
  it("reads the completed list page after page until the exam is on one, and shows the server's marks", async () => {
    const others = Array.from({ length: 130 }, (_, i) => exam(i + 100));
    const calls = stubApi({ get_exam_module: completed([...others, exam(42, { result })]) });
    renderResult(42);

    expect((await screen.findByTestId('exam-result-marks')).textContent).toContain('7/10');
    expect(screen.getByTestId('exam-result-correct').textContent).toBe('3');
    expect(screen.getByTestId('exam-result-incorrect').textContent).toBe('1');
    expect(screen.getByTestId('exam-result-duration').textContent).toBe('12:34');
    expect(screen.getByText('Exam 42')).toBeTruthy();
    expect(offsets(calls)).toEqual([0, 100]);
    expect(calls.every((c) => c.fields.get('type') === '2')).toBe(true);
  });

  it('says the time ran out for an exam finished without a submission', async () => {
    stubApi({ get_exam_module: completed([exam(42, { state: 'finished' })]) });
    renderResult(42);

    expect((await screen.findByTestId('exam-no-result')).textContent).toContain(
      'The time for this exam ran out before it was submitted.',
    );
    expect(screen.getByTestId('exam-state')).toBeTruthy();
  });

  it('says there is no result when the list ends without the exam, after reading it to its end only', async () => {
    const calls = stubApi({ get_exam_module: completed([exam(1), exam(2)]) });
    renderResult(42);

    expect((await screen.findByTestId('exam-no-result')).textContent).toContain('This result is not available.');
    expect(offsets(calls)).toEqual([0]);
  });
});
