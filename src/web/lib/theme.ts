/**
 * Light or dark, kept on this device (a phone read in bed is dark, the office screen is not).
 * 'system' follows `prefers-color-scheme` through the CSS alone (tokens.css) and index.html's two
 * `<meta name="theme-color" media>`, so the first paint is right before any script runs. A chosen
 * theme is written as `data-theme` on <html> by the first lines of main.tsx, before the first
 * render, with the browser bar's colour of that theme. That is all the first screen carries
 * (every byte here counts against its budget); choosing is `theme-choice.ts`.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_KEY = 'quizhub.theme';

/** Shows the theme chosen on this device, if any ('system', no storage or a damaged value: the CSS's). */
export function applyStoredTheme(): void {
  try {
    const v = localStorage.getItem(THEME_KEY);
    if (v !== 'light' && v !== 'dark') return;
    document.documentElement.dataset.theme = v;
    // The browser bar's colour of the chosen theme, whatever the system says.
    for (const m of document.querySelectorAll<HTMLMetaElement>('meta[data-scheme]'))
      m.setAttribute('media', m.dataset.scheme === v ? 'all' : 'not all');
  } catch {
    // Storage refused: the system's theme.
  }
}
