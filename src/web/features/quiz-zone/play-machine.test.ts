import { describe, expect, it } from 'vitest';
import type { PlaySession, QuizResult } from '../../../core/contract';
import {
  answerPicked,
  currentQuestion,
  levelFailed,
  levelFinished,
  levelOpened,
  levelRequested,
  nextRequested,
  playReducer,
  playReset,
  questionTimedOut,
  submitFailed,
  submitRetried,
  type PlayState,
} from './play-machine';

const q = (id: number, answer: string) => ({
  id,
  question: `Q${id}`,
  question_type: 'mcq' as const,
  options: [
    { id: 'a', text: 'A' },
    { id: 'b', text: 'B' },
  ],
  answer,
  explanation: '',
  image: '',
  marks: 1,
});

const session: PlaySession = {
  session_id: '00000000-0000-4000-8000-000000000001',
  mode: 'quiz_zone',
  category: 'science',
  subcategory: 'physics',
  level: 1,
  started_at: '',
  deadline: '',
  server_time: '',
  seconds_per_question: 20,
  questions: [q(1, 'a'), q(2, 'b')],
};

const run = (...actions: Parameters<typeof playReducer>[1][]) =>
  actions.reduce<PlayState>((s, a) => playReducer(s, a), { phase: 'idle' });

describe('play machine', () => {
  it('opens a level on the first question', () => {
    const s = run(levelRequested(), levelOpened(session));
    expect(s.phase).toBe('question');
    expect(currentQuestion(s)?.id).toBe(1);
  });

  it('reveals a pick and records it as the answer', () => {
    const s = run(levelOpened(session), answerPicked('b'));
    expect(s).toMatchObject({ phase: 'reveal', picked: 'b', answers: [{ question_id: 1, answer: 'b' }] });
  });

  it('records a time out as unanswered (null)', () => {
    const s = run(levelOpened(session), questionTimedOut());
    expect(s).toMatchObject({ phase: 'reveal', picked: null, answers: [{ question_id: 1, answer: null }] });
  });

  it('ignores a second pick while the answer is revealed', () => {
    const s = run(levelOpened(session), answerPicked('a'), answerPicked('b'), questionTimedOut());
    expect(s).toMatchObject({ phase: 'reveal', picked: 'a' });
    if (s.phase === 'reveal') expect(s.answers).toHaveLength(1);
  });

  it('moves to the next question, then to submitting with the key made at the end', () => {
    const k = { idempotencyKey: 'key-1' };
    const s1 = run(levelOpened(session), answerPicked('a'), nextRequested(k));
    expect(s1).toMatchObject({ phase: 'question', index: 1 });
    const s2 = playReducer(playReducer(s1, answerPicked('a')), nextRequested({ idempotencyKey: 'key-2' }));
    expect(s2).toMatchObject({
      phase: 'submitting',
      idempotencyKey: 'key-2',
      failed: false,
      answers: [
        { question_id: 1, answer: 'a' },
        { question_id: 2, answer: 'a' },
      ],
    });
  });

  it('keeps the same Idempotency-Key across a failed submit and its retry', () => {
    const done = run(
      levelOpened(session),
      answerPicked('a'),
      nextRequested({ idempotencyKey: 'x' }),
      answerPicked('b'),
      nextRequested({ idempotencyKey: 'end' }),
    );
    const failed = playReducer(done, submitFailed());
    expect(failed).toMatchObject({ phase: 'submitting', failed: true, idempotencyKey: 'end' });
    expect(playReducer(failed, submitRetried())).toMatchObject({ failed: false, idempotencyKey: 'end' });
  });

  it('shows the server result only after submitting', () => {
    const result = { session_id: session.session_id, percentage: 50 } as QuizResult;
    expect(run(levelOpened(session), levelFinished(result)).phase).toBe('question');
    const s = run(
      levelOpened(session),
      answerPicked('a'),
      nextRequested({ idempotencyKey: 'a' }),
      questionTimedOut(),
      nextRequested({ idempotencyKey: 'k' }),
      levelFinished(result),
    );
    expect(s).toMatchObject({ phase: 'result', result: { percentage: 50 } });
  });

  it('treats a level without questions as an error, and resets to idle', () => {
    expect(run(levelOpened({ ...session, questions: [] }))).toEqual({ phase: 'error', code: 'not_found' });
    expect(run(levelFailed('level_locked'))).toEqual({ phase: 'error', code: 'level_locked' });
    expect(run(levelOpened(session), playReset())).toEqual({ phase: 'idle' });
  });
});
