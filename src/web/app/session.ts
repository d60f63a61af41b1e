import { api } from '../lib/api-client';
import { loggedOut, profileChanged } from './events';
import type { AppDispatch } from './store';

/** Ends the session on the server (best effort) and clears it here, persisted state included. */
export async function logout(dispatch: AppDispatch): Promise<void> {
  try {
    await api('logout', {}, { expect: ['unauthorized', 'network', 'unknown'] });
  } catch {
    // The token is dropped locally whatever the server says.
  }
  dispatch(loggedOut());
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
