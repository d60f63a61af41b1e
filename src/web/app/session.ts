import { firebaseSessionConfig } from '../lib/firebase-session';
import { api } from '../lib/api-client';
import { forgetKeptReplies } from '../lib/kept-replies';
import { noteSignedOut, type SignedOutReason } from '../lib/session-flags';
import { loggedOut, profileChanged } from './events';
import { history } from './history';
import { paths } from './paths';
import type { AppDispatch } from './store';

/**
 * Clears the session here, persisted state included, after leaving for `/`: a protected page
 * still on screen would otherwise take the player for an anonymous visitor ("Please login first").
 * With a reason (the server revoked the session because the password was changed elsewhere), it
 * goes to the login screen instead, which says why (issue 22 §14).
 */
export function endSession(dispatch: AppDispatch, reason?: SignedOutReason): void {
  endedAt = Date.now();
  if (reason) noteSignedOut(reason);
  history.replace(reason ? paths.login : paths.home);
  dispatch(loggedOut());
  forgetKeptReplies();
  // The player's queued results, packs and media leave the device with the session.
  void import('../lib/offline/outbox-client').then((m) => m.clearUserData());
  void import('../lib/offline/packs').then((m) => m.forgetPacks());
  // Firebase mode: the player's Firebase session ends too (nothing loads in the default mode).
  if (firebaseSessionConfig())
    void import('../features/auth/firebase-auth').then((m) => m.endFirebaseSession()).catch(() => undefined);
}

let endedAt = 0;

/**
 * True right after the session ended here: the protected page being left then renders once
 * more without a user, and must not greet the player as an anonymous visitor.
 */
export function sessionJustEnded(): boolean {
  return Date.now() - endedAt < 2000;
}

/** Ends the session on the server (best effort) and here. */
export async function logout(dispatch: AppDispatch): Promise<void> {
  try {
    // This browser stops receiving the player's pushes (it may be someone else's next).
    await import('../lib/push').then((m) => m.disablePush()).catch(() => undefined);
    await api('logout', {}, { expect: ['unauthorized', 'network', 'unknown'] });
  } catch {
    // The token is dropped locally whatever the server says.
  }
  endSession(dispatch);
}

/**
 * Reloads the player's record from the server: fresh coins and score, and a revoked or expired
 * token is found out at once (the api client's 401 path logs out and goes home).
 */
export async function refreshUser(dispatch: AppDispatch): Promise<void> {
  try {
    dispatch(profileChanged(await api('get_user_by_id', {}, { expect: ['network'] })));
  } catch {
    // Offline: the persisted record stays on screen.
  }
}
