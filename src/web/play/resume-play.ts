import type { PlaySession } from '../../core/contract';
import { toSubmit, type Playing, type PlayState } from './play-machine';

// A resumed play is made here, in the play screen's chunk: the play slice, which the first
// screen's store carries, only takes the state made (`playResumed`).

/**
 * A session the server handed back (`session.resumed`) as the play it was: the answers given
 * with their verdicts (those questions carry their key again), the lifelines used with what they
 * showed, the hint letters bought, on the question after the last one answered or skipped;
 * with none left, straight to grading.
 */
export function resumedPlay(session: PlaySession, idempotencyKey: string): PlayState {
  const r = session.resumed;
  if (!r || session.questions.length === 0) return { phase: 'error', code: 'not_found' };
  const verdicts = new Map(r.answers.map((a) => [a.question_id, a]));
  const questions = session.questions.map((q) => {
    const v = verdicts.get(q.id);
    return v ? { ...q, answer: v.correct_answer, explanation: v.explanation } : q;
  });
  const p: Playing = {
    session: { ...session, questions },
    index: 0,
    answers: Object.fromEntries(r.answers.map((a) => [a.question_id, a.answer])),
    skipped: [],
    used: r.lifelines.map(({ lifeline, question_id }) => ({ lifeline, question_id })),
    removed: {},
    poll: {},
    clockResets: 0,
    hints: {},
  };
  for (const l of r.lifelines) {
    if (l.lifeline === 'skip') {
      p.skipped.push(l.question_id);
      p.answers[l.question_id] = null;
    }
    if (l.lifeline === 'fifty_fifty') p.removed[l.question_id] = l.removed;
    if (l.lifeline === 'audience_poll') p.poll[l.question_id] = l.poll;
    if (l.lifeline === 'reset_timer') p.clockResets += 1;
  }
  for (const h of r.hints) (p.hints[h.question_id] ??= []).push({ position: h.position, letter: h.letter });
  // After the last question answered or skipped: the play only moves forward, so a question
  // left behind (its answer still queued on the device) is not asked again.
  const at = questions.reduce((last, q, i) => (q.id in p.answers ? i : last), -1) + 1;
  if (at >= questions.length) return toSubmit(p, idempotencyKey);
  return {
    phase: 'question',
    ...p,
    index: at,
    resumed: {
      question_id: questions[at]!.id,
      spent_ms: r.spent_ms,
      resets: p.clockResets,
      welcome: r.answers.length + r.lifelines.length + r.hints.length > 0,
    },
  };
}

/** Seconds of a question's clock already used when it opens: a resumed question's, else none. */
export function spentSeconds(p: Playing, questionId: number): number {
  const r = p.resumed;
  return r && r.question_id === questionId && r.resets === p.clockResets ? r.spent_ms / 1000 : 0;
}
