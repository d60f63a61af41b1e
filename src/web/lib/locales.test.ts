import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../core/contract/errors';
import en from '../../../locales/en/translation.json';
import ar from '../../../locales/ar/translation.json';
import index from '../../../locales/index.json';
import enAdmin from '../../../locales/en/admin.json';
import arAdmin from '../../../locales/ar/admin.json';
import enHome from '../../../locales/en/home.json';
import arHome from '../../../locales/ar/home.json';
import enGuide from '../../../locales/en/guide.json';
import arGuide from '../../../locales/ar/guide.json';

/** Flattened keys with plural suffixes folded (Arabic has more plural forms than English). */
function keys(o: Record<string, unknown>, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(o)) {
    const key = `${prefix}${k}`;
    if (v && typeof v === 'object') for (const x of keys(v as Record<string, unknown>, `${key}.`)) out.add(x);
    else out.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
  }
  return out;
}

describe('locales', () => {
  it('has an English and an Arabic message for every API error code', () => {
    for (const code of Object.keys(ERRORS)) {
      expect(en.errors, code).toHaveProperty(code);
      expect(ar.errors, code).toHaveProperty(code);
    }
  });

  it('translates every English key into Arabic and nothing else', () => {
    expect([...keys(ar)].sort()).toEqual([...keys(en)].sort());
  });

  it("has the operator console's catalogue (its own chunk) with the same keys in both languages", () => {
    expect([...keys(arAdmin)].sort()).toEqual([...keys(enAdmin)].sort());
  });

  it("has home's today catalogue (its own chunk) with the same keys in both languages", () => {
    expect([...keys(arHome)].sort()).toEqual([...keys(enHome)].sort());
  });

  it('has the onboarding and how-to-play catalogue (its own chunk) with the same keys in both languages', () => {
    expect([...keys(arGuide)].sort()).toEqual([...keys(enGuide)].sort());
  });

  it('lists en (default) and ar (rtl) in locales/index.json', () => {
    expect(index).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'en', default: true }),
        expect.objectContaining({ code: 'ar', rtl: true }),
      ]),
    );
  });
});
