import i18n from 'i18next';
import type en from '../../../locales/en/translation.json';
// The English the first screen speaks: the shell (header, banners, guards), home and the mode
// names; the API's error messages come with the toaster, which loads the whole catalogue
// (app/App.tsx). Only these groups of the catalogue are in the first screen's JavaScript;
// the rest comes with the first page that needs it (withCatalogue). test/web-catalogue.test.ts
// checks that every module the entry imports reads only these groups.
import {
  auth,
  battleBack,
  common,
  home,
  install,
  language,
  maintenance,
  modes,
  nav,
  notifications,
  offline,
  pages,
  profile,
  update,
} from '../../../locales/en/translation.json';
import { DEFAULT_PAYOUT_RULES } from '../../core/rules/payout';
import { messageNumbers } from './message-numbers';

const shell = {
  auth,
  battleBack,
  common,
  home,
  install,
  language,
  maintenance,
  modes,
  nav,
  notifications,
  offline,
  // The footer's links, on every screen.
  pages,
  profile,
  update,
};
/** The catalogue's groups in the first screen's JavaScript. */
export const SHELL_GROUPS: readonly string[] = Object.keys(shell);

declare module 'i18next' {
  interface CustomTypeOptions {
    // Keys are typed from the English catalogue: a misspelt key fails to compile.
    resources: { translation: typeof en };
  }
}

void i18n.use(messageNumbers).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: shell } },
  // Every number a message shows is written by Intl in the interface language (message-numbers.ts).
  interpolation: { escapeValue: false, alwaysFormat: true },
  initAsync: false,
  returnNull: false,
});

let wholeEnglish: Promise<void> | undefined;

/**
 * Loads the rest of the English catalogue (once). Every language falls back to English, so this
 * comes before any page beyond the first screen; keys already there (the shell's, or the
 * operator's texts laid over them) are kept.
 */
export function loadCatalogue(): Promise<void> {
  return (wholeEnglish ??= import('../../../locales/en/translation.json?whole').then(
    (m) => void i18n.addResourceBundle('en', 'translation', m.default, true, false),
    (e: unknown) => {
      wholeEnglish = undefined; // tried again by the next page
      throw e;
    },
  ));
}

/** A chunk's loader that also waits for the whole catalogue (for pages and dialogs loaded later). */
export function withCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  // Without the catalogue (offline, no copy) the chunk still renders, in the shell's words.
  return () => Promise.all([load(), loadCatalogue().catch(() => undefined)]).then(([m]) => m);
}

type Catalogue = { default: Record<string, unknown> };

/**
 * A catalogue's loaders by language code, from an `import.meta.glob` of
 * `locales/<code>/<file>.json`: a language added to `locales/` (and `index.json`) loads without
 * a line here; locales.test.ts checks each has every catalogue.
 */
export function byLanguage(files: Record<string, () => Promise<unknown>>): Record<string, () => Promise<Catalogue>> {
  return Object.fromEntries(
    Object.entries(files).map(([path, load]) => [path.split('/').at(-2)!, load as () => Promise<Catalogue>]),
  );
}

// The shell's English ships in the main bundle; other catalogues load when chosen.
const loaders = byLanguage(import.meta.glob(['../../../locales/*/translation.json', '!**/en/*']));

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

/**
 * The count some error messages name (payment_request_wait's hours), as the defaults say: a
 * screen that knows better passes its own. Messages without plural forms ignore it.
 */
const ERROR_DEFAULTS = { count: DEFAULT_PAYOUT_RULES.payout_interval_hours };

/** The translated message for an API error code (falls back to the generic one). */
export function errorMessage(code: string): string {
  const key = `errors.${code}`;
  // With the count: a plural message exists by its forms (key_one, key_other), not by its base.
  return i18n.exists(key, ERROR_DEFAULTS) ? i18n.t(key as 'errors.unknown', ERROR_DEFAULTS) : i18n.t('errors.unknown');
}

export { i18n };
