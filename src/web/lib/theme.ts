/**
 * Light or dark, kept on this device (a phone read in bed is dark, the office screen is not).
 * 'system' follows `prefers-color-scheme` through the CSS alone (tokens.css) and index.html's two
 * `<meta name="theme-color" media>`, so the first paint is right before any script runs. A chosen
 * theme is written as `data-theme` on <html> by the first lines of main.tsx, before the first
 * render. That is all the first screen carries (every byte here counts against its budget);
 * choosing, and the browser bar's colour for a chosen theme, are `theme-choice.ts`.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_KEY = 'quizhub.theme';

/** Shows the theme chosen on this device, if any ('system', no storage or a damaged value: the CSS's). */
export function applyStoredTheme(): void {
  try {
    const v = localStorage.getItem(THEME_KEY);
    if (v === 'light' || v === 'dark') document.documentElement.dataset.theme = v;
  } catch {
    // Storage refused: the system's theme.
  }
}
