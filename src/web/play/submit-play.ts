import type { UnknownAction } from '@reduxjs/toolkit';
import type { PlaySession, QuizResult } from '../../core/contract';
import { coinScoreChanged } from '../app/events';
import type { AppDispatch, RootState } from '../app/store';
import { api, isApiError } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { playFailed, playFinished, playQueued, submitFailed, type PlayState } from './play-machine';

// Failures worth retrying with the same Idempotency-Key: the answers may or may not have landed.
const RETRYABLE = new Set(['network', 'unknown', 'internal_error', 'rate_limited', 'request_in_progress']);

/** The outbox and the packs: loaded with the first submission, not with the play screen. */
export const loadSubmitters = () =>
  Promise.all([import('../lib/offline/outbox-client'), import('../lib/offline/packs')]).then(([outbox, packs]) => ({
    postResult: outbox.postResult,
    packPlayOf: packs.packPlayOf,
    channel: outbox.OUTBOX_CHANNEL,
  }));

// What a queued result is called in the messages about it (the session's title when it has one).
const MODE_NAMES = {
  daily_quiz: 'modes.dailyQuiz',
  bookmark: 'modes.bookmarks',
  fun_n_learn: 'modes.funAndLearn',
  true_false: 'modes.trueFalse',
  self_challenge: 'modes.selfLearning',
  quiz_zone: 'modes.quizZone',
  guess_the_word: 'modes.guessTheWord',
  audio: 'modes.audioQuestions',
  maths: 'modes.mathMania',
  multi_match: 'modes.multiMatch',
} as const satisfies Record<PlaySession['mode'], string>;

/** What the outbox's messages call the session of `play`. */
export function playLabel(session: PlaySession): string {
  return session.title || i18n.t(MODE_NAMES[session.mode]);
}

const sending = (p: PlayState | undefined) => p?.phase === 'submitting' && !p.failed;

/**
 * Dispatches a play event and, when that event ended the quiz (the play turned to submitting:
 * the last answer's "next", the total clock's submit or its end, a retry, a resumed session with
 * every question answered), sends the answers: once per event, so nothing else that changes the
 * play while it is graded (a bookmark answered late) sends them again.
 */
export const playStep =
  (event: UnknownAction) =>
  (dispatch: AppDispatch, getState: () => RootState): void => {
    const before = getState().play;
    dispatch(event);
    if (!sending(before) && sending(getState().play)) void dispatch(submitPlay());
  };

/**
 * Sends the answers of the play being submitted through the outbox: stored first, so a lost
 * connection queues them (the result graded here shows meanwhile) instead of losing them.
 */
function submitPlay() {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const { play, auth } = getState();
    if (play?.phase !== 'submitting' || play.failed) return;
    const { session_id: sessionId } = play.session;
    const { idempotencyKey } = play;
    const answers = JSON.stringify(play.items);
    const label = playLabel(play.session);
    const applied = (result: QuizResult) => {
      dispatch(playFinished(result));
      dispatch(coinScoreChanged(result.user));
    };
    const refused = (code: string) => dispatch(playFailed(code));
    let submitters: Awaited<ReturnType<typeof loadSubmitters>>;
    try {
      submitters = await loadSubmitters();
    } catch {
      dispatch(submitFailed());
      return;
    }
    // A play opened from an offline pack is graded against the pack's version.
    const pack = submitters.packPlayOf(sessionId);
    const action = pack ? 'submit_pack_play' : 'submit_quiz_answers';
    const fields = { ...pack, session_id: sessionId, answers };
    const token = auth.token ?? '';
    const userId = auth.user?.id ?? 0;
    await submitters.postResult(action, fields, { id: idempotencyKey, token, userId, label }).then(
      (out) => {
        if (out.status === 'applied') applied(out.data as QuizResult);
        else if (out.status === 'failed') refused(out.code);
        else dispatch(playQueued());
      },
      // No IndexedDB here: sent directly, with a retry button when it does not go.
      () =>
        api(action, fields, { idempotencyKey }).then(applied, (e: unknown) => {
          if (isApiError(e) && !RETRYABLE.has(e.code)) refused(e.code);
          else dispatch(submitFailed());
        }),
    );
  };
}
