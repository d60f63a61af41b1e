// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths';
import { stubApi, type StubCall } from '../../test-support/api-stub';
import { renderWithProviders, signedIn } from '../../test-support/render';
import ExamResultPage from './ExamResultPage';
import { examPages, examResult, examSummary } from './test-fixtures';

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
    const others = Array.from({ length: 130 }, (_, i) => examSummary(i + 100));
    const calls = stubApi({ get_exam_module: examPages([...others, examSummary(42, { result: examResult() })]) });
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
    stubApi({ get_exam_module: examPages([examSummary(42, { state: 'finished' })]) });
    renderResult(42);

    expect((await screen.findByTestId('exam-no-result')).textContent).toContain(
      'The time for this exam ran out before it was submitted.',
    );
    expect(screen.getByTestId('exam-state')).toBeTruthy();
  });

  it('says there is no result when the list ends without the exam, after reading it to its end only', async () => {
    const calls = stubApi({ get_exam_module: examPages([examSummary(1), examSummary(2)]) });
    renderResult(42);

    expect((await screen.findByTestId('exam-no-result')).textContent).toContain('This result is not available.');
    expect(offsets(calls)).toEqual([0]);
  });
});
