import { describe, expect, it, vi } from 'vitest';
import { gmtOffset } from './zone';

describe('zone', () => {
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
});
