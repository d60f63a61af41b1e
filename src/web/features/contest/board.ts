import type { ContestBoard, ContestBoardEntry } from '../../../core/contract';

/**
 * The rows on screen after a live `contest_board` message, which carries the top of the board
 * only (its first entries and the total). The top replaces the rows it covers; rows further down
 * (loaded with "show more") stay, except players the new top now holds, so that no one is listed
 * twice. A message that carries the whole board (total within it) is the board.
 */
export function mergeLiveBoard(rows: readonly ContestBoardEntry[], live: ContestBoard): ContestBoardEntry[] {
  const top = live.entries;
  if (top.length >= live.total) return [...top];
  const inTop = new Set(top.map((e) => e.user_id));
  return [...top, ...rows.slice(top.length).filter((e) => !inTop.has(e.user_id))];
}

/** A board's pages as the server state keeps them (`get_contest_leaderboard_pages`), or their draft. */
type BoardPages = { data: ContestBoard }[];

/**
 * Writes a live message into the board's pages: the first page's rows as mergeLiveBoard makes
 * them (a later page's player the top now holds is listed once when the pages are merged), and
 * the board's own fields on every page: "show more" reads the total from the last, so players who
 * join live are still offered.
 */
export function putLiveBoard(pages: BoardPages, live: ContestBoard): void {
  const [first] = pages;
  if (first) first.data.entries = mergeLiveBoard(first.data.entries, live);
  for (const { data } of pages) {
    data.name = live.name;
    data.status = live.status;
    data.closed = live.closed;
    data.total = live.total;
  }
}

/** Writes the player's own row into the board's pages (the screen reads it from the last). */
export function putMyEntry(pages: BoardPages, me: ContestBoardEntry | null): void {
  for (const { data } of pages) data.me = me;
}

/**
 * The player's own row after a live message: their entry when the top holds it (fresh, no call
 * needed), else null (ask the server: the live message never carries `me`).
 */
export function myLiveEntry(live: ContestBoard, userId: number): ContestBoardEntry | null {
  return live.entries.find((e) => e.user_id === userId) ?? null;
}

/**
 * At most one run of `fn` per `ms`: the first call runs at once, calls within the interval are
 * folded into one run at its end (so the last change is never lost).
 */
export function throttle(fn: () => void, ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = now();
    fn();
  };
  return {
    call() {
      if (timer !== undefined) return;
      const wait = last + ms - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
