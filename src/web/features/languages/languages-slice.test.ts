import { describe, expect, it } from 'vitest';
import type { ContentLanguage } from '../../../core/contract';
import {
  appLanguageChosen,
  contentLanguageChosen,
  contentLanguagesLoaded,
  languagesReducer,
  pickContentLanguage,
} from './languages-slice';

const list: ContentLanguage[] = [
  { id: 1, language: 'English', code: 'en', rtl: false, is_default: true },
  { id: 2, language: 'العربية', code: 'ar', rtl: true, is_default: false },
];
const init = languagesReducer(undefined, { type: 'init' });

describe('languages slice', () => {
  it('falls back to content language id 0 unless language_mode is "1"', () => {
    expect(pickContentLanguage(list, { language_mode: '0' }, init.currentLanguage).id).toBe(0);
    expect(pickContentLanguage(list, null, init.currentLanguage).id).toBe(0);
  });

  it('picks the default content language in multi-language mode and keeps a chosen one', () => {
    const s = languagesReducer(init, contentLanguagesLoaded({ list, config: { language_mode: '1' } as never }));
    expect(s.currentLanguage).toEqual({ id: 1, code: 'en', name: 'English' });
    const chosen = languagesReducer(s, contentLanguageChosen(2));
    const reloaded = languagesReducer(
      chosen,
      contentLanguagesLoaded({ list, config: { language_mode: '1' } as never }),
    );
    expect(reloaded.currentLanguage.id).toBe(2);
  });

  it('switches the interface language and its direction, ignoring unknown codes', () => {
    const ar = languagesReducer(init, appLanguageChosen('ar'));
    expect(ar).toMatchObject({ appLanguage: 'ar', rtl: true });
    expect(languagesReducer(ar, appLanguageChosen('xx'))).toMatchObject({ appLanguage: 'ar', rtl: true });
  });
});
