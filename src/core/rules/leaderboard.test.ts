import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketEnd, bucketMin, leaderboardTimezone, periodKey, periodKeys, scoreBucket } from './leaderboard';

describe('leaderboard periods', () => {
  it('keys the day and month of UTC by default', () => {
    expect(periodKeys(new Date('2026-11-22T23:59:59.999Z'), 'UTC')).toEqual({
      daily: 'd:2026-11-22',
      monthly: 'm:2026-11',
      global: 'g',
    });
    expect(periodKeys(new Date('2026-11-23T00:00:00Z'), 'UTC').daily).toBe('d:2026-11-23');
  });

  it('turns the day at local midnight of a +05:30 zone, by name or by offset', () => {
    // 18:29:59Z is 23:59:59 in India; 18:30Z is midnight.
    for (const tz of ['Asia/Kolkata', '+05:30']) {
      expect(periodKey('daily', new Date('2026-11-30T18:29:59Z'), tz)).toBe('d:2026-11-30');
      expect(periodKey('daily', new Date('2026-11-30T18:30:00Z'), tz)).toBe('d:2026-12-01');
      expect(periodKey('monthly', new Date('2026-11-30T18:29:59Z'), tz)).toBe('m:2026-11');
      expect(periodKey('monthly', new Date('2026-11-30T18:30:00Z'), tz)).toBe('m:2026-12');
    }
  });

  it('turns the month and year west of UTC later than UTC does', () => {
    const at = new Date('2027-01-01T04:59:59Z');
    expect(periodKeys(at, 'America/New_York')).toMatchObject({ daily: 'd:2026-12-31', monthly: 'm:2026-12' });
    expect(periodKeys(at, 'UTC')).toMatchObject({ daily: 'd:2027-01-01', monthly: 'm:2027-01' });
    expect(periodKey('daily', new Date('2027-01-01T05:00:00Z'), 'America/New_York')).toBe('d:2027-01-01');
  });

  it('follows daylight saving time', () => {
    // New York: EDT (-4) until 2026-11-01 06:00Z, EST (-5) after; CET/CEST in Berlin.
    expect(periodKey('daily', new Date('2026-10-31T03:59:59Z'), 'America/New_York')).toBe('d:2026-10-30');
    expect(periodKey('daily', new Date('2026-10-31T04:00:00Z'), 'America/New_York')).toBe('d:2026-10-31');
    expect(periodKey('daily', new Date('2026-11-02T04:59:59Z'), 'America/New_York')).toBe('d:2026-11-01');
    expect(periodKey('daily', new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('d:2026-11-02');
    // Summer in Berlin: midnight is 22:00Z; the month turns at 2026-06-30T22:00Z.
    expect(periodKey('monthly', new Date('2026-06-30T21:59:59Z'), 'Europe/Berlin')).toBe('m:2026-06');
    expect(periodKey('monthly', new Date('2026-06-30T22:00:00Z'), 'Europe/Berlin')).toBe('m:2026-07');
    // Winter in Berlin: midnight is 23:00Z.
    expect(periodKey('daily', new Date('2026-12-01T22:59:59Z'), 'Europe/Berlin')).toBe('d:2026-12-01');
    expect(periodKey('daily', new Date('2026-12-01T23:00:00Z'), 'Europe/Berlin')).toBe('d:2026-12-02');
  });

  it('falls back to UTC for a missing or unknown configured zone', () => {
    expect(leaderboardTimezone(undefined)).toBe('UTC');
    expect(leaderboardTimezone('')).toBe('UTC');
    expect(leaderboardTimezone('Mars/Olympus')).toBe('UTC');
    expect(leaderboardTimezone(42)).toBe('UTC');
    expect(leaderboardTimezone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(leaderboardTimezone('+05:30')).toBe('+05:30');
    expect(periodKey('daily', new Date('2026-11-22T23:00:00Z'), 'Mars/Olympus')).toBe('d:2026-11-22');
  });
});

describe('score buckets', () => {
  it('are exact below 256 and 1/256 wide above', () => {
    expect(scoreBucket(0)).toBe(0);
    expect(scoreBucket(255)).toBe(255);
    expect(scoreBucket(256)).toBe(256);
    expect(scoreBucket(511)).toBe(511);
    expect(scoreBucket(512)).toBe(512);
    expect(scoreBucket(513)).toBe(512);
    expect(scoreBucket(1023)).toBe(767);
    expect(scoreBucket(1024)).toBe(768);
    expect(bucketMin(768)).toBe(1024);
    expect(bucketEnd(767)).toBe(1024);
    expect(scoreBucket(2 ** 40 - 1)).toBe(scoreBucket(2 ** 40) - 1);
  });

  it('are monotonic and each score lies in [min, end) of its bucket', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), fc.integer({ min: 0, max: 2 ** 50 }), (a, b) => {
        const ba = scoreBucket(a);
        expect(bucketMin(ba)).toBeLessThanOrEqual(a);
        expect(bucketEnd(ba)).toBeGreaterThan(a);
        if (a < b) expect(ba).toBeLessThanOrEqual(scoreBucket(b));
      }),
    );
  });

  it('hold few scores: at most 1/256 of the score wide', () => {
    for (const s of [300, 5_000, 1_000_000, 123_456_789]) {
      const b = scoreBucket(s);
      expect(bucketEnd(b) - bucketMin(b)).toBeLessThanOrEqual(Math.max(1, s / 256));
    }
  });

  it('refuse a negative or fractional score', () => {
    expect(() => scoreBucket(-1)).toThrow();
    expect(() => scoreBucket(1.5)).toThrow();
  });
});
