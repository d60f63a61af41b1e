import { Workbox } from 'workbox-window';
import { setUpdateWaiting } from './sw-update';

/** Registers /sw.js and offers the player an update when a new worker waits (no forced reload). */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    setUpdateWaiting(() => {
      // Reload once the new worker controls the page, so the new shell is what runs.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  try {
    await wb.register();
  } catch {
    // No worker (blocked, private mode): the app works online as before.
  }
}
