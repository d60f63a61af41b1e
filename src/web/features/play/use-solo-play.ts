import { useEffect, useRef } from 'react';
import type { PlaySession } from '../../../core/contract';
import { coinScoreChanged } from '../../app/events';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { api, isApiError } from '../../lib/api-client';
import {
  playFailed,
  playFinished,
  playOpened,
  playRequested,
  playReset,
  submitFailed,
  type PlayState,
} from './play-machine';
import { loadTex } from './tex';

// Failures worth retrying with the same Idempotency-Key: the answers may or may not have landed.
const RETRYABLE = new Set(['network', 'unknown', 'internal_error', 'rate_limited', 'request_in_progress']);

const LOADING: PlayState = { phase: 'loading' };

/**
 * Opens a session with `open` (again when `attempt` changes) and submits its answers when the
 * play ends; returns the play state. Maths sessions wait for KaTeX before the first question.
 */
export function useSoloPlay(open: () => Promise<PlaySession>, attempt: number) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.play);
  // The latest opener: a new closure each render must not reopen the session.
  const opener = useRef(open);
  opener.current = open;
  // The store still holds the previous play (another key) until this one has asked for its
  // session: until then it is not ours to show, nor to submit.
  const requested = useRef(false);
  const play = requested.current ? stored : LOADING;

  useEffect(() => {
    let live = true;
    requested.current = true;
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

  // Sent once per Idempotency-Key and try: other changes to the play while it is being graded
  // (a bookmark answered late) must not send the answers again.
  const sending = play.phase === 'submitting' && !play.failed;
  const sessionId = sending ? play.session.session_id : null;
  const idempotencyKey = sending ? play.idempotencyKey : null;
  const answers = sending ? JSON.stringify(play.items) : null;
  useEffect(() => {
    if (sessionId === null || idempotencyKey === null || answers === null) return;
    api('submit_quiz_answers', { session_id: sessionId, answers }, { idempotencyKey }).then(
      (result) => {
        dispatch(playFinished(result));
        dispatch(coinScoreChanged(result.user));
      },
      (e: unknown) => {
        if (isApiError(e) && !RETRYABLE.has(e.code)) dispatch(playFailed(e.code));
        else dispatch(submitFailed());
      },
    );
  }, [dispatch, sessionId, idempotencyKey, answers]);

  return play;
}
