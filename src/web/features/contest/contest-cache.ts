import type { ContestPlay, ContestSummary } from '../../../core/contract';

/**
 * The play the list's Play opened (fee paid), handed to the play screen without a second call;
 * and the contests last listed, for their names. Memory only: after a reload the play screen
 * asks the server again.
 */
const opened = new Map<number, { play: ContestPlay; receivedAt: number }>();
const listed = new Map<number, ContestSummary>();

export function handOverContest(play: ContestPlay, receivedAt: number): void {
  opened.set(play.contest_id, { play, receivedAt });
}

/** The play handed over for a contest, once: it is forgotten as it is taken. */
export function takeContest(contestId: number): { play: ContestPlay; receivedAt: number } | null {
  const x = opened.get(contestId) ?? null;
  opened.delete(contestId);
  return x;
}

export function rememberContests(list: readonly ContestSummary[]): void {
  for (const c of list) listed.set(c.id, c);
}

export function listedContest(contestId: number): ContestSummary | null {
  return listed.get(contestId) ?? null;
}
