// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerVerdict } from '../../core/contract';
import { loggedIn } from '../app/events';
import { makeStore } from '../app/store';
import { stubApi } from '../test-support/api-stub';
import {
  answerGiven,
  bookmarkChanged,
  nextRequested,
  playOpened,
  questionTimedOut,
  verdictReceived,
} from './play-machine';
import './play-store';
import { playQuestion, playSession } from './test-fixtures';

// A sealed session's questions come without their key: each answer is checked by the server.
const { answer: _a, ...bare } = playQuestion(1);
const session = playSession([bare, { ...bare, id: 2 }], { sealed: true });

const verdict = (question: number, answer: string): AnswerVerdict => ({
  session_id: session.session_id,
  question_id: question,
  answer,
  is_correct: answer === 'a',
  correct_answer: 'a',
  explanation: '',
  answered: question,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fieldsOf = (f: FormData) => Object.fromEntries(['question_id', 'answer', 'elapsed_ms'].map((k) => [k, f.get(k)]));

describe('answer checks (a middleware on the play)', () => {
  it('sends each checked answer once, with how long its question was on screen, whatever event revealed it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const calls = stubApi({
      submit_answer: (f) => verdict(Number(f.get('question_id')), String(f.get('answer'))),
    });
    const store = makeStore();
    store.dispatch(loggedIn({ user: { id: 7, name: 'Ada', coins: 0, all_time_score: 0 } as never, token: 't' }));
    store.dispatch(playOpened(session));
    vi.setSystemTime(new Date('2026-11-27T10:00:04.200Z'));
    store.dispatch(answerGiven('b'));
    // Other changes while the verdict is on its way send nothing again.
    store.dispatch(bookmarkChanged({ question_id: 1, bookmarked: true }));
    await vi.waitFor(() => expect(store.getState().play).toMatchObject({ phase: 'reveal', verdict: 'known' }));
    store.dispatch(verdictReceived(verdict(1, 'b')));

    // (vi.waitFor moves faked time on while it waits: the next question's time is set again.)
    vi.setSystemTime(new Date('2026-11-27T10:00:10Z'));
    store.dispatch(nextRequested({ idempotencyKey: 'k' }));
    vi.setSystemTime(new Date('2026-11-27T10:00:40Z'));
    store.dispatch(questionTimedOut());
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.action)).toEqual(['submit_answer', 'submit_answer']);
    expect(calls.map((c) => fieldsOf(c.fields))).toEqual([
      { question_id: '1', answer: 'b', elapsed_ms: '4200' },
      { question_id: '2', answer: '', elapsed_ms: '30000' },
    ]);
    expect(calls.map((c) => c.headers['Idempotency-Key'])).toEqual([
      `${session.session_id}-q1`,
      `${session.session_id}-q2`,
    ]);
  });

  it('sends nothing for a question whose key is on the device', async () => {
    const calls = stubApi({});
    const store = makeStore();
    store.dispatch(playOpened(playSession([playQuestion(1), playQuestion(2)])));
    store.dispatch(answerGiven('b'));
    await new Promise((ok) => setTimeout(ok, 20));
    expect(store.getState().play).toMatchObject({ phase: 'reveal', verdict: 'known' });
    expect(calls).toEqual([]);
  });
});
