import { useEffect, useRef, useState } from 'react';
import type { AnswerVerdict, PlaySession, QuizResult } from '../../core/contract';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { isApiError } from '../lib/api-client';
import { uuid } from '../lib/uuid';
import type { OutboxMessage } from '../../core/offline/outbox-shape';
import {
  playFailed,
  playOpened,
  playRequested,
  playReset,
  playReducer,
  playResumed,
  playSynced,
  verdictReceived,
  type PlayState,
} from './play-machine';
import './play-store';
import { loadSubmitters, playStep } from './submit-play';
import { resumedPlay } from './resume-play';
import { loadTex } from '../ui/question/tex';

const LOADING: PlayState = { phase: 'loading' };

/** Whether a session can be drawn in the screen's first render: one without maths (KaTeX first). */
export function drawableAtOnce(session: PlaySession): boolean {
  return !session.questions.some((q) => q.latex);
}

/**
 * The event that opens `session`: a session handed back after a reload goes on where the player
 * was (its key is the grading post's, should every question be answered already).
 */
function openEvent(session: PlaySession) {
  return session.resumed ? playResumed(resumedPlay(session, uuid())) : playOpened(session);
}

/** What opens the play in the store: a resumed one as a step (all answered, grading starts). */
function opening(event: ReturnType<typeof openEvent>) {
  return playResumed.match(event) ? playStep(event) : event;
}

function isPlaying(p: PlayState): p is Extract<PlayState, { session: PlaySession }> {
  return 'session' in p;
}

/**
 * Opens a session with `open` (again when `attempt` changes) and follows what its posts in the
 * outbox bring back (verdicts, a queued result); returns the play state. Maths sessions wait for KaTeX before the first question.
 */
export function useSoloPlay(open: () => Promise<PlaySession>, attempt: number, opened?: () => PlaySession | undefined) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.play);
  // The latest opener: a new closure each render must not reopen the session.
  const opener = useRef(open);
  opener.current = open;
  // A session already open when the screen mounts (the app opened on it): its first question is
  // drawn in the first render, as the store will hold it once the effect below has run.
  const [ready] = useState(() => {
    const session = opened?.();
    if (!session) return undefined;
    const event = openEvent(session);
    return { event, state: playReducer(undefined, event) };
  });
  // The store still holds the previous play (another key) until this one has asked for its
  // session: until then it is not ours to show, nor to submit.
  const requested = useRef(false);
  const play = (requested.current && stored) || (ready && attempt === 0 ? ready.state : LOADING);

  useEffect(() => {
    let live = true;
    requested.current = true;
    dispatch(playRequested());
    if (ready && attempt === 0) dispatch(opening(ready.event));
    else
      opener.current().then(
        async (session) => {
          if (!drawableAtOnce(session)) await loadTex().catch(() => undefined);
          if (live) dispatch(opening(openEvent(session)));
        },
        (e: unknown) => live && dispatch(playFailed(isApiError(e) ? e.code : 'unknown')),
      );
    return () => {
      live = false;
      dispatch(playReset());
    };
  }, [dispatch, attempt, ready]);

  // The answers are sent by the event that ends the quiz (submit-play.ts `playStep`), and a
  // sealed session's answers one by one as the play turns to checking them (answer-checks.ts).

  // Verdicts and a queued result reaching the server while on screen: the server's replace ours.
  const waiting = (play.phase === 'result' && play.pending) || (isPlaying(play) && play.session.sealed === true);
  useEffect(() => {
    if (!waiting || typeof BroadcastChannel === 'undefined') return;
    let ch: BroadcastChannel | null = null;
    let closed = false;
    void loadSubmitters().then(({ channel }) => {
      if (closed) return;
      ch = new BroadcastChannel(channel);
      ch.onmessage = (e: MessageEvent<OutboxMessage>) => {
        for (const a of e.data?.applied ?? []) {
          if (a.action === 'submit_answer') dispatch(verdictReceived(a.data as AnswerVerdict));
          const r = a.action === 'submit_answer' ? null : (a.data as QuizResult | null);
          if (r && typeof r.session_id === 'string') dispatch(playSynced(r));
        }
      };
    });
    return () => {
      closed = true;
      ch?.close();
    };
  }, [dispatch, waiting]);

  return play;
}
