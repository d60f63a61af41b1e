import { describe, expect, it } from 'vitest';
import { contestAnswerPoints, contestPrizes, contestStatus, localDateTime, validPrizeTable } from './contest';

describe('contest status and local times', () => {
  const starts = Date.parse('2026-11-24T10:00:00Z');
  const ends = Date.parse('2026-11-25T10:00:00Z');

  it('is upcoming before its start, live from the start, past from the end', () => {
    expect(contestStatus(starts - 1, starts, ends)).toBe('upcoming');
    expect(contestStatus(starts, starts, ends)).toBe('live');
    expect(contestStatus(ends - 1, starts, ends)).toBe('live');
    expect(contestStatus(ends, starts, ends)).toBe('past');
  });

  it('shows the instants in the player zone: negative offsets, half hours, across the date line', () => {
    const at = new Date(starts);
    expect(localDateTime(at, { offsetMinutes: 0 })).toBe('2026-11-24 10:00');
    expect(localDateTime(at, { offsetMinutes: -11 * 60 })).toBe('2026-11-23 23:00');
    expect(localDateTime(at, { timezone: 'Asia/Kolkata' })).toBe('2026-11-24 15:30');
    expect(localDateTime(at, { timezone: 'Pacific/Kiritimati' })).toBe('2026-11-25 00:00');
    expect(localDateTime(at, { timezone: 'Pacific/Pago_Pago' })).toBe('2026-11-23 23:00');
    expect(localDateTime(at, { timezone: 'America/St_Johns' })).toBe('2026-11-24 06:30');
  });
});

describe('contest points', () => {
  const rule = {
    points_per_correct: 4,
    speed_bonuses: [
      { within_ms: 2000, bonus: 10 },
      { within_ms: 4000, bonus: 5 },
    ],
    seconds_per_question: 20,
  };
  it('counts the speed bonus from when the server served the question', () => {
    expect(contestAnswerPoints(true, 1500, rule)).toBe(14);
    expect(contestAnswerPoints(true, 3000, rule)).toBe(9);
    expect(contestAnswerPoints(true, 19_000, rule)).toBe(4);
    expect(contestAnswerPoints(true, 20_001, rule)).toBe(0);
    expect(contestAnswerPoints(false, 1500, rule)).toBe(0);
  });
  it('scores nothing faster than a human could read the question', () => {
    expect(contestAnswerPoints(true, 120, rule)).toBe(0);
    expect(contestAnswerPoints(true, 300, rule)).toBe(14);
  });
  it("takes the floor it is given (the operator's human_floor_ms): 300 ms is the default only", () => {
    expect(contestAnswerPoints(true, 1000, { ...rule, human_floor_ms: 1500 })).toBe(0);
    expect(contestAnswerPoints(true, 1500, { ...rule, human_floor_ms: 1500 })).toBe(14);
    expect(contestAnswerPoints(true, 100, { ...rule, human_floor_ms: 0 })).toBe(14);
  });
  it('without speed bonuses, only the points of a correct answer', () => {
    expect(contestAnswerPoints(true, 1000, { ...rule, speed_bonuses: [] })).toBe(4);
  });
});

describe('prize split with ties', () => {
  const table = [
    { rank: 1, coins: 100 },
    { rank: 2, coins: 50 },
    { rank: 3, coins: 25 },
  ];
  const e = (userId: number, score: number, reachedAtMs = userId) => ({ userId, score, reachedAtMs });

  it('pays the table by rank when nobody ties', () => {
    expect(contestPrizes([e(1, 30), e(2, 50), e(3, 40), e(4, 10)], table)).toEqual([
      { userId: 2, rank: 1, coins: 100 },
      { userId: 3, rank: 2, coins: 50 },
      { userId: 1, rank: 3, coins: 25 },
      { userId: 4, rank: 4, coins: 0 },
    ]);
  });

  it('tied players share the prizes of the places they occupy, and the next rank skips', () => {
    expect(contestPrizes([e(1, 50), e(2, 50), e(3, 40)], table)).toEqual([
      { userId: 1, rank: 1, coins: 75 },
      { userId: 2, rank: 1, coins: 75 },
      { userId: 3, rank: 3, coins: 25 },
    ]);
  });

  it('rounds shares down and gives the leftover coins to who reached the score first: the table, never more', () => {
    const got = contestPrizes([e(7, 50, 300), e(8, 50, 100), e(9, 50, 200)], table);
    // 175 among three: 58 each, one coin left for the earliest (user 8).
    expect(got).toEqual([
      { userId: 8, rank: 1, coins: 59 },
      { userId: 9, rank: 1, coins: 58 },
      { userId: 7, rank: 1, coins: 58 },
    ]);
    expect(got.reduce((s, a) => s + a.coins, 0)).toBe(175);
  });

  it('a tie across the last paid place shares that place with the unpaid ones', () => {
    const got = contestPrizes([e(1, 90), e(2, 80), e(3, 70), e(4, 70)], table);
    expect(got.slice(2)).toEqual([
      { userId: 3, rank: 3, coins: 13 },
      { userId: 4, rank: 3, coins: 12 },
    ]);
  });

  it('pays nobody without points, and nothing when nobody played', () => {
    expect(contestPrizes([e(1, 0), e(2, 0)], table)).toEqual([]);
    expect(contestPrizes([], table)).toEqual([]);
  });

  it('checks a prize table', () => {
    expect(validPrizeTable(table)).toBe(true);
    expect(validPrizeTable([{ rank: 0, coins: 1 }])).toBe(false);
    expect(validPrizeTable([{ rank: 1, coins: -1 }])).toBe(false);
    expect(
      validPrizeTable([
        { rank: 1, coins: 1 },
        { rank: 1, coins: 2 },
      ]),
    ).toBe(false);
    expect(validPrizeTable([{ rank: 1.5, coins: 1 }])).toBe(false);
  });
});
