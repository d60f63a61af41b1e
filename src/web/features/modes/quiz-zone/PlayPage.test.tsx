// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextRequested } from '../../../play/play-machine';
import { playStep } from '../../../play/submit-play';
import { playQuestion, playSession, quizResult } from '../../../play/test-fixtures';
import { stubApi } from '../../../test-support/api-stub';
import { renderWithProviders, signedIn } from '../../../test-support/render';
import { LEVEL_ROUTE } from './level-call';
import PlayPage from './PlayPage';

// The real thunk, watched: the screen must hand each answer to it.
vi.mock('../../../play/submit-play', async (actual) => {
  const real = await actual<typeof import('../../../play/submit-play')>();
  return { ...real, playStep: vi.fn(real.playStep) };
});

const session = playSession([
  playQuestion(1, { question: 'Which planet is largest?' }),
  playQuestion(2, { question: 'Which planet has rings?' }),
]);
// The server's figures, unlike what grading on the device would say (one right of two).
const graded = quizResult({ correct: 2, incorrect: 0, percentage: 100, score: 40, coins: 6, passed: true });

const playLevel = () =>
  renderWithProviders(<PlayPage />, {
    route: '/quiz-zone/science/planets/2',
    path: LEVEL_ROUTE,
    preloadedState: signedIn({ coins: 10 }),
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(playStep).mockClear();
});

describe('quiz zone: playing a level', () => {
  it('opens the level of the address and shows its first question with every option', async () => {
    const calls = stubApi({ get_questions_by_level: () => session });
    playLevel();

    expect(await screen.findByRole('heading', { level: 1, name: 'Which planet is largest?' })).toBeTruthy();
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 1 of 2');
    for (const option of ['Alpha', 'Beta', 'Gamma']) expect(screen.getByRole('button', { name: option })).toBeTruthy();
    expect(calls.map((c) => [c.action, c.fields.get('category'), c.fields.get('level')])).toEqual([
      ['get_questions_by_level', 'science', '2'],
    ]);
  });

  it('ends the quiz through the submit thunk, which sends the answers once, after the last question', async () => {
    const calls = stubApi({ get_questions_by_level: () => session, submit_quiz_answers: () => graded });
    playLevel();

    fireEvent.click(await screen.findByRole('button', { name: 'Beta' }));
    expect(screen.getByTestId('verdict').textContent).toBe('Not quite.');
    fireEvent.click(screen.getByTestId('next-question'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Which planet has rings?');
    expect(calls.map((c) => c.action)).not.toContain('submit_quiz_answers');
    fireEvent.click(screen.getByRole('button', { name: 'Alpha' }));
    await act(async () => fireEvent.click(screen.getByTestId('next-question')));
    await screen.findByTestId('result');

    const steps = vi.mocked(playStep).mock.calls.map(([event]) => event);
    expect(steps).toHaveLength(2);
    expect(steps.every((event) => nextRequested.match(event))).toBe(true);
    const submits = calls.filter((c) => c.action === 'submit_quiz_answers');
    expect(submits).toHaveLength(1);
    expect(submits[0]!.fields.get('session_id')).toBe(session.session_id);
    expect(JSON.parse(submits[0]!.fields.get('answers') as string)).toEqual([
      { question_id: 1, answer: 'b' },
      { question_id: 2, answer: 'a' },
    ]);
  });

  it("shows the server's figures on the result screen, and the player's new balance", async () => {
    stubApi({
      get_questions_by_level: () => session,
      submit_quiz_answers: () => ({ ...graded, user: { coins: 16, all_time_score: 40 } }),
    });
    const { store } = playLevel();

    for (const option of ['Alpha', 'Beta']) {
      fireEvent.click(await screen.findByRole('button', { name: option }));
      await act(async () => fireEvent.click(screen.getByTestId('next-question')));
    }
    const result = await screen.findByTestId('result');

    expect(within(result).getByRole('heading', { level: 1 }).textContent).toBe('Level cleared!');
    expect(screen.getByTestId('result-percentage').textContent).toBe('100%');
    expect(screen.getByTestId('result-correct').textContent).toBe('2');
    expect(screen.getByTestId('result-incorrect').textContent).toBe('0');
    expect(screen.getByTestId('result-score').textContent).toContain('40');
    expect(screen.getByTestId('result-coins').textContent).toContain('6');
    expect(store.getState().auth.user?.coins).toBe(16);
  });
});
