import { describe, expect, it } from 'vitest';
import type { ContestLists, ContestSummary } from '../../../core/contract';
import { listsAt, nextChangeIn } from './contest-clock';

const T0 = Date.parse('2026-11-27T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function contest(id: number, status: ContestSummary['status'], startsMs: number, endsMs: number): ContestSummary {
  return {
    id,
    name: `C${id}`,
    description: '',
    image: '',
    status,
    starts_at: iso(startsMs),
    ends_at: iso(endsMs),
    start_date: '',
    end_date: '',
    entry_fee: 0,
    prizes: [],
    participants: 0,
    total_questions: 3,
    seconds_per_question: 15,
    points_per_correct: 4,
    speed_bonus: true,
    my_play: 'none',
    closed: false,
  };
}

const lists = (): ContestLists => ({
  live: [contest(1, 'live', T0 - 60_000, T0 + 120_000)],
  upcoming: [contest(2, 'upcoming', T0 + 30_000, T0 + 600_000), contest(3, 'upcoming', T0 + 90_000, T0 + 600_000)],
  past: [],
});

describe('listsAt', () => {
  it('keeps the lists as the server sent them before any start or end', () => {
    const l = listsAt(lists(), T0);
    expect(l.live.map((c) => c.id)).toEqual([1]);
    expect(l.upcoming.map((c) => c.id)).toEqual([2, 3]);
  });

  it('turns an upcoming contest live at its start (included), not a millisecond before', () => {
    expect(listsAt(lists(), T0 + 29_999).upcoming.map((c) => c.id)).toEqual([2, 3]);
    const l = listsAt(lists(), T0 + 30_000);
    expect(l.live.map((c) => [c.id, c.status])).toEqual([
      [1, 'live'],
      [2, 'live'],
    ]);
    expect(l.upcoming.map((c) => c.id)).toEqual([3]);
  });

  it('moves a live contest to the past at its end, newest end first', () => {
    const l = listsAt(lists(), T0 + 600_000);
    expect(l.live).toEqual([]);
    expect(l.past.map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it('never moves a contest back when the clock reads earlier than the server did', () => {
    const l = listsAt(lists(), T0 - 3_600_000);
    expect(l.live.map((c) => c.id)).toEqual([1]);
  });

  it('never moves back a contest the screen showed live already (a new clock estimate)', () => {
    const l = listsAt(lists(), T0, new Map([[2, 'live' as const]]));
    expect(l.live.map((c) => c.id)).toEqual([1, 2]);
    expect(l.upcoming.map((c) => c.id)).toEqual([3]);
  });
});

describe('nextChangeIn', () => {
  it('is the wait to the nearest start or end ahead', () => {
    expect(nextChangeIn(lists(), T0)).toBe(30_000);
    expect(nextChangeIn(lists(), T0 + 30_000)).toBe(60_000);
  });

  it('is null when nothing is ahead, and capped at an hour', () => {
    expect(nextChangeIn({ live: [], upcoming: [], past: [] }, T0)).toBeNull();
    const far = { live: [], upcoming: [contest(9, 'upcoming', T0 + 86_400_000, T0 + 90_000_000)], past: [] };
    expect(nextChangeIn(far, T0)).toBe(3_600_000);
  });
});
