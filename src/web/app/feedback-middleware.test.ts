// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { PlayQuestion, PlaySession, QuizResult, RoomState, ServerMessage } from '../../core/contract';
import { battleFollow, serverSaid } from '../features/battle/battle-slice';
import {
  answerGiven,
  nextRequested,
  playFinished,
  playOpened,
  playQueued,
  playSynced,
  questionTimedOut,
  verdictReceived,
  bookmarkChanged,
} from '../play/play-machine';
import type { Cue } from '../lib/feedback/cues';
import { feedbackMiddleware } from './feedback-middleware';
import '../features/battle/battle-store';
import '../play/play-store';
import { rootReducer } from './store';
import { playQuestion, playSession } from '../play/test-fixtures';

/** A question with its key (`answer`) on the device, or without it (a sealed session's). */
function q(id: number, answer?: string): PlayQuestion {
  const { answer: _key, ...bare } = playQuestion(id, {
    question: `Q${id}`,
    options: ['a', 'b', 'c'].map((x) => ({ id: x, text: x })),
  });
  return answer === undefined ? bare : { ...bare, answer };
}

const session = (questions: PlayQuestion[]): PlaySession =>
  playSession(questions, {
    session_id: '00000000-0000-4000-8000-000000000009',
    category: 'science',
    subcategory: 'physics',
    max_level: 5,
    title: 'Physics',
    seconds_per_question: 20,
    lifeline_cost: 2,
  });

function recorder() {
  const cues: Cue[] = [];
  const loops: boolean[] = [];
  const store = configureStore({
    reducer: rootReducer,
    middleware: (gdm) =>
      gdm({ serializableCheck: false }).concat(
        feedbackMiddleware(
          (c) => cues.push(c),
          (on) => loops.push(on),
        ),
      ),
  });
  return { store, cues, loops };
}

const result = (o: Partial<QuizResult>): QuizResult =>
  ({
    session_id: '00000000-0000-4000-8000-000000000009',
    total: 2,
    correct: 2,
    passed: true,
    coins: 0,
    ...o,
  }) as QuizResult;

describe('sound and vibration follow the game', () => {
  it('a pack question with its key: right, then wrong (a time out is wrong too), each once', () => {
    const { store, cues } = recorder();
    store.dispatch(playOpened(session([q(1, 'a'), q(2, 'b'), q(3, 'c')])));
    store.dispatch(answerGiven('a'));
    expect(cues).toEqual(['right']);
    // Another change while the verdict is up sounds nothing again.
    store.dispatch(bookmarkChanged({ question_id: 1, bookmarked: true }));
    expect(cues).toEqual(['right']);
    store.dispatch(nextRequested({ idempotencyKey: 'k1' }));
    store.dispatch(answerGiven('c'));
    store.dispatch(nextRequested({ idempotencyKey: 'k2' }));
    store.dispatch(questionTimedOut());
    expect(cues).toEqual(['right', 'wrong', 'wrong']);
  });

  it("a sealed question sounds when the server's verdict arrives, not before", () => {
    const { store, cues } = recorder();
    store.dispatch(playOpened(session([q(1), q(2)])));
    store.dispatch(answerGiven('b'));
    expect(cues).toEqual([]);
    store.dispatch(
      verdictReceived({
        session_id: '00000000-0000-4000-8000-000000000009',
        question_id: 1,
        answer: 'b',
        is_correct: true,
        correct_answer: 'b',
        explanation: '',
        answered: 1,
      }),
    );
    expect(cues).toEqual(['right']);
  });

  it("a level cleared and coins once the server's result is in, not for the device's own grading", () => {
    const { store, cues } = recorder();
    store.dispatch(playOpened(session([q(1, 'a')])));
    store.dispatch(answerGiven('a'));
    store.dispatch(nextRequested({ idempotencyKey: 'end' }));
    store.dispatch(playQueued());
    expect(cues).toEqual(['right']);
    store.dispatch(playSynced(result({ coins: 5 })));
    expect(cues).toEqual(['right', 'levelCleared', 'coins']);
  });

  it('a failed level says nothing of clearing; a passed one without coins only clears', () => {
    const a = recorder();
    a.store.dispatch(playOpened(session([q(1, 'a')])));
    a.store.dispatch(answerGiven('b'));
    a.store.dispatch(nextRequested({ idempotencyKey: 'end' }));
    a.store.dispatch(playFinished(result({ passed: false, correct: 0 })));
    expect(a.cues).toEqual(['wrong']);
    const b = recorder();
    b.store.dispatch(playOpened(session([q(1, 'a')])));
    b.store.dispatch(answerGiven('a'));
    b.store.dispatch(nextRequested({ idempotencyKey: 'end' }));
    b.store.dispatch(playFinished(result({ coins: 0 })));
    expect(b.cues).toEqual(['right', 'levelCleared']);
  });

  it("a battle: this player's answer at each round's close, then victory with coins; the loop plays while it runs", () => {
    const { store, cues, loops } = recorder();
    const roomId = '00000000-0000-4000-8000-0000000000aa';
    const room = (status: RoomState['status']) => ({ room_id: roomId, status, seats: [] }) as unknown as RoomState;
    const say = (m: ServerMessage) => store.dispatch(serverSaid(m));
    store.dispatch(battleFollow(roomId));
    say({ type: 'welcome', user_id: 7, server_time: new Date().toISOString() });
    say({ type: 'room', room: room('playing') });
    const close = (round: number, correct: boolean): ServerMessage => ({
      type: 'round_close',
      round: {
        room_id: roomId,
        round,
        question_id: round,
        answer: 'a',
        answers: [
          { user_id: 7, answer: correct ? 'a' : 'b', correct, points: correct ? 4 : 0 },
          { user_id: 8, answer: null, correct: false, points: 0 },
        ],
      },
    });
    say({
      type: 'round_ready',
      round: { room_id: roomId, round: 1, opens_at: new Date().toISOString(), deadline: new Date().toISOString() },
    });
    say(close(1, true));
    say(close(1, true));
    say(close(2, false));
    say({
      type: 'result',
      result: {
        room_id: roomId,
        standings: [
          { user_id: 7, rank: 1, points: 4, correct: 1, result: 'win', payout: 20 },
          { user_id: 8, rank: 2, points: 0, correct: 0, result: 'lose', payout: 0 },
        ],
      },
    });
    expect(cues).toEqual(['countdown', 'right', 'wrong', 'victory', 'coins']);
    expect(loops).toEqual([true, false]);
  });
});
