import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnswerVerdict, PlayQuestion, PlaySession, QuizResult } from '../../core/contract';
import { canonicalAnswer } from '../../core/rules/answers';
import { type Lifeline } from '../../core/rules/lifelines';
import type { PollShare } from '../ui/question/renderer-props';
import { gradeOnDevice } from './grade-on-device';

/** One answer as submit_quiz_answers takes it; null = unanswered (time out, skip). */
export interface AnswerItem {
  question_id: number;
  answer: string | null;
}

/** A letter a hint fixed in a word, at its 0-based position. */
export interface HintLetter {
  position: number;
  letter: string;
}

/** Everything a running play keeps, whatever the phase. */
export interface Playing {
  session: PlaySession;
  index: number;
  /** Answers given so far by question id, canonical (`canonicalAnswer`); null = timed out or skipped. */
  answers: Record<number, string | null>;
  /** Questions skipped with the lifeline (sent as null, counted apart by the server). */
  skipped: number[];
  /** Lifelines used in this session, each with the question it was used on. */
  used: { lifeline: Lifeline; question_id: number }[];
  /** 50/50: the options hidden, per question. */
  removed: Record<number, string[]>;
  /** Audience poll: the shares, per question. */
  poll: Record<number, PollShare[]>;
  /** Bumped by the reset-timer lifeline: the question's clock starts again. */
  clockResets: number;
  /** Guess the word: the letters hints fixed, per question. */
  hints: Record<number, HintLetter[]>;
  /**
   * A session handed back after a reload (`PlaySession.resumed`): the question it went on
   * with, and what its clock had used by the server's record (while `clockResets` is still
   * `resets`; a reset-timer lifeline used after it starts the clock whole again).
   */
  resumed?: ResumePoint;
}

export interface ResumePoint {
  question_id: number;
  spent_ms: number;
  resets: number;
  /** Something was answered or paid for before: "Welcome back" is said (not on an untouched session). */
  welcome: boolean;
}

/**
 * Where a revealed answer's verdict is: `checking` while submit_answer runs, `queued` while it
 * waits in the outbox for the network (the screen says so, no verdict is made up), `known` once
 * the question carries its key (the server's verdict, or an offline pack's own key).
 */
export type VerdictState = 'checking' | 'queued' | 'known';

/** The play screen as a state machine: each phase carries exactly what it needs. */
export type PlayState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'error'; code: string }
  /** A question is open (with a total clock, any question: the player moves freely). */
  | ({ phase: 'question' } & Playing)
  /** Per-question clock: the answer (or null for a time out) is shown with the correct one. */
  | ({ phase: 'reveal'; picked: string | null; verdict: VerdictState } & Playing)
  | ({ phase: 'submitting'; items: AnswerItem[]; idempotencyKey: string; failed: boolean } & Playing)
  /**
   * The result: the server's, or (`pending`) graded on this device while the post waits in the
   * outbox for the server to grade and credit it; coins and score are the server's to say.
   */
  | ({ phase: 'result'; items: AnswerItem[]; result: QuizResult; pending: boolean } & Playing);

type Active = Extract<PlayState, Playing>;

const initialState = { phase: 'idle' } as PlayState;

/** True when the whole quiz runs on one clock (self challenge): free navigation, one submit. */
export function hasTotalClock(session: PlaySession): boolean {
  return session.total_seconds > 0;
}

function isActive(s: PlayState): s is Active {
  return 'session' in s;
}

/** The question on screen, if any. */
export function currentQuestion(s: PlayState): PlayQuestion | undefined {
  return s.phase === 'question' || s.phase === 'reveal' ? s.session.questions[s.index] : undefined;
}

/** The answers in question order, as submit_quiz_answers takes them (null where none). */
export function answerItems(p: Playing): AnswerItem[] {
  return p.session.questions.map((q) => ({ question_id: q.id, answer: p.answers[q.id] ?? null }));
}

/** Questions without an answer yet (skipped ones are not waiting for one). */
export function unansweredCount(p: Playing): number {
  return p.session.questions.filter((q) => p.answers[q.id] == null && !p.skipped.includes(q.id)).length;
}

function playing(s: Active): Playing {
  const { session, index, answers, skipped, used, removed, poll, clockResets, hints, resumed } = s;
  return { session, index, answers, skipped, used, removed, poll, clockResets, hints, resumed };
}

/** Whether the question's key is on the device (a pack's question, or a verdict received). */
export function keyKnown(q: PlayQuestion): boolean {
  return q.answer !== undefined;
}

/**
 * Where a revealed answer's verdict is: known with the key on the device; asked of the server
 * (submit_answer) in a sealed session; else an offline pack's question sent without its key
 * (the daily quiz, which pays coins), whose verdict comes with the play's graded post.
 */
function verdictOf(session: PlaySession, q: PlayQuestion): VerdictState {
  if (keyKnown(q)) return 'known';
  return session.sealed ? 'checking' : 'queued';
}

/** The answer in its canonical form for the question's type, or null when it is not one. */
function canonical(q: PlayQuestion, answer: string): string | null {
  const c = canonicalAnswer(q.question_type, answer);
  return c === null || c === '' ? null : c;
}

export function toSubmit(p: Playing, idempotencyKey: string): PlayState {
  return { phase: 'submitting', ...p, items: answerItems(p), idempotencyKey, failed: false };
}

const playSlice = createSlice({
  name: 'play',
  initialState,
  reducers: {
    playRequested: () => ({ phase: 'loading' }) as PlayState,
    playOpened: (_s, a: PayloadAction<PlaySession>): PlayState =>
      a.payload.questions.length > 0
        ? {
            phase: 'question',
            session: a.payload,
            index: 0,
            answers: {},
            skipped: [],
            used: [],
            removed: {},
            poll: {},
            clockResets: 0,
            hints: {},
          }
        : { phase: 'error', code: 'not_found' },
    /**
     * The server handed back the player's open session: the play goes on where it was (the state
     * made by `resumedPlay`, which the play screen's chunk holds, not the entry).
     */
    playResumed: (_s, a: PayloadAction<PlayState>): PlayState => a.payload,
    playFailed: (_s, a: PayloadAction<string>): PlayState => ({ phase: 'error', code: a.payload }),
    /**
     * The player's answer to the open question (any form; stored canonical). Per-question clock:
     * revealed at once. Total clock: kept (and changeable) until the quiz is submitted.
     */
    answerGiven: (s, a: PayloadAction<string>): PlayState => {
      if (s.phase !== 'question') return s;
      const q = s.session.questions[s.index]!;
      const answer = canonical(q, a.payload);
      const answers = { ...s.answers, [q.id]: answer };
      if (hasTotalClock(s.session)) return { ...s, answers };
      return { phase: 'reveal', ...playing(s), answers, picked: answer, verdict: verdictOf(s.session, q) };
    },
    /** The question's clock ran out: unanswered (per-question clock only). */
    questionTimedOut: (s): PlayState => {
      if (s.phase !== 'question' || hasTotalClock(s.session)) return s;
      const q = s.session.questions[s.index]!;
      return {
        phase: 'reveal',
        ...playing(s),
        answers: { ...s.answers, [q.id]: null },
        picked: null,
        verdict: verdictOf(s.session, q),
      };
    },
    /** The skip lifeline was granted: no answer, counted as skipped, on to the next question. */
    questionSkipped: (s): PlayState => {
      if (s.phase !== 'question' || s.index + 1 >= s.session.questions.length) return s;
      const q = s.session.questions[s.index]!;
      return {
        ...s,
        answers: { ...s.answers, [q.id]: null },
        skipped: [...s.skipped, q.id],
        used: [...s.used, { lifeline: 'skip', question_id: q.id }],
        index: s.index + 1,
      };
    },
    /** After a reveal: the next question, or the end (the caller makes the Idempotency-Key once). */
    nextRequested: (s, a: PayloadAction<{ idempotencyKey: string }>): PlayState => {
      if (s.phase !== 'reveal') return s;
      const p = playing(s);
      if (s.index + 1 < s.session.questions.length) return { phase: 'question', ...p, index: s.index + 1 };
      return toSubmit(p, a.payload.idempotencyKey);
    },
    /** Total clock: open any question. */
    questionOpened: (s, a: PayloadAction<number>): PlayState => {
      if (s.phase !== 'question' || !hasTotalClock(s.session)) return s;
      if (a.payload < 0 || a.payload >= s.session.questions.length) return s;
      return { ...s, index: a.payload };
    },
    /** Total clock: the player submits (or the clock ended); unanswered questions go as null. */
    quizSubmitted: (s, a: PayloadAction<{ idempotencyKey: string }>): PlayState => {
      if (s.phase !== 'question' || !hasTotalClock(s.session)) return s;
      return toSubmit(playing(s), a.payload.idempotencyKey);
    },
    lifelineApplied: (
      s,
      a: PayloadAction<{
        lifeline: Exclude<Lifeline, 'skip'>;
        question_id: number;
        removed?: string[];
        poll?: PollShare[];
      }>,
    ): PlayState => {
      if (s.phase !== 'question') return s;
      const { lifeline, question_id } = a.payload;
      const next: Active = { ...s, used: [...s.used, { lifeline, question_id }] };
      if (lifeline === 'fifty_fifty') next.removed = { ...s.removed, [question_id]: a.payload.removed ?? [] };
      if (lifeline === 'audience_poll') next.poll = { ...s.poll, [question_id]: a.payload.poll ?? [] };
      if (lifeline === 'reset_timer') next.clockResets = s.clockResets + 1;
      return next;
    },
    hintApplied: (s, a: PayloadAction<{ question_id: number } & HintLetter>): PlayState => {
      if (s.phase !== 'question') return s;
      const { question_id, position, letter } = a.payload;
      const had = s.hints[question_id] ?? [];
      if (had.some((h) => h.position === position)) return s;
      return { ...s, hints: { ...s.hints, [question_id]: [...had, { position, letter }] } };
    },
    bookmarkChanged: (s, a: PayloadAction<{ question_id: number; bookmarked: boolean }>) => {
      if (!isActive(s)) return;
      const q = s.session.questions.find((x) => x.id === a.payload.question_id);
      if (q) q.bookmarked = a.payload.bookmarked;
    },
    /** The server's verdict of an answer: its question now carries its key and explanation. */
    verdictReceived: (s, a: PayloadAction<AnswerVerdict>) => {
      if (!isActive(s) || s.session.session_id !== a.payload.session_id) return;
      const q = s.session.questions.find((x) => x.id === a.payload.question_id);
      if (!q) return;
      q.answer = a.payload.correct_answer;
      q.explanation = a.payload.explanation;
      if (s.phase === 'reveal' && s.session.questions[s.index]!.id === q.id) s.verdict = 'known';
    },
    /** The answer waits in the outbox: its verdict comes when the network is back. */
    verdictQueued: (s, a: PayloadAction<{ question_id: number }>) => {
      if (
        s.phase === 'reveal' &&
        s.verdict === 'checking' &&
        s.session.questions[s.index]!.id === a.payload.question_id
      )
        s.verdict = 'queued';
    },
    submitFailed: (s) => {
      if (s.phase === 'submitting') s.failed = true;
    },
    submitRetried: (s) => {
      if (s.phase === 'submitting') s.failed = false;
    },
    playFinished: (s, a: PayloadAction<QuizResult>): PlayState =>
      s.phase === 'submitting'
        ? { phase: 'result', ...playing(s), items: s.items, result: a.payload, pending: false }
        : s,
    /** The post is queued: the result graded here is shown, marked as waiting for the server. */
    playQueued: (s): PlayState =>
      s.phase === 'submitting'
        ? { phase: 'result', ...playing(s), items: s.items, result: gradeOnDevice(s, s.items), pending: true }
        : s,
    /** The queued post reached the server while its result was on screen: the server's result. */
    playSynced: (s, a: PayloadAction<QuizResult>): PlayState =>
      s.phase === 'result' && s.pending && s.result.session_id === a.payload.session_id
        ? { ...s, result: a.payload, pending: false }
        : s,
    playReset: () => initialState,
  },
});

export const {
  playRequested,
  playOpened,
  playResumed,
  playFailed,
  answerGiven,
  questionTimedOut,
  questionSkipped,
  nextRequested,
  questionOpened,
  quizSubmitted,
  lifelineApplied,
  hintApplied,
  bookmarkChanged,
  verdictReceived,
  verdictQueued,
  submitFailed,
  submitRetried,
  playFinished,
  playQueued,
  playSynced,
  playReset,
} = playSlice.actions;
export const playReducer = playSlice.reducer;
