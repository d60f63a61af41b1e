import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlayQuestion, PlaySession, QuizResult } from '../../../core/contract';

/** One answer as submit_quiz_answers takes it; null = unanswered (time out). */
export interface AnswerItem {
  question_id: number;
  answer: string | null;
}

export interface Playing {
  session: PlaySession;
  index: number;
  answers: AnswerItem[];
}

/** The play screen as a state machine: each phase carries exactly what it needs. */
export type PlayState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | ({ phase: 'question' } & Playing)
  | ({ phase: 'reveal'; picked: string | null } & Playing)
  | { phase: 'submitting'; session: PlaySession; answers: AnswerItem[]; idempotencyKey: string; failed: boolean }
  | { phase: 'result'; session: PlaySession; answers: AnswerItem[]; result: QuizResult }
  | { phase: 'error'; code: string };

const initialState = { phase: 'idle' } as PlayState;

/** The question on screen, if any. */
export function currentQuestion(s: PlayState): PlayQuestion | undefined {
  return s.phase === 'question' || s.phase === 'reveal' ? s.session.questions[s.index] : undefined;
}

function reveal(s: PlayState, picked: string | null): PlayState {
  if (s.phase !== 'question') return s;
  const q = s.session.questions[s.index];
  if (!q) return s;
  return {
    phase: 'reveal',
    session: s.session,
    index: s.index,
    picked,
    answers: [...s.answers, { question_id: q.id, answer: picked }],
  };
}

const playSlice = createSlice({
  name: 'quizPlay',
  initialState,
  reducers: {
    levelRequested: () => ({ phase: 'loading' }) as PlayState,
    levelOpened: (_s, a: PayloadAction<PlaySession>): PlayState =>
      a.payload.questions.length > 0
        ? { phase: 'question', session: a.payload, index: 0, answers: [] }
        : { phase: 'error', code: 'not_found' },
    levelFailed: (_s, a: PayloadAction<string>): PlayState => ({ phase: 'error', code: a.payload }),
    answerPicked: (s, a: PayloadAction<string>) => reveal(s, a.payload),
    questionTimedOut: (s) => reveal(s, null),
    /** Next question, or the end of the level: the caller supplies the Idempotency-Key once. */
    nextRequested: (s, a: PayloadAction<{ idempotencyKey: string }>): PlayState => {
      if (s.phase !== 'reveal') return s;
      if (s.index + 1 < s.session.questions.length) {
        return { phase: 'question', session: s.session, index: s.index + 1, answers: s.answers };
      }
      return {
        phase: 'submitting',
        session: s.session,
        answers: s.answers,
        idempotencyKey: a.payload.idempotencyKey,
        failed: false,
      };
    },
    submitFailed: (s) => {
      if (s.phase === 'submitting') s.failed = true;
    },
    submitRetried: (s) => {
      if (s.phase === 'submitting') s.failed = false;
    },
    levelFinished: (s, a: PayloadAction<QuizResult>): PlayState =>
      s.phase === 'submitting' ? { phase: 'result', session: s.session, answers: s.answers, result: a.payload } : s,
    playReset: () => initialState,
  },
});

export const {
  levelRequested,
  levelOpened,
  levelFailed,
  answerPicked,
  questionTimedOut,
  nextRequested,
  submitFailed,
  submitRetried,
  levelFinished,
  playReset,
} = playSlice.actions;
export const playReducer = playSlice.reducer;
