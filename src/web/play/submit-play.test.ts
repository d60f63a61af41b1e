// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import {
  answerGiven,
  bookmarkChanged,
  nextRequested,
  playOpened,
  playRequested,
  submitFailed,
  submitRetried,
} from './play-machine';
import './play-store';
import { playStep } from './submit-play';
import { playQuestion, playSession, quizResult } from './test-fixtures';

const postResult = vi.fn();
vi.mock('../lib/offline/outbox-client', () => ({ postResult, OUTBOX_CHANNEL: 'outbox' }));
vi.mock('../lib/offline/packs', () => ({ packPlayOf: () => undefined }));

/** A store whose play is at the reveal of its last (only) question. */
function atLastReveal() {
  const store = makeStore();
  store.dispatch(playRequested());
  store.dispatch(playOpened(playSession([playQuestion(1)])));
  store.dispatch(answerGiven('a'));
  return store;
}

beforeEach(() => {
  postResult.mockReset();
  postResult.mockResolvedValue({ status: 'applied', data: quizResult() });
});

describe('submitting a quiz (playStep)', () => {
  it('sends the answers once, from the event that ends the quiz, with its key', async () => {
    const store = atLastReveal();
    store.dispatch(playStep(nextRequested({ idempotencyKey: 'k1' })));
    // A second "next" and a bookmark answered late while grading change nothing sent.
    store.dispatch(playStep(nextRequested({ idempotencyKey: 'k2' })));
    store.dispatch(playStep(bookmarkChanged({ question_id: 1, bookmarked: true })));
    await vi.waitFor(() => expect(store.getState().play?.phase).toBe('result'));
    expect(postResult).toHaveBeenCalledOnce();
    expect(postResult.mock.calls[0]![0]).toBe('submit_quiz_answers');
    expect(postResult.mock.calls[0]![2]).toMatchObject({ id: 'k1' });
  });

  it('sends nothing for an event that does not end the quiz', async () => {
    const store = makeStore();
    store.dispatch(playRequested());
    store.dispatch(playOpened(playSession([playQuestion(1), playQuestion(2)])));
    store.dispatch(answerGiven('a'));
    store.dispatch(playStep(nextRequested({ idempotencyKey: 'k1' })));
    await Promise.resolve();
    expect(store.getState().play?.phase).toBe('question');
    expect(postResult).not.toHaveBeenCalled();
  });

  it('sends again on a retry after a failure, with the same key', async () => {
    postResult.mockRejectedValue(new Error('no IndexedDB'));
    const store = atLastReveal();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    store.dispatch(playStep(nextRequested({ idempotencyKey: 'k1' })));
    await vi.waitFor(() => expect(store.getState().play).toMatchObject({ phase: 'submitting', failed: true }));
    postResult.mockResolvedValue({ status: 'applied', data: quizResult() });
    store.dispatch(playStep(submitRetried()));
    await vi.waitFor(() => expect(store.getState().play?.phase).toBe('result'));
    expect(postResult).toHaveBeenCalledTimes(2);
    expect(postResult.mock.calls[1]![2]).toMatchObject({ id: 'k1' });
    // A failure marked without a retry sends nothing.
    store.dispatch(playStep(submitFailed()));
    expect(postResult).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });
});
