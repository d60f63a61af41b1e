import { describe, expect, it } from 'vitest';
import { currentZoneName, operatorZone, zoneLabel, zoneNames } from './zones';
import { instantLines, span } from './when';

describe('the zone picker', () => {
  it("offers every zone by today's name, with UTC and the operator's own", () => {
    const names = zoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain(operatorZone());
    expect(names).toContain('Asia/Kolkata');
    expect(names).not.toContain('Asia/Calcutta');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Europe/Paris')).toBe('Europe/Paris');
  });

  it('labels a zone with its offset at the time', () => {
    expect(zoneLabel('Asia/Kolkata')).toBe('Asia/Kolkata (GMT+5:30)');
    expect(zoneLabel('America/New_York', new Date('2030-07-01T12:00:00Z'))).toBe('America/New York (GMT-4)');
  });
});

describe('contest times', () => {
  it('writes a contest ending the same day with the end time only, and how long it runs', () => {
    const [from, to] = instantLines('2030-01-15T11:00:00Z', '2030-01-15T11:30:00Z', 'en');
    expect(from).toContain('2030');
    expect(to).not.toContain('2030');
    expect(span(150 * 60_000, 'en')).toBe('2 hr 30 min');
    expect(span(26 * 3_600_000, 'en')).toBe('1 day 2 hr');
  });
});
