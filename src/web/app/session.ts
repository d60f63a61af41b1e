import { api } from '../lib/api-client';
import { loggedOut } from './events';
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
