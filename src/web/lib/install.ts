import { useSyncExternalStore } from 'react';

/** The event Chromium fires when the app can be installed (not in the DOM's typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** How long "Not now" hides the offer. */
const SNOOZE_MS = 14 * 86_400_000;
const SNOOZE_KEY = 'install-snoozed-at';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/**
 * Keeps the browser's install offer for later (it fires once, early, often before the first
 * render): call at start-up. The app shows its own button instead of the mini-infobar.
 */
export function captureInstallPrompt(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    changed();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    changed();
  });
}

/** Running as an installed app (home-screen icon), not in a browser tab. */
export function isStandalone(win: Window = window): boolean {
  return (
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone and iPad Safari: no install prompt there; the player adds it from the Share menu. */
export function isIosSafari(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  // Other iOS browsers (CriOS, FxiOS, EdgiOS) cannot add to the home screen before iOS 16.4.
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

function snoozed(): boolean {
  const at = Number(localStorage.getItem(SNOOZE_KEY) ?? 0);
  return Date.now() - at < SNOOZE_MS;
}

export type InstallOffer = 'prompt' | 'ios' | 'none';

function currentOffer(): InstallOffer {
  if (installed || isStandalone() || snoozed()) return 'none';
  if (deferred) return 'prompt';
  return isIosSafari() ? 'ios' : 'none';
}

/** What the app can offer now: the browser's install prompt, the iOS steps, or nothing. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentOffer,
    () => 'none',
  );
}

/** Shows the browser's install dialog; answers whether the player accepted. */
export async function promptInstall(): Promise<boolean> {
  const e = deferred;
  if (!e) return false;
  // The event can prompt once: the card goes as the browser's dialog opens.
  deferred = null;
  changed();
  await e.prompt();
  const { outcome } = await e.userChoice;
  return outcome === 'accepted';
}

/** "Not now": the offer goes away for two weeks. */
export function snoozeInstall(): void {
  localStorage.setItem(SNOOZE_KEY, String(Date.now()));
  changed();
}
