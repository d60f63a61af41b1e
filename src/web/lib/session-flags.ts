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

// Why the last session ended here, for the login screen (issue 22 §14): kept in this tab only.
const SIGNED_OUT = 'quizhub.signedOutReason';
export type SignedOutReason = 'password_changed';

/** Notes why the session was ended (the login screen then says so). */
export function noteSignedOut(reason: SignedOutReason): void {
  try {
    sessionStorage.setItem(SIGNED_OUT, reason);
  } catch {
    // No storage: the login screen simply shows no reason.
  }
}

/** The noted reason, if any (read without clearing it: a render may run twice). */
export function signedOutReason(): SignedOutReason | null {
  try {
    return sessionStorage.getItem(SIGNED_OUT) === 'password_changed' ? 'password_changed' : null;
  } catch {
    return null;
  }
}

/** Forgets the noted reason (it was shown, or the player signed in again). */
export function clearSignedOut(): void {
  try {
    sessionStorage.removeItem(SIGNED_OUT);
  } catch {
    // Nothing stored.
  }
}
