import type { Middleware } from '@reduxjs/toolkit';
import type { AnswerVerdict } from '../../core/contract';
import type { AppDispatch, RootState } from '../app/store';
import { api } from '../lib/api-client';
import { playFailed, verdictQueued, verdictReceived, type PlayState } from './play-machine';
import { loadSubmitters, playLabel } from './submit-play';

/** The question on screen (0: none). */
const onScreen = (p: PlayState | undefined) => (p?.phase === 'question' ? (p.session.questions[p.index]?.id ?? 0) : 0);

/** The question whose answer waits for the server's verdict (0: none). */
const checking = (p: PlayState | undefined) =>
  p?.phase === 'reveal' && p.verdict === 'checking' ? p.session.questions[p.index]!.id : 0;

/** The last question put on screen, and when (this device's clock). */
let shown = { id: 0, at: 0 };

/**
 * The answers of a sealed session (no key on the device: the daily quiz, which pays coins) are
 * sent one by one to submit_answer when the play turns to checking one, whatever event did it
 * (a pick, the question's clock running out): through the outbox, keyed by session and question
 * (every resend is the same op), with how long the question was on screen. Its verdict at once
 * when online, else queued, to arrive on reconnect. A middleware watching the play's changes,
 * not a screen's effect: it reacts to each change once, however the screens render. (Plain, not
 * RTK's listener middleware, which would add its code to the first screen's toolkit.)
 */
export const answerChecks: Middleware<object, RootState, AppDispatch> = (store) => (next) => (action) => {
  const before = store.getState().play;
  const out = next(action);
  const now = store.getState().play;
  const screen = onScreen(now);
  if (screen !== 0 && screen !== onScreen(before)) shown = { id: screen, at: Date.now() };
  if (checking(now) !== 0 && checking(now) !== checking(before)) void check(store.getState, store.dispatch);
  return out;
};

/** Sends the answer of the question being checked, and dispatches what comes of it. */
async function check(getState: () => RootState, dispatch: AppDispatch): Promise<void> {
  const { play, auth } = getState();
  if (play?.phase !== 'reveal') return;
  const asked = checking(play);
  const elapsed = shown.id === asked ? Date.now() - shown.at : 0;
  const fields = {
    session_id: play.session.session_id,
    question_id: String(asked),
    answer: play.picked ?? '',
    elapsed_ms: String(Math.max(0, Math.round(elapsed))),
  };
  const id = `${play.session.session_id}-q${asked}`;
  const got = (v: AnswerVerdict) => dispatch(verdictReceived(v));
  const queued = () => dispatch(verdictQueued({ question_id: asked }));
  const label = playLabel(play.session);
  try {
    const { postResult } = await loadSubmitters();
    const out = await postResult('submit_answer', fields, {
      id,
      token: auth.token ?? '',
      userId: auth.user?.id ?? 0,
      label,
    });
    if (out.status === 'applied') got(out.data as AnswerVerdict);
    else if (out.status === 'failed') dispatch(playFailed(out.code));
    else queued();
  } catch {
    // No IndexedDB here: sent directly, and waiting (queued) when that does not go either.
    await api('submit_answer', fields, { idempotencyKey: id }).then(got, queued);
  }
}
