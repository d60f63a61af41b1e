import { describe, expect, it } from 'vitest';
import { localDate } from './local-time';
import { dailyPackDates, dayBegunSomewhere } from './daily-pack-days';

const at = (iso: string) => new Date(iso);

describe('dailyPackDates', () => {
  it('carries yesterday and today (UTC) only, until the next day begins at UTC+14', () => {
    expect(dailyPackDates(at('2026-03-10T00:00:00Z'))).toEqual(['2026-03-09', '2026-03-10']);
    expect(dailyPackDates(at('2026-03-10T09:59:59.999Z'))).toEqual(['2026-03-09', '2026-03-10']);
  });

  it('adds tomorrow from 10:00 UTC, the moment it is midnight in Kiritimati, and never the day after', () => {
    expect(dailyPackDates(at('2026-03-10T10:00:00Z'))).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(dailyPackDates(at('2026-03-10T23:59:59.999Z'))).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
  });

  it('crosses month and year ends, and leap days', () => {
    expect(dailyPackDates(at('2026-12-31T12:00:00Z'))).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(dailyPackDates(at('2028-02-29T01:00:00Z'))).toEqual(['2028-02-28', '2028-02-29']);
  });

  it('at every hour, holds every zone’s today (UTC−12 … UTC+14) and no day not yet begun anywhere', () => {
    for (let h = 0; h < 48; h += 0.25) {
      const now = new Date(Date.parse('2026-06-01T00:00:00Z') + h * 3_600_000);
      const dates = dailyPackDates(now);
      for (let offset = -12 * 60; offset <= 14 * 60; offset += 15)
        expect(dates, `${now.toISOString()} at ${offset}`).toContain(localDate(now, { offsetMinutes: offset }));
      const latest = localDate(now, { offsetMinutes: 14 * 60 });
      expect(dates.every((d) => d <= latest)).toBe(true);
      expect(dates.every((d) => dayBegunSomewhere(d, now))).toBe(true);
    }
  });
});
