import { THEME_KEY, type ThemeChoice } from './theme';

/**
 * The theme setting (System / Light / Dark), loaded with the settings screen: read once, then held
 * in memory; the settings card follows it through `subscribeTheme` (useSyncExternalStore).
 */
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

let current: ThemeChoice | null = null;
const listeners = new Set<() => void>();

/** The choice kept on this device: 'system' when none, or no storage, or a damaged value. */
function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

/** The player's choice on this device ('system' unless they chose). */
export function themeChoice(): ThemeChoice {
  return (current ??= stored());
}

/** Writes a choice onto the page: `data-theme` on <html>, and which bar colour applies. */
export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  // Each bar colour of index.html names its scheme; a chosen theme's own applies whatever the
  // system says, and 'system' gives each back its media query.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[data-scheme]')) {
    const scheme = meta.dataset.scheme!;
    const media = choice === 'system' ? `(prefers-color-scheme: ${scheme})` : scheme === choice ? 'all' : 'not all';
    meta.setAttribute('media', media);
  }
}

/** Changes the choice, keeps it on the device, shows it at once and tells who follows it. */
export function setThemeChoice(choice: ThemeChoice): void {
  current = choice;
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
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
