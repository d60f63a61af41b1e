import { useEffect } from 'react';
import { coinScoreChanged } from '../../app/events';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLanguageId } from '../../app/selectors';
import { api, isApiError } from '../../lib/api-client';
import { levelFailed, levelFinished, levelOpened, levelRequested, playReset, submitFailed } from './play-machine';

// Failures worth retrying with the same Idempotency-Key: the answers may or may not have landed.
const RETRYABLE = new Set(['network', 'unknown', 'internal_error', 'rate_limited', 'request_in_progress']);

/** Opens a level session and submits its answers when the level ends; returns the play state. */
export function useLevelPlay(category: string, subcategory: string, level: number, attempt: number) {
  const dispatch = useAppDispatch();
  const languageId = useAppSelector(selectLanguageId);
  const play = useAppSelector((s) => s.quizPlay);

  useEffect(() => {
    let live = true;
    dispatch(levelRequested());
    if (level < 1) {
      dispatch(levelFailed('not_found'));
      return;
    }
    // The error card names these; a toast as well would say it twice.
    const shownOnCard = ['level_locked', 'not_found', 'premium_locked'];
    api(
      'get_questions_by_level',
      { category, subcategory, level, language_id: languageId },
      { expect: shownOnCard },
    ).then(
      (session) => live && dispatch(levelOpened(session)),
      (e: unknown) => live && dispatch(levelFailed(isApiError(e) ? e.code : 'unknown')),
    );
    return () => {
      live = false;
      dispatch(playReset());
    };
  }, [dispatch, category, subcategory, level, languageId, attempt]);

  const submitting = play.phase === 'submitting' && !play.failed ? play : null;
  useEffect(() => {
    if (!submitting) return;
    const { session, answers, idempotencyKey } = submitting;
    api(
      'submit_quiz_answers',
      { session_id: session.session_id, answers: JSON.stringify(answers) },
      { idempotencyKey },
    ).then(
      (result) => {
        dispatch(levelFinished(result));
        dispatch(coinScoreChanged(result.user));
      },
      (e: unknown) => {
        if (isApiError(e) && !RETRYABLE.has(e.code)) dispatch(levelFailed(e.code));
        else dispatch(submitFailed());
      },
    );
  }, [dispatch, submitting]);

  return play;
}
