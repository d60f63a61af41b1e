import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContestBoard, ContestBoardEntry } from '../../../core/contract';
import { mergeLiveBoard, myLiveEntry, putLiveBoard, putMyEntry, throttle } from './board';

const e = (user_id: number, score: number, rank = 1): ContestBoardEntry => ({
  rank,
  user_id,
  name: `P${user_id}`,
  profile: '',
  score,
  correct_answers: 0,
  prize: 0,
});

const live = (entries: ContestBoardEntry[], total: number): ContestBoard => ({
  contest_id: 1,
  name: 'Cup',
  status: 'live',
  closed: false,
  total,
  entries,
  me: null,
});

describe('mergeLiveBoard', () => {
  it('takes a message that holds the whole board as the board', () => {
    const before = [e(1, 10), e(2, 8)];
    const after = mergeLiveBoard(before, live([e(3, 12), e(1, 10, 2), e(2, 8, 3)], 3));
    expect(after.map((x) => x.user_id)).toEqual([3, 1, 2]);
    expect(after[1]!.rank).toBe(2);
  });

  it('replaces the top and keeps the rows loaded below it', () => {
    // 4 rows loaded (two pages of 2), the live top is 2 entries of a board of 5.
    const before = [e(1, 10), e(2, 9), e(3, 5), e(4, 4)];
    const after = mergeLiveBoard(before, live([e(2, 11), e(1, 10, 2)], 5));
    expect(after.map((x) => [x.user_id, x.score])).toEqual([
      [2, 11],
      [1, 10],
      [3, 5],
      [4, 4],
    ]);
  });

  it('lists no one twice when a player climbs into the top from below', () => {
    const before = [e(1, 10), e(2, 9), e(3, 5), e(4, 4)];
    const after = mergeLiveBoard(before, live([e(4, 20), e(1, 10, 2)], 5));
    expect(after.map((x) => x.user_id)).toEqual([4, 1, 3]);
  });

  it('starts a board from nothing', () => {
    expect(mergeLiveBoard([], live([e(9, 4)], 1)).map((x) => x.user_id)).toEqual([9]);
    expect(mergeLiveBoard([e(9, 4)], live([], 0))).toEqual([]);
  });
});

describe('putLiveBoard', () => {
  const pages = () => [
    { data: { ...live([e(1, 10), e(2, 9)], 4), status: 'upcoming' as const } },
    { data: { ...live([e(3, 5), e(4, 4)], 4), status: 'upcoming' as const } },
  ];

  it("replaces the first page's top and leaves the pages below as loaded", () => {
    const cached = pages();
    putLiveBoard(cached, live([e(4, 20), e(1, 10, 2)], 5));
    expect(cached.map((p) => p.data.entries.map((x) => x.user_id))).toEqual([
      [4, 1],
      [3, 4],
    ]);
  });

  it("writes the board's own fields on every page, the last one's total raised", () => {
    const cached = pages();
    putLiveBoard(cached, { ...live([e(2, 11), e(1, 10, 2)], 6), name: 'Cup (final)', closed: true });
    for (const { data } of cached)
      expect([data.name, data.status, data.closed, data.total]).toEqual(['Cup (final)', 'live', true, 6]);
  });
});

describe('putMyEntry', () => {
  it("writes the player's own row on every page, or that they have none", () => {
    const cached = [{ data: live([e(1, 10)], 2) }, { data: live([e(2, 8, 2)], 2) }];
    putMyEntry(cached, e(2, 8, 2));
    expect(cached.map((p) => p.data.me?.rank)).toEqual([2, 2]);
    putMyEntry(cached, null);
    expect(cached.map((p) => p.data.me)).toEqual([null, null]);
  });
});

describe('myLiveEntry', () => {
  it("finds the player's row in the top, else says to ask", () => {
    const board = live([e(1, 10), e(2, 8, 2)], 9);
    expect(myLiveEntry(board, 2)?.rank).toBe(2);
    expect(myLiveEntry(board, 7)).toBeNull();
  });
});

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once a second, with the last call never lost', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    t.call();
    t.call();
    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    // Quiet for a while: the next call runs at once again.
    vi.advanceTimersByTime(5000);
    t.call();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('runs nothing more once cancelled', () => {
    const fn = vi.fn();
    const t = throttle(fn, 1000);
    t.call();
    t.call();
    t.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
