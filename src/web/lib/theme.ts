/**
 * Light or dark, kept on this device (a phone read in bed is dark, the office screen is not).
 * 'system' follows `prefers-color-scheme` through the CSS alone (tokens.css), so the first paint is
 * right before any script runs; a chosen theme is written as `data-theme` on <html> by the first
 * line of main.tsx, and the browser's bar colour (`<meta name="theme-color">`) follows it.
 * Components follow the choice through `subscribeTheme` (useSyncExternalStore).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The header bar's colour in each theme (tokens.css `--brand`), for the browser's bar. */
export const BAR_COLOUR = { light: '#5b3cc4', dark: '#3f2b96' } as const;

const KEY = 'quizhub.theme';
let current: ThemeChoice | null = null;
const listeners = new Set<() => void>();

function read(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return THEME_CHOICES.find((c) => c === v) ?? 'system';
  } catch {
    // No storage (a locked-down browser): follow the system.
    return 'system';
  }
}

/** The player's choice on this device ('system' unless they chose). */
export function themeChoice(): ThemeChoice {
  return (current ??= read());
}

/** Writes the choice onto the page: `data-theme` on <html> and the browser bar's colour. */
export function applyTheme(choice: ThemeChoice = themeChoice(), doc: Document = document): void {
  const root = doc.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  // index.html has one bar colour per `prefers-color-scheme`; a chosen theme sets both to its own.
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own = meta.getAttribute('media')?.includes('dark') ? 'dark' : 'light';
    meta.content = BAR_COLOUR[choice === 'system' ? own : choice];
  }
}

/** Changes the choice, keeps it on the device, shows it and tells who follows it. */
export function setThemeChoice(choice: ThemeChoice): void {
  current = choice;
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Kept for this visit only.
  }
  applyTheme(choice);
  for (const l of listeners) l();
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets what was read (tests start from the device's storage again). */
export function resetThemeForTest(): void {
  current = null;
}
