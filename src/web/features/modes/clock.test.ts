import { describe, expect, it, vi } from 'vitest';
import { gmtOffset } from '../../lib/zone';
import { longDate } from './clock';

describe('clock', () => {
  it('writes the UTC offset as +HH:MM / -HH:MM', () => {
    const at = new Date();
    vi.spyOn(at, 'getTimezoneOffset').mockReturnValue(-330);
    expect(gmtOffset(at)).toBe('+05:30');
    vi.spyOn(at, 'getTimezoneOffset').mockReturnValue(180);
    expect(gmtOffset(at)).toBe('-03:00');
    vi.spyOn(at, 'getTimezoneOffset').mockReturnValue(0);
    expect(gmtOffset(at)).toBe('+00:00');
    vi.spyOn(at, 'getTimezoneOffset').mockReturnValue(-825);
    expect(gmtOffset(at)).toBe('+13:45');
  });

  it('writes a calendar date out without shifting the day', () => {
    // ICU versions differ on the comma: only the day, month and weekday matter.
    const en = longDate('2025-06-03', 'en-GB');
    expect(en).toMatch(/^Tuesday/);
    expect(en).toContain('3 June 2025');
    expect(longDate('not a date', 'en')).toBe('not a date');
  });
});
