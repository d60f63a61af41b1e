// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayQuestion, PlaySession } from '../../core/contract';
import { makeStore } from '../app/store';
import '../lib/i18n';
import { gradeOnDevice } from './grade-on-device';
import type { Playing } from './play-machine';
import { ResultView } from './ResultView';

afterEach(cleanup);

const q = (id: number, answer?: string): PlayQuestion => ({
  id,
  question: `Question ${id}`,
  question_type: 'mcq',
  options: ['a', 'b', 'c', 'd'].map((x) => ({ id: x, text: x })),
  match_options: [],
  ...(answer === undefined ? {} : { answer }),
  image: '',
  audio: '',
  latex: false,
  marks: 1,
  bookmarked: false,
});

function show(
  questions: PlayQuestion[],
  answers: Record<number, string | null>,
  { mode = 'daily_quiz', level = 0 }: { mode?: string; level?: number } = {},
) {
  const session = { session_id: 's', mode, level, max_level: level, rewards: true, questions };
  const played = { session, skipped: [] } as unknown as Playing;
  const result = gradeOnDevice(
    played,
    questions.map((x) => ({ question_id: x.id, answer: answers[x.id] ?? null })),
  );
  const link = { to: '/', label: 'back' };
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <ResultView
          session={session as unknown as PlaySession}
          result={result}
          pending
          back={link}
          next={null}
          onGo={() => undefined}
          onPlayAgain={() => undefined}
          onReview={() => undefined}
        />
      </MemoryRouter>
    </Provider>,
  );
}

describe('ResultView of a play waiting for the server', () => {
  it('a daily quiz played from its sealed pack shows what was answered, not a made-up 0 %', () => {
    show([q(1), q(2), q(3)], { 1: 'a', 2: 'b' });
    expect(screen.getByTestId('result-answered').textContent).toBe('You answered 2 of 3.');
    expect(screen.queryByTestId('result-percentage')).toBeNull();
    expect(screen.queryByTestId('result-incorrect')).toBeNull();
    expect(screen.getByTestId('result-pending')).toBeTruthy();
  });

  it('a pack played with its key still shows its counts', () => {
    show([q(1, 'a'), q(2, 'a')], { 1: 'a', 2: 'b' });
    expect(screen.getByTestId('result-correct').textContent).toBe('1');
    expect(screen.getByTestId('result-incorrect').textContent).toBe('1');
    expect(screen.queryByTestId('result-answered')).toBeNull();
  });
});

describe('ResultView heading', () => {
  it('a passed fun-and-learn text says the text is completed, not a level cleared', () => {
    show([q(1, 'a'), q(2, 'a')], { 1: 'a', 2: 'a' }, { mode: 'fun_n_learn', level: 7 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Text completed!');
  });

  it('a passed quiz zone level still says level cleared', () => {
    show([q(1, 'a'), q(2, 'a')], { 1: 'a', 2: 'a' }, { mode: 'quiz_zone', level: 3 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Level cleared!');
  });
});
