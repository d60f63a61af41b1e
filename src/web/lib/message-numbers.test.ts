import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('numbers in messages', () => {
  it('are written by Intl in the language of the message', () => {
    i18n.addResource('en', 'translation', 'test.coins', '{{count}} coins, request #{{id}}');
    i18n.addResource('hi', 'translation', 'test.coins', '{{count}} सिक्के, अनुरोध #{{id}}');
    i18n.addResource('fr', 'translation', 'test.coins', '{{count}} pièces, demande n° {{id}}');
    const t = (lng: string) =>
      (i18n.t as (k: string, o: object) => string)('test.coins', { lng, count: 1234567, id: 12345 });
    expect(t('en')).toBe('1,234,567 coins, request #12345');
    // Indian grouping (lakh, crore) in Hindi; narrow no-break spaces in French.
    expect(t('hi')).toBe('12,34,567 सिक्के, अनुरोध #12345');
    expect(t('fr')).toBe('1\u202f234\u202f567 pièces, demande n° 12345');
  });

  it('writes a percentage by Intl in the language', () => {
    const pct = (lng: string) => (i18n.t as (k: string, o: object) => string)('common.percent', { lng, value: 45 });
    expect(pct('en')).toBe('45%');
    i18n.addResource('fr', 'translation', 'common.percent', '{{value, percent}}');
    expect(pct('fr')).toBe('45\u00a0%');
  });
});
