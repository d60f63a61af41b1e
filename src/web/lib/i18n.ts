import i18n from 'i18next';
import en from '../../../locales/en/translation.json';
import { DEFAULT_PAYOUT_RULES } from '../../core/rules/payout';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Keys are typed from the English catalogue: a misspelt key fails to compile.
    resources: { translation: typeof en };
  }
}

void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

// English ships in the main bundle; other catalogues load when chosen.
const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  ar: () => import('../../../locales/ar/translation.json'),
};

/** Loads the interface language if needed, switches i18next and sets `<html lang dir>`. */
export async function applyAppLanguage(code: string, rtl: boolean): Promise<void> {
  const load = loaders[code];
  if (load && !i18n.hasResourceBundle(code, 'translation')) {
    try {
      i18n.addResourceBundle(code, 'translation', (await load()).default);
    } catch {
      // Offline without the chunk: stay readable in English rather than fail.
      code = 'en';
      rtl = false;
    }
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  document.documentElement.dir = rtl ? 'rtl' : 'ltr';
}

/** Lays the operator's texts (key → text) over a loaded catalogue. */
export function applyTranslationOverrides(code: string, texts: Record<string, string>): void {
  if (Object.keys(texts).length === 0) return;
  i18n.addResources(code, 'translation', texts);
}

/** Values some error messages name, as the defaults say (a screen that knows better passes its own). */
const ERROR_DEFAULTS = { hours: DEFAULT_PAYOUT_RULES.payout_interval_hours };

/** The translated message for an API error code (falls back to the generic one). */
export function errorMessage(code: string): string {
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key as 'errors.unknown', ERROR_DEFAULTS) : i18n.t('errors.unknown');
}

export { i18n };
