import type { Middleware } from '@reduxjs/toolkit';
import type { BattleState } from '../features/battle/battle-slice';
import type { PlayState } from '../play/play-machine';
import { cue, music, type Cue } from '../lib/feedback/cues';

/** Both are undefined until their screen's chunk has loaded (app/store.ts LazySlices). */
interface Slice {
  play?: PlayState;
  battle?: BattleState;
}

/** A chunk's own cues for its slice, added when the chunk loads (the play's: play/play-store.ts). */
type CueSource = (before: Slice, after: Slice) => Cue[];
const sources: CueSource[] = [];

/**
 * Adds the cues a lazily loaded slice calls for: the play screens' verdicts and results are told
 * by the play chunk, so the first screen carries none of the rules that grade an answer.
 */
export function addCueSource(source: CueSource): void {
  if (!sources.includes(source)) sources.push(source);
}

/**
 * The cues a change of the game's state calls for: a play's (a verdict known, right or wrong; a
 * level cleared and coins won once the server's result is in: play/play-cues.ts), a battle round
 * announced, a battle round closed with this player's answer, a battle won or lost.
 */
export function cuesBetween(before: Slice, after: Slice): Cue[] {
  const out = sources.flatMap((source) => source(before, after));
  const [b0, b1] = [before.battle, after.battle];
  if (!b1) return out;
  // A round announced: its countdown starts.
  if (b1.upcoming && b1.upcoming.round !== b0?.upcoming?.round) out.push('countdown');
  if (b1.me !== null && b1.closed && b1.closed.round !== b0?.closed?.round) {
    const mine = b1.closed.answers.find((a) => a.user_id === b1.me);
    if (mine?.answer) out.push(mine.correct ? 'right' : 'wrong');
  }
  if (b1.me !== null && b1.result && !b0?.result) {
    const mine = b1.result.standings.find((s) => s.user_id === b1.me);
    if (mine?.result === 'win') out.push('victory');
    else if (mine?.result === 'lose') out.push('defeat');
    if ((mine?.payout ?? 0) > 0) out.push('coins');
  }
  return out;
}

/** Whether a quiz or a battle is running (the background loop plays then, when the player wants it). */
function running(s: Slice): boolean {
  return (
    s.play?.phase === 'question' ||
    s.play?.phase === 'reveal' ||
    (s.battle?.room?.status === 'playing' && s.battle.result === null)
  );
}

/**
 * Sound and vibration follow the game (issue 22): a middleware, so no screen has to remember to
 * call them, and so the first screen loads none of it (the sounds are made in a chunk of their
 * own at the first cue). `sink` and `loop` are the device's by default; tests pass recorders.
 */
export function feedbackMiddleware(
  sink: (c: Cue) => void = cue,
  loop: (on: boolean) => void = music,
): Middleware<object, Slice> {
  return (api) => (next) => (action) => {
    const before = api.getState();
    const result = next(action);
    const after = api.getState();
    if (before.play !== after.play || before.battle !== after.battle) {
      for (const c of cuesBetween(before, after)) sink(c);
      const [was, is] = [running(before), running(after)];
      if (was !== is) loop(is);
    }
    return result;
  };
}
