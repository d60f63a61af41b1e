import type { FirebaseWebConfig } from '../../core/contract';

/**
 * Firebase mode keeps the player signed in to Firebase beside the app's own session (the
 * Firestore live sync reads as that Firebase user). This mark, with the config it was made
 * under, says a Firebase session exists: logging out ends it, and the default mode (no mark)
 * never loads anything of Firebase to find out.
 */
const KEY = 'quiz.firebase-session';

export function markFirebaseSession(config: FirebaseWebConfig): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(config));
  } catch {
    // Storage refused (private mode): the session then ends with the browser's.
  }
}

function parsed(saved: string | null): FirebaseWebConfig | null {
  if (!saved) return null;
  try {
    const config = JSON.parse(saved) as FirebaseWebConfig;
    return typeof config?.projectId === 'string' ? config : null;
  } catch {
    return null;
  }
}

/**
 * The config of the Firebase session now open (the live follow reads as its user); null when
 * none. Read without loading anything of Firebase.
 */
export function firebaseSessionConfig(): FirebaseWebConfig | null {
  try {
    return parsed(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** The config of the Firebase session to end, and the mark removed; null when there is none. */
export function takeFirebaseSession(): FirebaseWebConfig | null {
  const config = firebaseSessionConfig();
  try {
    localStorage.removeItem(KEY);
  } catch {
    return null;
  }
  return config;
}

/** Set while the player is away on Google's sign-in page (Firebase mode's redirect). */
const REDIRECT_KEY = 'quiz.google-redirect';

export function markGoogleRedirect(): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, '1');
  } catch {
    // Without storage the return is not recognised: the player signs in again.
  }
}

/** Whether this page is the return from Google's sign-in page (the mark stays). */
export function hasGoogleRedirect(): boolean {
  try {
    return sessionStorage.getItem(REDIRECT_KEY) !== null;
  } catch {
    return false;
  }
}

/** Whether this page is the return from Google's sign-in page (the mark is removed). */
export function takeGoogleRedirect(): boolean {
  const back = hasGoogleRedirect();
  try {
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Nothing was stored either.
  }
  return back;
}
