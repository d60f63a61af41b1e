import { describe, expect, it } from 'vitest';
import { dailyQuizAllowed, localDate, parseGmtOffset, zoneOffsetMinutes } from './local-time';

describe('daily quiz dates', () => {
  const at = new Date('2026-11-22T11:30:00Z');
  it('follows the player across the date line', () => {
    expect(localDate(at, { offsetMinutes: 14 * 60 })).toBe('2026-11-23');
    expect(localDate(at, { offsetMinutes: -12 * 60 })).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-22T23:59:59Z'), { offsetMinutes: 0 })).toBe('2026-11-22');
    expect(localDate(new Date('2026-11-23T00:00:00Z'), { offsetMinutes: -1 })).toBe('2026-11-22');
  });
  it('reads IANA zones with their daylight saving', () => {
    expect(localDate(new Date('2026-07-01T03:30:00Z'), { timezone: 'America/New_York' })).toBe('2026-06-30');
    expect(localDate(new Date('2026-07-01T04:30:00Z'), { timezone: 'America/New_York' })).toBe('2026-07-01');
    expect(localDate(at, { timezone: 'Pacific/Kiritimati' })).toBe('2026-11-23');
    expect(localDate(at, { timezone: 'Nowhere/Land', offsetMinutes: 60 })).toBe('2026-11-22');
  });
  it("knows a zone's offset at an instant, with daylight saving", () => {
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), { timezone: 'America/New_York' })).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2026-12-01T12:00:00Z'), { timezone: 'America/New_York' })).toBe(-300);
    expect(zoneOffsetMinutes(at, { timezone: 'Asia/Kolkata' })).toBe(330);
    expect(zoneOffsetMinutes(at, { offsetMinutes: -720 })).toBe(-720);
  });
  it('allows one daily quiz a local day, and a zone change only after 20 hours', () => {
    const last = { date: '2026-11-22', offset: 60, startedAt: new Date('2026-11-22T21:50:00Z') };
    // 23:50 then 00:30 local, same zone: a new day.
    expect(dailyQuizAllowed('2026-11-23', 60, new Date('2026-11-22T23:30:00Z'), last)).toBe(true);
    expect(dailyQuizAllowed('2026-11-22', 60, new Date('2026-11-22T22:30:00Z'), last)).toBe(false);
    expect(dailyQuizAllowed('2026-11-21', -720, new Date('2026-11-22T22:30:00Z'), last)).toBe(false);
    // Hopping to UTC+14 for tomorrow's quiz at once: refused; a day later: fine.
    expect(dailyQuizAllowed('2026-11-23', 840, new Date('2026-11-22T22:00:00Z'), last)).toBe(false);
    expect(dailyQuizAllowed('2026-11-24', 840, new Date('2026-11-23T18:00:00Z'), last)).toBe(true);
    expect(dailyQuizAllowed('2026-11-22', 60, new Date(), undefined)).toBe(true);
  });
  it('parses offsets within UTC−12..UTC+14 only', () => {
    expect(parseGmtOffset('+05:30')).toBe(330);
    expect(parseGmtOffset('-0300')).toBe(-180);
    expect(parseGmtOffset('GMT+5')).toBe(300);
    expect(parseGmtOffset('+14:00')).toBe(840);
    expect(parseGmtOffset('+14:30')).toBeNull();
    expect(parseGmtOffset('-12:01')).toBeNull();
    expect(parseGmtOffset('+05:75')).toBeNull();
    expect(parseGmtOffset('5:30')).toBeNull();
  });
});
