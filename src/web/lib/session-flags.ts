// Settings are refetched once per browser session, or when the player reloads the page (spec §4).
const FLAG = 'quizhub.settingsLoaded';

function isReload(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'reload';
}

/** True when settings should be fetched again: a new session or a manual refresh. */
export function settingsStale(): boolean {
  try {
    return sessionStorage.getItem(FLAG) !== '1' || isReload();
  } catch {
    return true;
  }
}

/** Records that this session has fresh settings. */
export function markSettingsFresh(): void {
  try {
    sessionStorage.setItem(FLAG, '1');
  } catch {
    // Private mode without storage: settings are simply fetched on every load.
  }
}
