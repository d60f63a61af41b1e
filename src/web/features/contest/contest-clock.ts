import type { ContestLists, ContestSummary } from '../../../core/contract';
import { contestStatus, type ContestStatus } from '../../../core/rules/contest';

const ORDER: Record<ContestStatus, number> = { upcoming: 0, live: 1, past: 2 };

/**
 * The lists as they stand at `serverNowMs` (issue 21 §7): an upcoming contest whose start has
 * come is live, a live one whose end has come is past — without asking the server again. A
 * contest only moves forward: a clock that reads earlier than the server did, or than `shown`
 * (what the screen showed already: a new clock estimate must not move a card back), never moves
 * one back.
 */
export function listsAt(
  lists: ContestLists,
  serverNowMs: number,
  shown: ReadonlyMap<number, ContestStatus> = new Map(),
): ContestLists {
  const all = [...lists.live, ...lists.upcoming, ...lists.past].map((c): ContestSummary => {
    const local = contestStatus(serverNowMs, Date.parse(c.starts_at), Date.parse(c.ends_at));
    const before = shown.get(c.id) ?? c.status;
    const status = [c.status, before, local].reduce((a, b) => (ORDER[b] > ORDER[a] ? b : a));
    return status === c.status ? c : { ...c, status };
  });
  const by = (s: ContestStatus) => all.filter((c) => c.status === s);
  return {
    live: by('live').sort((a, b) => a.ends_at.localeCompare(b.ends_at)),
    upcoming: by('upcoming').sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id),
    past: by('past').sort((a, b) => b.ends_at.localeCompare(a.ends_at)),
  };
}

/** Longest wait a timer is set for (a later change is looked at again then). */
const MAX_WAIT_MS = 60 * 60 * 1000;

/** Milliseconds until the next start or end among the lists, from `serverNowMs`; null when none is ahead. */
export function nextChangeIn(lists: ContestLists, serverNowMs: number): number | null {
  const ahead = [
    ...lists.upcoming.map((c) => Date.parse(c.starts_at)),
    ...lists.live.map((c) => Date.parse(c.ends_at)),
  ].filter((at) => at > serverNowMs);
  if (ahead.length === 0) return null;
  return Math.min(Math.min(...ahead) - serverNowMs, MAX_WAIT_MS);
}
