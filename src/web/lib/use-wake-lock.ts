import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (an exam, a battle): a Screen Wake Lock taken when the page is
 * visible, taken again when it comes back (the browser drops it when the page is hidden), and
 * released when the screen is left. Browsers without it, or refusing it (battery saver), simply
 * let the screen sleep.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const take = () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      navigator.wakeLock.request('screen').then(
        (s) => {
          if (live) lock = s;
          else void s.release().catch(() => undefined);
        },
        () => undefined,
      );
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', take);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);
}
