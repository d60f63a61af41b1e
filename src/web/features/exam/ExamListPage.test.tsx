// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths';
import { stubApi } from '../../test-support/api-stub';
import { renderWithProviders, signedIn } from '../../test-support/render';
import ExamListPage from './ExamListPage';
import { examPages, examResult, examSummary } from './test-fixtures';

const titles = () => screen.getAllByTestId('exam-card').map((c) => within(c).getByRole('heading').textContent);
const listExams = (route: string = paths.examModule) =>
  renderWithProviders(<ExamListPage />, { route, path: paths.examModule, preloadedState: signedIn() });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExamListPage', () => {
  it("lists today's exams, and the completed ones with their marks on the other tab", async () => {
    const calls = stubApi({
      get_exam_module: (fields) =>
        examPages(
          fields.get('type') === '1'
            ? [examSummary(1, { state: 'not_started', title: 'Algebra' })]
            : [examSummary(2, { title: 'Geometry', result: examResult({ obtained_marks: 9 }) })],
        )(fields),
    });
    listExams();

    expect(await screen.findByTestId('exam-open')).toBeTruthy();
    expect(titles()).toEqual(['Algebra']);
    await act(async () => fireEvent.click(screen.getByTestId('exam-tab-completed')));

    expect((await screen.findByTestId('exam-marks')).textContent).toContain('9/10');
    expect(titles()).toEqual(['Geometry']);
    expect(calls.map((c) => c.fields.get('type'))).toEqual(['1', '2']);
  });

  it('adds the next page on "Show more" until the list is whole', async () => {
    const exams = Array.from({ length: 25 }, (_, i) => examSummary(i + 1, { state: 'not_started' }));
    const calls = stubApi({ get_exam_module: examPages(exams) });
    listExams();

    await screen.findAllByTestId('exam-card');
    expect(titles()).toHaveLength(20);
    await act(async () => fireEvent.click(screen.getByTestId('exam-more')));

    await vi.waitFor(() => expect(titles()).toHaveLength(25));
    expect(titles().at(-1)).toBe('Exam 25');
    expect(screen.queryByTestId('exam-more')).toBeNull();
    expect(calls.map((c) => c.fields.get('offset'))).toEqual(['0', '20']);
  });

  it('says there is nothing today when no exam is open', async () => {
    stubApi({ get_exam_module: examPages([]) });
    listExams();

    expect(await screen.findByText('No exams are open today.')).toBeTruthy();
  });
});
