import { useEffect, useRef } from 'react';
import type { AnswerVerdict, PlaySession, QuizResult } from '../../core/contract';
import { coinScoreChanged } from '../app/events';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { api, isApiError } from '../lib/api-client';
import type { OutboxMessage } from '../../core/offline/outbox-shape';
import { useTranslation } from '../lib/use-translation';
import { uuid } from '../lib/uuid';
import {
  playFailed,
  playFinished,
  playOpened,
  playQueued,
  playRequested,
  playReset,
  playResumed,
  playSynced,
  submitFailed,
  verdictQueued,
  verdictReceived,
  type PlayState,
} from './play-machine';
import './play-store';
import { resumedPlay } from './resume-play';
import { loadTex } from '../ui/question/tex';

// Failures worth retrying with the same Idempotency-Key: the answers may or may not have landed.
const RETRYABLE = new Set(['network', 'unknown', 'internal_error', 'rate_limited', 'request_in_progress']);

/** The outbox and the packs: loaded with the first submission, not with the play screen. */
const loadSubmitters = () =>
  Promise.all([import('../lib/offline/outbox-client'), import('../lib/offline/packs')]).then(([outbox, packs]) => ({
    postResult: outbox.postResult,
    packPlayOf: packs.packPlayOf,
    channel: outbox.OUTBOX_CHANNEL,
  }));

const LOADING: PlayState = { phase: 'loading' };

function isPlaying(p: PlayState): p is Extract<PlayState, { session: PlaySession }> {
  return 'session' in p;
}

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

/**
 * Opens a session with `open` (again when `attempt` changes) and submits its answers when the
 * play ends; returns the play state. Maths sessions wait for KaTeX before the first question.
 */
export function useSoloPlay(open: () => Promise<PlaySession>, attempt: number) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const stored = useAppSelector((s) => s.play);
  // The latest opener: a new closure each render must not reopen the session.
  const opener = useRef(open);
  opener.current = open;
  // The store still holds the previous play (another key) until this one has asked for its
  // session: until then it is not ours to show, nor to submit.
  const requested = useRef(false);
  const play = (requested.current && stored) || LOADING;

  useEffect(() => {
    let live = true;
    requested.current = true;
    dispatch(playRequested());
    opener.current().then(
      async (session) => {
        if (session.questions.some((q) => q.latex)) await loadTex().catch(() => undefined);
        // A session handed back after a reload goes on where the player was.
        // (Its key is the grading post's, should every question be answered already.)
        if (live) dispatch(session.resumed ? playResumed(resumedPlay(session, uuid())) : playOpened(session));
      },
      (e: unknown) => live && dispatch(playFailed(isApiError(e) ? e.code : 'unknown')),
    );
    return () => {
      live = false;
      dispatch(playReset());
    };
  }, [dispatch, attempt]);

  // Sent once per Idempotency-Key and try: other changes to the play while it is being graded
  // (a bookmark answered late) must not send the answers again. The post goes through the
  // outbox: stored first, so a lost connection queues it (the result graded here shows
  // meanwhile) instead of losing it.
  const auth = useAppSelector((s) => s.auth);
  const sending = play.phase === 'submitting' && !play.failed;
  const sessionId = sending ? play.session.session_id : null;
  const idempotencyKey = sending ? play.idempotencyKey : null;
  const answers = sending ? JSON.stringify(play.items) : null;
  const label = sending ? play.session.title || t(MODE_NAMES[play.session.mode]) : '';
  const userId = auth.user?.id ?? 0;
  const token = auth.token ?? '';
  useEffect(() => {
    if (sessionId === null || idempotencyKey === null || answers === null) return;
    const applied = (result: QuizResult) => {
      dispatch(playFinished(result));
      dispatch(coinScoreChanged(result.user));
    };
    const refused = (code: string) => dispatch(playFailed(code));
    // The outbox and the packs come with the first submission, not with the play screen.
    void loadSubmitters().then(
      ({ postResult, packPlayOf }) => {
        // A play opened from an offline pack is graded against the pack's version.
        const pack = packPlayOf(sessionId);
        const action = pack ? 'submit_pack_play' : 'submit_quiz_answers';
        const fields = { ...pack, session_id: sessionId, answers };
        return postResult(action, fields, { id: idempotencyKey, token, userId, label }).then(
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
      },
      () => dispatch(submitFailed()),
    );
  }, [dispatch, sessionId, idempotencyKey, answers, label, token, userId]);

  // Each answer of a sealed session goes to submit_answer through the outbox, keyed by session
  // and question (every resend is the same op): its verdict at once when online, else queued
  // with the time the device showed the question, to arrive on reconnect.
  const shownAt = useRef({ id: 0, at: 0 });
  const onScreen = play.phase === 'question' ? (play.session.questions[play.index]?.id ?? 0) : 0;
  if (onScreen && shownAt.current.id !== onScreen) shownAt.current = { id: onScreen, at: Date.now() };
  const checking = play.phase === 'reveal' && play.verdict === 'checking';
  const asked = checking ? play.session.questions[play.index]!.id : 0;
  const answerSession = checking ? play.session.session_id : '';
  const picked = checking ? play.picked : null;
  const answerLabel = checking ? play.session.title || t(MODE_NAMES[play.session.mode]) : '';
  useEffect(() => {
    if (!asked) return;
    const elapsed = shownAt.current.id === asked ? Date.now() - shownAt.current.at : 0;
    const fields = {
      session_id: answerSession,
      question_id: String(asked),
      answer: picked ?? '',
      elapsed_ms: String(Math.max(0, Math.round(elapsed))),
    };
    const id = `${answerSession}-q${asked}`;
    const got = (v: AnswerVerdict) => dispatch(verdictReceived(v));
    void loadSubmitters().then(({ postResult }) =>
      postResult('submit_answer', fields, { id, token, userId, label: answerLabel }).then(
        (out) => {
          if (out.status === 'applied') got(out.data as AnswerVerdict);
          else if (out.status === 'failed') dispatch(playFailed(out.code));
          else dispatch(verdictQueued({ question_id: asked }));
        },
        () =>
          api('submit_answer', fields, { idempotencyKey: id }).then(got, () =>
            dispatch(verdictQueued({ question_id: asked })),
          ),
      ),
    );
  }, [dispatch, asked, answerSession, picked, token, userId, answerLabel]);

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
