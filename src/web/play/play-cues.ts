import { isCorrectAnswer } from '../../core/rules/answers';
import type { Cue } from '../lib/feedback/cues';
import type { PlayState } from './play-machine';

/**
 * The cues a change of a play calls for: a verdict known (right or wrong), a level cleared and
 * coins won once the server's result is in (not the device's while the post waits). Added to the
 * feedback middleware by play-store.ts, with the play's chunk.
 */
export function playCues({ play: p0 }: { play?: PlayState }, { play: p1 }: { play?: PlayState }): Cue[] {
  const out: Cue[] = [];
  if (p1?.phase === 'reveal' && p1.verdict === 'known') {
    const seen =
      p0?.phase === 'reveal' &&
      p0.verdict === 'known' &&
      p0.index === p1.index &&
      p0.session.session_id === p1.session.session_id;
    const q = p1.session.questions[p1.index];
    if (!seen && q?.answer !== undefined)
      out.push(isCorrectAnswer(q.question_type, q.answer, p1.picked) ? 'right' : 'wrong');
  }
  if (p1?.phase === 'result' && !p1.pending && !(p0?.phase === 'result' && !p0.pending)) {
    if (p1.result.passed && p1.result.total > 0) out.push('levelCleared');
    if (p1.result.coins > 0) out.push('coins');
  }
  return out;
}
