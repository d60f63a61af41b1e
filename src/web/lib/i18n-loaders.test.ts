// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import index from '../../../locales/index.json';
import { applyAppLanguage, byLanguage, i18n } from './i18n';

describe("the catalogues' loaders", () => {
  it('key a glob of locales/<code>/<file>.json by language code: every listed language but English', () => {
    const loaders = byLanguage(import.meta.glob(['../../../locales/*/translation.json', '!**/en/*']));
    const others = index.map((l) => l.code).filter((c) => c !== 'en');
    expect(Object.keys(loaders).sort()).toEqual(others.sort());
  });

  it("load a chosen language's catalogue through them", async () => {
    await applyAppLanguage('hi', false);
    expect(i18n.hasResourceBundle('hi', 'translation')).toBe(true);
    expect(i18n.t('nav.home')).toBe('होम');
    await applyAppLanguage('en', false);
  });
});
