import { describe, expect, it } from 'vitest';
import { BADGES, BADGE_REWARDS, longestRun, powerElite } from './badges';

describe('badge rules', () => {
  it('counts the longest run of consecutive days, whatever the order and repeats', () => {
    expect(longestRun([])).toBe(0);
    expect(longestRun(['2026-01-01'])).toBe(1);
    expect(longestRun(['2026-01-03', '2026-01-01', '2026-01-02', '2026-01-02'])).toBe(3);
    expect(longestRun(['2026-01-01', '2026-01-03'])).toBe(1);
    // Across a month and a year end, and a leap day.
    expect(longestRun(['2025-12-31', '2026-01-01'])).toBe(2);
    expect(longestRun(['2028-02-28', '2028-02-29', '2028-03-01'])).toBe(3);
    expect(longestRun(['2026-01-01', 'not a day'])).toBe(1);
  });

  it('makes Power Elite need more than ten other badges', () => {
    expect(powerElite(10)).toBe(false);
    expect(powerElite(11)).toBe(true);
    // There are enough other badges to reach it.
    expect(BADGES.length - 1).toBeGreaterThan(10);
  });

  it('pays a whole, positive reward for every badge', () => {
    for (const b of BADGES) expect(Number.isInteger(BADGE_REWARDS[b]) && BADGE_REWARDS[b] > 0, b).toBe(true);
  });
});
