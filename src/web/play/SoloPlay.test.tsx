// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayQuestion, PlaySession, QuizResult, UserRecord } from '../../core/contract';
import { loggedIn } from '../app/events';
import { makeStore } from '../app/store';
import { ApiError } from '../lib/api-client';
import '../lib/i18n';
import { SoloPlay } from './SoloPlay';
import { stubApi } from '../test-support/api-stub';
import { playQuestion, playSession, quizResult } from './test-fixtures';

const q = (id: number, over: Partial<PlayQuestion> = {}): PlayQuestion =>
  playQuestion(id, {
    options: [
      { id: 'a', text: 'Alpha' },
      { id: 'b', text: 'Beta' },
      { id: 'c', text: 'Gamma' },
      { id: 'd', text: 'Delta' },
    ],
    explanation: `Because ${id}.`,
    ...over,
  });

const session = playSession([q(1), q(2, { question_type: 'sequence', answer: 'a,b,c,d' })], {
  lifelines: ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'],
  lifeline_cost: 2,
});

const result = (over: Partial<QuizResult> = {}): QuizResult =>
  quizResult({ skipped: 1, incorrect: 0, coins_spent: 2, user: { coins: 11, all_time_score: 4 }, ...over });

function setup(s: PlaySession, next?: (r: QuizResult) => { to: string; label: string } | null) {
  const store = makeStore();
  store.dispatch(loggedIn({ user: { name: 'Ada', coins: 10, all_time_score: 0 } as UserRecord, token: 't' }));
  const open = vi.fn(() => Promise.resolve(s));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SoloPlay open={open} playKey="k" back={{ to: '/levels', label: 'Back to levels' }} next={next} />
      </MemoryRouter>
    </Provider>,
  );
  return { store, open };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SoloPlay', () => {
  it('plays a question, skips one with the lifeline, submits once with a key, shows the result and plays again', async () => {
    const calls = stubApi({
      use_lifeline: () => ({ lifeline: 'skip', question_id: 1, removed: [], poll: [], deadline: '', coins: 8 }),
      submit_quiz_answers: () => result(),
    });
    const { store, open } = setup({ ...session, questions: [q(1), q(2), q(3)] });
    expect(await screen.findByTestId('question-counter')).toHaveProperty('textContent', 'Question 1 of 3');

    fireEvent.click(screen.getByTestId('option-b'));
    expect(screen.getByTestId('verdict').textContent).toBe('Not quite.');
    expect(screen.getByTestId('option-b').className).toContain('incorrect');
    expect(screen.getByTestId('option-a').className).toContain('correct');
    fireEvent.click(screen.getByTestId('next-question'));

    // Question 2: skip (paid), which moves on and updates the header's coins.
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 2 of 3');
    await act(async () => fireEvent.click(screen.getByTestId('lifeline-skip')));
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 3 of 3');
    expect(store.getState().auth.user?.coins).toBe(8);
    // Skip is used now, and never allowed on the last question anyway.
    expect((screen.getByTestId('lifeline-skip') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('option-a'));
    await act(async () => fireEvent.click(screen.getByTestId('next-question')));
    expect(await screen.findByTestId('result')).toBeTruthy();

    const submit = calls.filter((c) => c.action === 'submit_quiz_answers');
    expect(submit).toHaveLength(1);
    expect(submit[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(submit[0]!.fields.get('answers') as string)).toEqual([
      { question_id: 1, answer: 'b' },
      { question_id: 2, answer: null },
      { question_id: 3, answer: 'a' },
    ]);
    expect(screen.getByTestId('result-skipped').textContent).toBe('1');
    expect(screen.getByTestId('result-spent').textContent).toContain('−2');
    expect(screen.queryByTestId('next-level')).toBeNull();
    expect(store.getState().auth.user?.coins).toBe(11);

    await act(async () => fireEvent.click(screen.getByTestId('play-again')));
    expect(open).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('question-counter')).toHaveProperty('textContent', 'Question 1 of 3');
  });

  it('a session handed back after a reload goes on at the question where the player was, lifelines kept', async () => {
    const calls = stubApi({});
    const { answer: _a, explanation: _e, ...bare } = q(1);
    setup({
      ...session,
      sealed: true,
      questions: [1, 2, 3, 4].map((id) => ({ ...bare, id, question: `Question ${id}` })),
      resumed: {
        answers: [
          { question_id: 1, answer: 'a', is_correct: true, correct_answer: 'a', explanation: '' },
          { question_id: 2, answer: 'b', is_correct: false, correct_answer: 'a', explanation: '' },
        ],
        lifelines: [{ lifeline: 'fifty_fifty', question_id: 3, removed: ['c', 'd'], poll: [] }],
        hints: [],
        spent_ms: 12_000,
      },
    });
    expect(await screen.findByTestId('question-counter')).toHaveProperty('textContent', 'Question 3 of 4');
    expect(screen.getByTestId('resume-note').textContent).toContain('Welcome back');
    // The options 50/50 hid stay hidden, and it cannot be bought again.
    expect(screen.queryByTestId('option-c')).toBeNull();
    expect((screen.getByTestId('lifeline-fifty_fifty') as HTMLButtonElement).disabled).toBe(true);
    // The clock goes on from the server's record: 30 s less the 12 used.
    expect(screen.getByTestId('timer').getAttribute('aria-label')).toContain('18');
    expect(calls).toHaveLength(0);
  });

  it("sends a sealed session's answer to submit_answer and shows the server's verdict and explanation", async () => {
    const calls = stubApi({
      submit_answer: (f) => ({
        session_id: session.session_id,
        question_id: Number(f.get('question_id')),
        answer: f.get('answer'),
        is_correct: false,
        correct_answer: 'c',
        explanation: 'Gamma, from the server.',
        answered: 1,
      }),
    });
    const { answer: _a, explanation: _e, ...bare } = q(1);
    setup({ ...session, sealed: true, questions: [bare, { ...bare, id: 2 }] });
    fireEvent.click(await screen.findByTestId('option-b'));
    expect(await screen.findByTestId('verdict')).toHaveProperty('textContent', 'Not quite.');
    expect(screen.getByTestId('option-c').className).toContain('correct');
    expect(screen.getByTestId('option-b').className).toContain('incorrect');
    expect(screen.getByText('Gamma, from the server.')).toBeTruthy();
    const sent = calls.filter((c) => c.action === 'submit_answer');
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(['session_id', 'question_id', 'answer'].map((k) => [k, sent[0]!.fields.get(k)]))).toEqual(
      {
        session_id: session.session_id,
        question_id: '1',
        answer: 'b',
      },
    );
    expect(sent[0]!.headers['Idempotency-Key']).toBe(`${session.session_id}-q1`);
  });

  it('says the verdict comes when back online when the answer cannot reach the server, and goes on', async () => {
    stubApi({
      submit_answer: () => {
        throw new Error('offline');
      },
    });
    const { answer: _a, explanation: _e, ...bare } = q(1);
    setup({ ...session, sealed: true, questions: [bare, { ...bare, id: 2 }] });
    fireEvent.click(await screen.findByTestId('option-b'));
    expect((await screen.findByTestId('verdict-pending')).textContent).toMatch(/back online/);
    expect(screen.queryByTestId('verdict')).toBeNull();
    // No made-up verdict: the pick stays shown, neither right nor wrong.
    expect(screen.getByTestId('option-b').className).not.toMatch(/correct/);
    fireEvent.click(screen.getByTestId('next-question'));
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 2 of 2');
  });

  it('keeps the Idempotency-Key when a failed submit is retried', async () => {
    let fail = true;
    const keys: string[] = [];
    stubApi({
      submit_quiz_answers: (_f, h) => {
        keys.push(h['Idempotency-Key']!);
        if (fail) throw new Error('network down');
        return result();
      },
    });
    // A reply that throws inside fetch is a network failure for the client.
    setup({ ...session, questions: [q(1)] });
    fireEvent.click(await screen.findByTestId('option-a'));
    await act(async () => fireEvent.click(screen.getByTestId('next-question')));
    expect(await screen.findByTestId('retry-submit')).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByTestId('retry-submit')));
    expect(await screen.findByTestId('result')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('sends the answers once when a bookmark is answered while they are being graded', async () => {
    let bookmarkAnswered!: () => void;
    const bookmarkReply = new Promise<void>((ok) => (bookmarkAnswered = ok));
    let graded!: () => void;
    const submitReply = new Promise<void>((ok) => (graded = ok));
    const calls: string[] = [];
    const reply = (data: unknown) => new Response(JSON.stringify({ error: false, data }), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const action = url.replace('/api/', '');
        calls.push(action);
        if (action === 'set_bookmark') {
          await bookmarkReply;
          return reply({ question_id: 1, bookmarked: true });
        }
        await submitReply;
        return reply(result());
      }),
    );
    setup({ ...session, questions: [q(1)] });
    fireEvent.click(await screen.findByTestId('bookmark'));
    fireEvent.click(screen.getByTestId('option-a'));
    // The verdict is said by a live region that was there before it.
    expect(document.querySelector('p.sr-only[role="status"]')?.textContent).toBe('Correct!');
    await act(async () => fireEvent.click(screen.getByTestId('next-question')));
    expect(screen.getByTestId('submitting')).toBeTruthy();
    await act(async () => bookmarkAnswered());
    await act(async () => graded());
    expect(await screen.findByTestId('result')).toBeTruthy();
    expect(calls.filter((c) => c === 'submit_quiz_answers')).toHaveLength(1);
  });

  it('offers no "Play again" after the daily quiz (once a day)', async () => {
    stubApi({ submit_quiz_answers: () => result({ mode: 'daily_quiz' }) });
    setup({ ...session, mode: 'daily_quiz', questions: [q(1)] });
    fireEvent.click(await screen.findByTestId('option-a'));
    await act(async () => fireEvent.click(screen.getByTestId('next-question')));
    expect(await screen.findByTestId('result')).toBeTruthy();
    expect(screen.queryByTestId('play-again')).toBeNull();
    expect(screen.getByTestId('review-answers')).toBeTruthy();
  });

  it('shows an opening error on the card with the way back (and a retry when not expected)', async () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <SoloPlay
            open={() => Promise.reject(new ApiError('level_locked', 403, 'locked'))}
            playKey="k"
            back={{ to: '/levels', label: 'Back to levels' }}
            expect={['level_locked']}
          />
        </MemoryRouter>
      </Provider>,
    );
    const card = await screen.findByTestId('play-error');
    expect(card.textContent).toContain('This level is locked');
    expect(screen.getByTestId('play-back').textContent).toBe('Back to levels');
    expect(screen.queryByTestId('retry-open')).toBeNull();
    cleanup();
    let tries = 0;
    render(
      <Provider store={store}>
        <MemoryRouter>
          <SoloPlay
            open={() => (++tries === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(session))}
            playKey="k"
            back={{ to: '/levels', label: 'Back to levels' }}
          />
        </MemoryRouter>
      </Provider>,
    );
    expect((await screen.findByTestId('play-error')).textContent).toContain('Something went wrong');
    await act(async () => fireEvent.click(screen.getByTestId('retry-open')));
    expect(await screen.findByTestId('question-counter')).toBeTruthy();
  });

  it('reorders a sequence with the buttons and checks it; offers the next level', async () => {
    stubApi({ submit_quiz_answers: () => result({ passed: true }) });
    const seq = q(1, {
      question_type: 'sequence',
      options: [
        { id: 'b', text: 'Two' },
        { id: 'a', text: 'One' },
        { id: 'c', text: 'Three' },
      ],
      answer: 'a,b,c',
    });
    setup({ ...session, questions: [seq] }, (r) => (r.passed ? { to: '/next', label: 'Play next level' } : null));
    fireEvent.click(await screen.findByTestId('seq-up-a'));
    fireEvent.click(screen.getByTestId('check-answer'));
    expect(screen.getByTestId('verdict').textContent).toBe('Correct!');
    await act(async () => fireEvent.click(screen.getByTestId('next-question')));
    expect((await screen.findByTestId('next-level')).textContent).toBe('Play next level');
  });

  it('with a whole-quiz clock: answers change, the palette moves, and Submit sends what is there', async () => {
    const calls = stubApi({ submit_quiz_answers: () => result({ mode: 'self_challenge' }) });
    setup({
      ...session,
      mode: 'self_challenge',
      seconds_per_question: 0,
      total_seconds: 120,
      lifelines: [],
      rewards: false,
      questions: [q(1), q(2, { question_type: 'multi_select', answer: 'a,c' })],
    });
    fireEvent.click(await screen.findByTestId('option-b'));
    fireEvent.click(screen.getByTestId('option-a'));
    expect(screen.getByTestId('option-a').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('next-question')).toBeNull();
    fireEvent.click(screen.getByTestId('palette-2'));
    expect(screen.getByTestId('question-counter').textContent).toBe('Question 2 of 2');
    fireEvent.click(screen.getByTestId('option-c').querySelector('input')!);
    fireEvent.click(screen.getByTestId('option-a').querySelector('input')!);
    fireEvent.click(screen.getByTestId('nav-prev'));
    expect(screen.getByTestId('option-a').getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('submit-quiz')));
    expect(await screen.findByTestId('result')).toBeTruthy();
    expect(screen.getByTestId('result-no-coins')).toBeTruthy();
    const submit = calls.find((c) => c.action === 'submit_quiz_answers')!;
    expect(JSON.parse(submit.fields.get('answers') as string)).toEqual([
      { question_id: 1, answer: 'a' },
      { question_id: 2, answer: 'a,c' },
    ]);
  });
});

// Issue 22 §12: an audio question's answers look locked until its clip was heard, and its clock
// starts when the clip starts, not before (the test moves the clock).
describe('SoloPlay, an audio question', () => {
  it('keeps the clock still until the clip plays, and the answers visibly locked until it was heard', async () => {
    stubApi({});
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      setup({ ...session, mode: 'audio', questions: [q(1, { audio: '/audio/clip.mp3' }), q(2)] });
      expect(await screen.findByTestId('question-counter')).toHaveProperty('textContent', 'Question 1 of 2');
      const timer = () => screen.getByTestId('timer').getAttribute('aria-label');
      const card = () => screen.getByTestId('play-card');
      expect(timer()).toBe('30 seconds left');
      expect(card().className).toContain('answers-locked');
      expect((screen.getByTestId('option-a') as HTMLButtonElement).disabled).toBe(true);

      // Ten seconds before pressing play: the question's clock has not moved.
      await act(async () => vi.advanceTimersByTime(10_000));
      expect(timer()).toBe('30 seconds left');

      const audio = document.querySelector('audio')!;
      await act(async () => fireEvent.play(audio));
      await act(async () => vi.advanceTimersByTime(3_000));
      expect(timer()).toBe('27 seconds left');
      expect(card().className).toContain('answers-locked');

      await act(async () => fireEvent.ended(audio));
      expect(card().className).not.toContain('answers-locked');
      expect((screen.getByTestId('option-a') as HTMLButtonElement).disabled).toBe(false);
      expect(timer()).toBe('27 seconds left');
    } finally {
      vi.useRealTimers();
    }
  });
});
