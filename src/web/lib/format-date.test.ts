import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatLongDay, formatTime } from './format-date';

// 18:53 UTC on 26 Nov 2026: already the 27th in Kolkata (00:23), still the 26th in New York.
const AT = '2026-11-26T18:53:00Z';

describe('format-date', () => {
  it('writes an instant as a medium date and short time in English', () => {
    expect(formatDateTime(AT, 'en', 'UTC')).toMatch(/^Nov 26, 2026,? (at )?6:53\sPM$/);
    expect(formatDate(AT, 'en', 'UTC')).toBe('Nov 26, 2026');
  });

  it('writes the same instant in Arabic words and digits', () => {
    const ar = formatDateTime(AT, 'ar', 'UTC');
    expect(ar).toContain('نوفمبر');
    expect(ar).not.toContain('/'); // a month named, not "26/11/2026"
    expect(ar).toMatch(/م$/); // PM in Arabic
    expect(formatDate(AT, 'ar', 'UTC')).toMatch(/^(26|٢٦) نوفمبر (2026|٢٠٢٦)$/);
  });

  it("writes the instant in the player's zone, moving the day where the zone does", () => {
    expect(formatDate(AT, 'en', 'Asia/Kolkata')).toBe('Nov 27, 2026');
    expect(formatDate(AT, 'en', 'America/New_York')).toBe('Nov 26, 2026');
    expect(formatTime(AT, 'en', 'Asia/Kolkata')).toMatch(/^12:23\sAM$/);
  });

  it('never shifts a calendar day, whatever the zone', () => {
    expect(formatDay('2026-11-26', 'en')).toBe('Nov 26, 2026');
    expect(formatDay('2026-11-26', 'ar')).toContain('نوفمبر');
    const long = formatLongDay('2025-06-03', 'en-GB');
    expect(long).toMatch(/^Tuesday/);
    expect(long).toContain('3 June 2025');
  });

  it('gives back what it cannot read instead of "Invalid Date"', () => {
    expect(formatDay('not a date', 'en')).toBe('not a date');
    expect(formatLongDay('2026-11', 'en')).toBe('2026-11');
    expect(formatDateTime('garbage', 'en')).toBe('garbage');
  });

  it('falls back to the browser zone for an unknown zone rather than throwing', () => {
    expect(formatDate(AT, 'en', 'Mars/Olympus')).toMatch(/2026/);
  });
});
