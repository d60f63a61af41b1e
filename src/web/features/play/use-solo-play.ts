import { useEffect, useRef } from 'react';
import type { PlaySession } from '../../../core/contract';
import { coinScoreChanged } from '../../app/events';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { api, isApiError } from '../../lib/api-client';
import { playFailed, playFinished, playOpened, playRequested, playReset, submitFailed } from './play-machine';
import { loadTex } from './tex';

// Failures worth retrying with the same Idempotency-Key: the answers may or may not have landed.
const RETRYABLE = new Set(['network', 'unknown', 'internal_error', 'rate_limited', 'request_in_progress']);

/**
 * Opens a session with `open` (again when `attempt` changes) and submits its answers when the
 * play ends; returns the play state. Maths sessions wait for KaTeX before the first question.
 */
export function useSoloPlay(open: () => Promise<PlaySession>, attempt: number) {
  const dispatch = useAppDispatch();
  const play = useAppSelector((s) => s.play);
  // The latest opener: a new closure each render must not reopen the session.
  const opener = useRef(open);
  opener.current = open;

  useEffect(() => {
    let live = true;
    dispatch(playRequested());
    opener.current().then(
      async (session) => {
        if (session.questions.some((q) => q.latex)) await loadTex().catch(() => undefined);
        if (live) dispatch(playOpened(session));
      },
      (e: unknown) => live && dispatch(playFailed(isApiError(e) ? e.code : 'unknown')),
    );
    return () => {
      live = false;
      dispatch(playReset());
    };
  }, [dispatch, attempt]);

  const submitting = play.phase === 'submitting' && !play.failed ? play : null;
  useEffect(() => {
    if (!submitting) return;
    const { session, items, idempotencyKey } = submitting;
    api(
      'submit_quiz_answers',
      { session_id: session.session_id, answers: JSON.stringify(items) },
      { idempotencyKey },
    ).then(
      (result) => {
        dispatch(playFinished(result));
        dispatch(coinScoreChanged(result.user));
      },
      (e: unknown) => {
        if (isApiError(e) && !RETRYABLE.has(e.code)) dispatch(playFailed(e.code));
        else dispatch(submitFailed());
      },
    );
  }, [dispatch, submitting]);

  return play;
}
