import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ContentLanguage, SystemConfig } from '../../../core/contract';
import appLanguageIndex from '../../../../locales/index.json';

export interface CurrentLanguage {
  id: number;
  code: string;
  name: string;
}

export interface LanguagesState {
  /** Content languages (get_languages). */
  list: ContentLanguage[];
  currentLanguage: CurrentLanguage;
  /** Interface language code (spec: currenApplang) and its direction. */
  appLanguage: string;
  rtl: boolean;
}

interface AppLanguage {
  code: string;
  name: string;
  rtl: boolean;
}

/**
 * The interface languages shipped in locales/, listed once in locales/index.json: never empty,
 * English first (locales.test.ts checks the list).
 */
const [first = { code: 'en', name: 'English', rtl: false }, ...rest] = appLanguageIndex.map(({ code, name, rtl }) => ({
  code,
  name,
  rtl,
}));
export const APP_LANGUAGES: readonly [AppLanguage, ...AppLanguage[]] = [first, ...rest];

const DEFAULT_CONTENT: CurrentLanguage = { id: 0, code: 'en', name: 'English' };

const initialState: LanguagesState = { list: [], currentLanguage: DEFAULT_CONTENT, appLanguage: 'en', rtl: false };

/** The content language to use: the chosen one if still offered, else the default; id 0 unless multi-language. */
export function pickContentLanguage(
  list: ContentLanguage[],
  config: Pick<SystemConfig, 'language_mode'> | null,
  current: CurrentLanguage,
): CurrentLanguage {
  if (config?.language_mode !== '1') return DEFAULT_CONTENT;
  const keep = list.find((l) => l.id === current.id);
  const pick = keep ?? list.find((l) => l.is_default) ?? list[0];
  return pick ? { id: pick.id, code: pick.code, name: pick.language } : DEFAULT_CONTENT;
}

function appLanguage(code: string) {
  return APP_LANGUAGES.find((l) => l.code === code);
}

const languagesSlice = createSlice({
  name: 'languages',
  initialState,
  reducers: {
    contentLanguagesLoaded: (s, a: PayloadAction<{ list: ContentLanguage[]; config: SystemConfig | null }>) => {
      s.list = a.payload.list;
      s.currentLanguage = pickContentLanguage(a.payload.list, a.payload.config, s.currentLanguage);
    },
    contentLanguageChosen: (s, a: PayloadAction<number>) => {
      const l = s.list.find((x) => x.id === a.payload);
      if (l) s.currentLanguage = { id: l.id, code: l.code, name: l.language };
    },
    appLanguageChosen: (s, a: PayloadAction<string>) => {
      const l = appLanguage(a.payload);
      if (!l) return;
      s.appLanguage = l.code;
      s.rtl = l.rtl;
    },
  },
});

export const { contentLanguagesLoaded, contentLanguageChosen, appLanguageChosen } = languagesSlice.actions;
export const languagesReducer = languagesSlice.reducer;
