import { describe, expect, it } from 'vitest';
import { zonedToUtc } from './zoned-time';

const utc = (local: string, zone: string) => zonedToUtc(local, zone)?.toISOString() ?? null;

describe('zonedToUtc', () => {
  it('reads a wall-clock time in a zone as its instant', () => {
    expect(utc('2030-01-15 09:00', 'Asia/Kolkata')).toBe('2030-01-15T03:30:00.000Z');
    expect(utc('2030-06-01T00:00', 'Asia/Kathmandu')).toBe('2030-05-31T18:15:00.000Z');
    expect(utc('2030-06-01 00:00:30', 'UTC')).toBe('2030-06-01T00:00:30.000Z');
  });

  it('follows summer time: New York is UTC-5 in winter and UTC-4 in summer', () => {
    expect(utc('2030-01-10 12:00', 'America/New_York')).toBe('2030-01-10T17:00:00.000Z');
    expect(utc('2030-07-10 12:00', 'America/New_York')).toBe('2030-07-10T16:00:00.000Z');
  });

  it('has no instant for a time the clocks skip, and the first of a time that happens twice', () => {
    expect(utc('2030-03-10 02:30', 'America/New_York')).toBeNull();
    expect(utc('2030-03-31 02:30', 'Europe/Berlin')).toBeNull();
    expect(utc('2011-12-30 12:00', 'Pacific/Apia')).toBeNull();
    expect(utc('2030-11-03 01:30', 'America/New_York')).toBe('2030-11-03T05:30:00.000Z');
  });

  it('refuses what is not a calendar time', () => {
    for (const s of ['2030-02-30 09:00', '2030-13-01 09:00', '2030-01-01 24:00', '2030-01-01 10:60', 'tomorrow', ''])
      expect(utc(s, 'UTC'), s).toBeNull();
  });
});
