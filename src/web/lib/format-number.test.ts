import { describe, expect, it, vi } from 'vitest';
import { formatCount, formatMoney, formatPercent, LATIN_DIGITS } from './format-number';

describe('format-number', () => {
  it('keeps one formatter per language and kind (formats made once are not mixed up)', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatCount(5000, 'fr')).toBe('5\u202f000');
      expect(formatPercent(45, 'fr')).toBe('45\u00a0%');
      expect(formatMoney(1, 'EUR', 'fr')).toBe('1,00\u00a0€');
      expect(formatMoney(1, 'USD', 'fr')).toBe('1,00\u00a0$');
      expect(formatMoney(1, 'points', 'fr')).toBe('1,00 points');
      expect(formatCount(5000, 'en')).toBe('5,000');
    }
  });

  it("writes a small count as Intl would, without Intl, where the language's digits are Latin", () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    const langs = ['en', 'en-GB', 'fr', 'de', 'es', 'it', 'pt', 'pt-BR', 'nl', 'hi', 'id', 'tr', 'ru'];
    for (const lang of langs) for (const n of [0, 7, 42, 999]) expect(formatCount(n, lang)).toBe(String(n));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    // The same as Intl writes them.
    for (const lang of langs)
      for (const n of [0, 7, 42, 999]) expect(formatCount(n, lang)).toBe(new Intl.NumberFormat(lang).format(n));
    // Not for a language with its own digits, a numbering asked for, a fraction, a sign, or 1,000 up.
    expect(LATIN_DIGITS.test('ar')).toBe(false);
    expect(LATIN_DIGITS.test('hi-IN-u-nu-deva')).toBe(false);
    expect(formatCount(1000, 'es')).toBe(new Intl.NumberFormat('es').format(1000));
    expect(formatCount(-5, 'sv')).toBe(new Intl.NumberFormat('sv').format(-5));
    expect(formatCount(2.5, 'fr')).toBe('2,5');
  });

  it('groups a count the way the language does', () => {
    expect(formatCount(5000, 'en')).toBe('5,000');
    expect(formatCount(5000, 'de')).toBe('5.000');
    expect(formatCount(50, 'ar')).toMatch(/^(50|٥٠)$/);
  });

  it('writes a percentage the way the language does, Indian grouping in Hindi', () => {
    expect(formatPercent(45, 'en')).toBe('45%');
    expect(formatPercent(45, 'fr')).toBe('45\u00a0%'); // a no-break space before %
    expect(formatPercent(80, 'hi')).toBe('80%');
    expect(formatCount(1234567, 'hi')).toBe('12,34,567');
    expect(formatCount(1234567, 'fr')).toBe('1\u202f234\u202f567');
  });

  it('writes an ISO currency as money, in English and Arabic', () => {
    expect(formatMoney(1, 'USD', 'en')).toBe('$1.00');
    expect(formatMoney(2.5, 'EUR', 'en')).toBe('€2.50');
    const ar = formatMoney(1, 'USD', 'ar');
    expect(ar).toContain('US$');
    expect(ar).toMatch(/(1\.00|١٫٠٠)/);
  });

  it("names an operator's own unit after the figure, and nothing for none", () => {
    expect(formatMoney(1, 'points', 'en')).toBe('1.00 points');
    expect(formatMoney(1, '', 'en')).toBe('1.00');
    // Three capitals Intl does not know: still a name, never a thrown RangeError.
    expect(() => formatMoney(1, 'ZZZ', 'en')).not.toThrow();
  });
});
