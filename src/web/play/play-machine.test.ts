import { describe, expect, it } from 'vitest';
import type { PlayQuestion, PlaySession, QuizResult } from '../../core/contract';
import {
  answerGiven,
  answerItems,
  bookmarkChanged,
  currentQuestion,
  hintApplied,
  lifelineApplied,
  nextRequested,
  playFailed,
  playFinished,
  playOpened,
  playQueued,
  playSynced,
  playReducer,
  playRequested,
  playReset,
  playResumed,
  questionOpened,
  questionSkipped,
  questionTimedOut,
  quizSubmitted,
  submitFailed,
  submitRetried,
  unansweredCount,
  verdictQueued,
  verdictReceived,
  type PlayState,
} from './play-machine';
import { resumedPlay, spentSeconds } from './resume-play';
import { playQuestion, playSession } from './test-fixtures';

const opts = (...ids: string[]) => ids.map((id) => ({ id, text: id.toUpperCase() }));

function q(id: number, answer: string, over: Partial<PlayQuestion> = {}): PlayQuestion {
  return playQuestion(id, { question: `Q${id}`, options: opts('a', 'b', 'c', 'd'), answer, ...over });
}

const base: PlaySession = playSession([q(1, 'a'), q(2, 'b'), q(3, 'c')], {
  category: 'science',
  subcategory: 'physics',
  max_level: 5,
  title: 'Physics',
  seconds_per_question: 20,
  lifelines: ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'],
  lifeline_cost: 2,
});

const selfChallenge: PlaySession = { ...base, mode: 'self_challenge', seconds_per_question: 0, total_seconds: 300 };

type Action = Parameters<typeof playReducer>[1];
const run = (...actions: Action[]) => actions.reduce<PlayState>((s, a) => playReducer(s, a), { phase: 'idle' });
const from = (s: PlayState, ...actions: Action[]) => actions.reduce<PlayState>((x, a) => playReducer(x, a), s);

describe('play machine: phases', () => {
  it('loads, then opens on the first question with nothing answered', () => {
    expect(run(playRequested())).toEqual({ phase: 'loading' });
    const s = run(playRequested(), playOpened(base));
    expect(s.phase).toBe('question');
    expect(currentQuestion(s)?.id).toBe(1);
    if (s.phase === 'question') expect(unansweredCount(s)).toBe(3);
  });

  it('treats a session without questions as an error, keeps an opening error, and resets to idle', () => {
    expect(run(playOpened({ ...base, questions: [] }))).toEqual({ phase: 'error', code: 'not_found' });
    expect(run(playFailed('already_played'))).toEqual({ phase: 'error', code: 'already_played' });
    expect(run(playOpened(base), playReset())).toEqual({ phase: 'idle' });
  });

  it('reveals an answer and records it', () => {
    const s = run(playOpened(base), answerGiven('b'));
    expect(s).toMatchObject({ phase: 'reveal', picked: 'b', answers: { 1: 'b' } });
    expect(currentQuestion(s)?.id).toBe(1);
  });

  it('records a time out as unanswered (null)', () => {
    const s = run(playOpened(base), questionTimedOut());
    expect(s).toMatchObject({ phase: 'reveal', picked: null, answers: { 1: null } });
  });

  it('ignores a second answer or a time out while the answer is revealed', () => {
    const s = run(playOpened(base), answerGiven('a'), answerGiven('b'), questionTimedOut());
    expect(s).toMatchObject({ phase: 'reveal', picked: 'a', answers: { 1: 'a' } });
  });

  it('moves on after a reveal, then submits every answer in order with the key made at the end', () => {
    const s1 = run(playOpened(base), answerGiven('a'), nextRequested({ idempotencyKey: 'unused' }));
    expect(s1).toMatchObject({ phase: 'question', index: 1 });
    const s2 = from(
      s1,
      questionTimedOut(),
      nextRequested({ idempotencyKey: 'unused-2' }),
      answerGiven('c'),
      nextRequested({ idempotencyKey: 'end' }),
    );
    expect(s2).toMatchObject({
      phase: 'submitting',
      idempotencyKey: 'end',
      failed: false,
      items: [
        { question_id: 1, answer: 'a' },
        { question_id: 2, answer: null },
        { question_id: 3, answer: 'c' },
      ],
    });
  });

  it('keeps the same Idempotency-Key across a failed submit and its retry', () => {
    const done = run(
      playOpened({ ...base, questions: [q(1, 'a')] }),
      answerGiven('a'),
      nextRequested({ idempotencyKey: 'end' }),
    );
    const failed = from(done, submitFailed());
    expect(failed).toMatchObject({ phase: 'submitting', failed: true, idempotencyKey: 'end' });
    expect(from(failed, submitRetried())).toMatchObject({ failed: false, idempotencyKey: 'end' });
    // Asking again for the end changes nothing.
    expect(from(failed, nextRequested({ idempotencyKey: 'other' }))).toBe(failed);
  });

  it('shows the server result only after submitting, keeping the session for the review', () => {
    const result = { session_id: base.session_id, percentage: 50 } as QuizResult;
    expect(run(playOpened(base), playFinished(result)).phase).toBe('question');
    const s = run(
      playOpened({ ...base, questions: [q(1, 'a')] }),
      answerGiven('b'),
      nextRequested({ idempotencyKey: 'k' }),
      playFinished(result),
    );
    expect(s).toMatchObject({ phase: 'result', result: { percentage: 50 }, items: [{ question_id: 1, answer: 'b' }] });
    if (s.phase === 'result') expect(s.session.questions).toHaveLength(1);
  });

  it('turns a submit refused for good into an error', () => {
    const s = run(
      playOpened({ ...base, questions: [q(1, 'a')] }),
      answerGiven('a'),
      nextRequested({ idempotencyKey: 'k' }),
      playFailed('session_expired'),
    );
    expect(s).toEqual({ phase: 'error', code: 'session_expired' });
  });
});

describe('play machine: lifelines, hints, bookmarks', () => {
  it('skip: no answer, counted as skipped, the lifeline is used, on to the next question', () => {
    const s = run(playOpened(base), questionSkipped());
    expect(s).toMatchObject({
      phase: 'question',
      index: 1,
      answers: { 1: null },
      skipped: [1],
      used: [{ lifeline: 'skip', question_id: 1 }],
    });
    if (s.phase === 'question') {
      expect(answerItems(s)[0]).toEqual({ question_id: 1, answer: null });
      // A skipped question is not waiting for an answer.
      expect(unansweredCount(s)).toBe(2);
    }
  });

  it('skip is refused on the last question and after a reveal', () => {
    const last = run(playOpened({ ...base, questions: [q(1, 'a')] }));
    expect(from(last, questionSkipped())).toBe(last);
    const revealed = run(playOpened(base), answerGiven('a'));
    expect(from(revealed, questionSkipped())).toBe(revealed);
  });

  it('50/50 hides options, the poll keeps its shares, reset timer restarts the clock', () => {
    const s = run(
      playOpened(base),
      lifelineApplied({ lifeline: 'fifty_fifty', question_id: 1, removed: ['b', 'c'] }),
      lifelineApplied({ lifeline: 'reset_timer', question_id: 1 }),
    );
    expect(s).toMatchObject({ removed: { 1: ['b', 'c'] }, clockResets: 1 });
    const p = run(
      playOpened(base),
      lifelineApplied({ lifeline: 'audience_poll', question_id: 1, poll: [{ option_id: 'a', percent: 60 }] }),
    );
    expect(p).toMatchObject({ poll: { 1: [{ option_id: 'a', percent: 60 }] }, used: [{ lifeline: 'audience_poll' }] });
  });

  it('hints fix letters once per position; bookmarks follow the server', () => {
    const word = { ...base, questions: [q(1, 'CAT', { question_type: 'word', options: [] })] };
    const s = run(
      playOpened(word),
      hintApplied({ question_id: 1, position: 0, letter: 'C' }),
      hintApplied({ question_id: 1, position: 0, letter: 'C' }),
      hintApplied({ question_id: 1, position: 2, letter: 'T' }),
      bookmarkChanged({ question_id: 1, bookmarked: true }),
    );
    expect(s).toMatchObject({
      hints: {
        1: [
          { position: 0, letter: 'C' },
          { position: 2, letter: 'T' },
        ],
      },
    });
    expect(currentQuestion(s)?.bookmarked).toBe(true);
  });
});

describe('play machine: whole-quiz clock (self challenge)', () => {
  it('saves answers without a reveal, changes them, and moves freely between questions', () => {
    const s = run(
      playOpened(selfChallenge),
      answerGiven('a'),
      answerGiven('b'),
      questionOpened(2),
      answerGiven('c'),
      questionOpened(0),
    );
    expect(s).toMatchObject({ phase: 'question', index: 0, answers: { 1: 'b', 3: 'c' } });
    if (s.phase === 'question') expect(unansweredCount(s)).toBe(1);
  });

  it('clears an answer given as empty, ignores out-of-range moves and time outs of a question', () => {
    const s = run(playOpened(selfChallenge), answerGiven('a'), answerGiven(''), questionOpened(9), questionTimedOut());
    expect(s).toMatchObject({ phase: 'question', index: 0, answers: { 1: null } });
  });

  it('submits whatever is there, unanswered as null', () => {
    const s = run(
      playOpened(selfChallenge),
      questionOpened(1),
      answerGiven('d'),
      quizSubmitted({ idempotencyKey: 'k' }),
    );
    expect(s).toMatchObject({
      phase: 'submitting',
      idempotencyKey: 'k',
      items: [
        { question_id: 1, answer: null },
        { question_id: 2, answer: 'd' },
        { question_id: 3, answer: null },
      ],
    });
  });

  it('refuses free navigation and a whole-quiz submit with a per-question clock', () => {
    const s = run(playOpened(base));
    expect(from(s, questionOpened(2))).toBe(s);
    expect(from(s, quizSubmitted({ idempotencyKey: 'k' }))).toBe(s);
  });
});

describe('play machine: answers are stored canonical per type', () => {
  const typed = (question: PlayQuestion, given: string) =>
    run(playOpened({ ...base, questions: [question, q(99, 'a')] }), answerGiven(given));

  it('mcq and true/false: the option id', () => {
    expect(typed(q(1, 'a'), ' b ')).toMatchObject({ picked: 'b' });
    expect(typed(q(1, 't', { question_type: 'true_false', options: opts('t', 'f') }), 't')).toMatchObject({
      picked: 't',
    });
  });

  it('multi_select: the ids sorted; a repeated id is no answer', () => {
    const ms = q(1, 'a,c', { question_type: 'multi_select' });
    expect(typed(ms, 'c, a')).toMatchObject({ picked: 'a,c', answers: { 1: 'a,c' } });
    expect(typed(ms, 'a,a')).toMatchObject({ picked: null });
  });

  it('sequence: the ids in the given order', () => {
    const seq = q(1, 'c,a,b', { question_type: 'sequence', options: opts('a', 'b', 'c') });
    expect(typed(seq, 'c, a ,b')).toMatchObject({ picked: 'c,a,b' });
  });

  it('match: the pairs sorted', () => {
    const m = q(1, 'a:2,b:1', { question_type: 'match', options: opts('a', 'b'), match_options: opts('1', '2') });
    expect(typed(m, 'b:1, a:2')).toMatchObject({ picked: 'a:2,b:1' });
  });

  it('word: the normalized word', () => {
    const w = q(1, 'NEWYORK', { question_type: 'word', options: [] });
    expect(typed(w, 'new-york')).toMatchObject({ picked: 'NEWYORK' });
  });
});

describe('play machine: a result waiting in the outbox', () => {
  const result = { session_id: base.session_id, percentage: 100 } as QuizResult;
  const ended = (...answers: (string | null)[]) => {
    let s = run(playOpened(base));
    answers.forEach((a, i) => {
      s = from(s, a === null ? questionTimedOut() : answerGiven(a), nextRequested({ idempotencyKey: `k${i}` }));
    });
    return s;
  };

  it('grades on the device: right, wrong and unanswered from the answers the questions carry; no coins', () => {
    const s = from(ended('a', 'c', null), playQueued());
    expect(s).toMatchObject({
      phase: 'result',
      pending: true,
      result: { correct: 1, incorrect: 1, unanswered: 1, total: 3, percentage: 33, coins: 0, score: 0, passed: true },
    });
    if (s.phase === 'result')
      expect(s.result.review.map((r) => [r.question_id, r.is_correct])).toEqual([
        [1, true],
        [2, false],
        [3, false],
      ]);
  });

  it('fails under the default pass mark', () => {
    const s = from(ended('d', 'c', null), playQueued());
    expect(s).toMatchObject({ phase: 'result', result: { correct: 0, passed: false } });
  });

  it("takes the server's result when the queued post reaches it, and only for this play", () => {
    const waiting = from(ended('a', 'b', 'c'), playQueued());
    const server = { ...result, session_id: base.session_id, coins: 7, score: 12 } as QuizResult;
    expect(from(waiting, playSynced({ ...server, session_id: 'another' }))).toMatchObject({ pending: true });
    expect(from(waiting, playSynced(server))).toMatchObject({ pending: false, result: { coins: 7, score: 12 } });
  });

  it('a server result is not pending, and queuing outside submitting changes nothing', () => {
    expect(from(ended('a', 'b', 'c'), playFinished(result))).toMatchObject({ phase: 'result', pending: false });
    const open = run(playOpened(base));
    expect(from(open, playQueued())).toBe(open);
  });
});

describe('play machine: a sealed session (no key before the answer)', () => {
  const sealedQ = (x: PlayQuestion): PlayQuestion => {
    const { answer: _a, explanation: _e, ...rest } = x;
    return rest;
  };
  const sealed: PlaySession = { ...base, sealed: true, questions: base.questions.map(sealedQ) };
  const verdict = (question_id: number, correct_answer: string) => ({
    session_id: base.session_id,
    question_id,
    answer: 'b',
    is_correct: correct_answer === 'b',
    correct_answer,
    explanation: `Why ${question_id}`,
    answered: 1,
  });

  it('checks an answer with the server instead of judging it on the device', () => {
    const s = run(playOpened(sealed), answerGiven('b'));
    expect(s).toMatchObject({ phase: 'reveal', picked: 'b', verdict: 'checking' });
    expect(currentQuestion(s)?.answer).toBeUndefined();
  });

  it("shows the server's verdict: the question then carries its key and explanation, and no other does", () => {
    const s = run(playOpened(sealed), answerGiven('b'), verdictReceived(verdict(1, 'a')));
    expect(s).toMatchObject({ phase: 'reveal', verdict: 'known' });
    if (s.phase !== 'reveal') throw new Error(s.phase);
    expect(s.session.questions.map((x) => x.answer)).toEqual(['a', undefined, undefined]);
    expect(s.session.questions[0]!.explanation).toBe('Why 1');
  });

  it('says the verdict waits for the network, lets the player go on, and fills it in when it comes', () => {
    const s1 = run(playOpened(sealed), answerGiven('b'), verdictQueued({ question_id: 1 }));
    expect(s1).toMatchObject({ phase: 'reveal', verdict: 'queued' });
    const s2 = from(s1, nextRequested({ idempotencyKey: 'k' }), verdictReceived(verdict(1, 'b')));
    expect(s2).toMatchObject({ phase: 'question', index: 1 });
    expect(currentQuestion(s2)?.id).toBe(2);
    if (s2.phase === 'question') expect(s2.session.questions[0]!.answer).toBe('b');
  });

  it("ignores another session's verdict and a queue notice for another question", () => {
    const s = run(
      playOpened(sealed),
      answerGiven('b'),
      verdictReceived({ ...verdict(1, 'a'), session_id: '00000000-0000-4000-8000-000000000009' }),
      verdictQueued({ question_id: 2 }),
    );
    expect(s).toMatchObject({ phase: 'reveal', verdict: 'checking' });
  });

  it('grades on the device only what has a key: a question without its verdict is not counted right', () => {
    const s = run(
      playOpened(sealed),
      answerGiven('a'),
      verdictReceived({ ...verdict(1, 'a'), answer: 'a', is_correct: true }),
      nextRequested({ idempotencyKey: 'x' }),
      answerGiven('b'),
      verdictQueued({ question_id: 2 }),
      nextRequested({ idempotencyKey: 'x' }),
      answerGiven('c'),
      verdictQueued({ question_id: 3 }),
      nextRequested({ idempotencyKey: 'k' }),
      playQueued(),
    );
    expect(s).toMatchObject({ phase: 'result', pending: true, result: { correct: 1, coins: 0 } });
  });

  it('an offline pack with its key (fun and learn, bookmarks): its verdict is known at once', () => {
    expect(run(playOpened(base), answerGiven('b'))).toMatchObject({ verdict: 'known' });
  });

  it("an offline daily-quiz pack's question has no key: its verdict waits for the play's post, nothing asked of submit_answer", () => {
    const pack: PlaySession = { ...base, questions: base.questions.map(sealedQ) };
    const s = run(playOpened(pack), answerGiven('b'));
    expect(s).toMatchObject({ phase: 'reveal', picked: 'b', verdict: 'queued' });
    const done = from(
      s,
      nextRequested({ idempotencyKey: 'x' }),
      answerGiven('a'),
      nextRequested({ idempotencyKey: 'x' }),
      answerGiven('c'),
      nextRequested({ idempotencyKey: 'k' }),
      playQueued(),
    );
    // Nothing graded on the device: the server's result comes with the post.
    expect(done).toMatchObject({ phase: 'result', pending: true, result: { correct: 0, incorrect: 0, coins: 0 } });
  });
});

describe('play machine: a session resumed after a reload', () => {
  const sealedQ = ({ answer: _a, explanation: _e, ...rest }: PlayQuestion): PlayQuestion => rest;
  const four = [q(1, 'a'), q(2, 'b'), q(3, 'c'), q(4, 'd')].map(sealedQ);
  const resumed = (over: Partial<NonNullable<PlaySession['resumed']>> = {}): PlaySession => ({
    ...base,
    sealed: true,
    questions: four,
    resumed: {
      answers: [
        { question_id: 1, answer: 'a', is_correct: true, correct_answer: 'a', explanation: 'Why 1' },
        { question_id: 2, answer: 'c', is_correct: false, correct_answer: 'b', explanation: 'Why 2' },
      ],
      lifelines: [{ lifeline: 'fifty_fifty', question_id: 3, removed: ['a', 'b'], poll: [] }],
      hints: [],
      spent_ms: 7000,
      ...over,
    },
  });

  it('goes on at the first question not answered, with the answers, verdicts and lifelines recorded', () => {
    const s = run(playRequested(), playResumed(resumedPlay(resumed(), 'k')));
    expect(s).toMatchObject({
      phase: 'question',
      index: 2,
      answers: { 1: 'a', 2: 'c' },
      used: [{ lifeline: 'fifty_fifty', question_id: 3 }],
      removed: { 3: ['a', 'b'] },
      resumed: { question_id: 3, spent_ms: 7000, resets: 0, welcome: true },
    });
    if (s.phase !== 'question') throw new Error(s.phase);
    // The answered questions carry their key again; the open ones still none.
    expect(s.session.questions.map((x) => x.answer)).toEqual(['a', 'b', undefined, undefined]);
    expect(s.session.questions[1]!.explanation).toBe('Why 2');
    expect(spentSeconds(s, 3)).toBe(7);
    expect(spentSeconds(s, 4)).toBe(0);
    expect(unansweredCount(s)).toBe(2);
  });

  it('does not sell a lifeline twice: a used one stays used, its exclusivity kept', () => {
    const s = run(playResumed(resumedPlay(resumed(), 'k')));
    expect(from(s, lifelineApplied({ lifeline: 'audience_poll', question_id: 3, poll: [] }))).toMatchObject({
      used: [
        { lifeline: 'fifty_fifty', question_id: 3 },
        { lifeline: 'audience_poll', question_id: 3 },
      ],
    });
    if (s.phase !== 'question') throw new Error(s.phase);
    expect(s.used.some((u) => u.lifeline === 'fifty_fifty')).toBe(true);
  });

  it('counts a skipped question as skipped, restores hint letters and restarts the clock after a reset', () => {
    const s = run(
      playResumed(
        resumedPlay(
          resumed({
            answers: [{ question_id: 1, answer: null, is_correct: false, correct_answer: 'a', explanation: '' }],
            lifelines: [
              { lifeline: 'skip', question_id: 2, removed: [], poll: [] },
              { lifeline: 'reset_timer', question_id: 3, removed: [], poll: [] },
            ],
            hints: [
              { question_id: 3, position: 0, letter: 'N' },
              { question_id: 3, position: 1, letter: 'E' },
            ],
          }),
          'k',
        ),
      ),
    );
    expect(s).toMatchObject({ phase: 'question', index: 2, skipped: [2], answers: { 1: null, 2: null } });
    if (s.phase !== 'question') throw new Error(s.phase);
    expect(s.clockResets).toBe(1);
    expect(s.hints[3]).toEqual([
      { position: 0, letter: 'N' },
      { position: 1, letter: 'E' },
    ]);
    expect(spentSeconds(s, 3)).toBe(7);
    // A reset used after the reload starts the question's clock whole.
    expect(spentSeconds({ ...s, clockResets: 2 }, 3)).toBe(0);
  });

  it('goes to grading when every question was answered before the reload', () => {
    const all = resumed({
      answers: [1, 2, 3, 4].map((id) => ({
        question_id: id,
        answer: 'a',
        is_correct: id === 1,
        correct_answer: 'abcd'[id - 1]!,
        explanation: '',
      })),
    });
    const s = run(playResumed(resumedPlay(all, '00000000-0000-4000-8000-00000000000a')));
    expect(s).toMatchObject({ phase: 'submitting', failed: false });
    if (s.phase !== 'submitting') throw new Error(s.phase);
    expect(s.items).toEqual([1, 2, 3, 4].map((id) => ({ question_id: id, answer: 'a' })));
    expect(s.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an open session handed back untouched keeps its clock but says no "welcome back"', () => {
    const s = run(playResumed(resumedPlay(resumed({ answers: [], lifelines: [] }), 'k')));
    expect(s).toMatchObject({ phase: 'question', index: 0, resumed: { question_id: 1, welcome: false } });
    if (s.phase !== 'question') throw new Error(s.phase);
    expect(spentSeconds(s, 1)).toBe(7);
  });

  it('goes on after the last question answered, never back to one left behind', () => {
    const s = run(
      playResumed(
        resumedPlay(
          resumed({
            answers: [{ question_id: 2, answer: 'b', is_correct: true, correct_answer: 'b', explanation: '' }],
            lifelines: [],
          }),
          'k',
        ),
      ),
    );
    expect(s).toMatchObject({ phase: 'question', index: 2, resumed: { question_id: 3 } });
  });

  it('a session opened fresh has no resume point and no time spent', () => {
    const s = run(playOpened(base));
    if (s.phase !== 'question') throw new Error(s.phase);
    expect(s.resumed).toBeUndefined();
    expect(spentSeconds(s, 1)).toBe(0);
  });
});
