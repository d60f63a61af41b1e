import type { FirebaseApp } from 'firebase/app';
import type { FirebaseWebConfig } from '../../core/contract';

/**
 * The Firebase web app of Firebase mode, one per project whatever part of the SDK asks (Auth,
 * Firestore, Messaging share it: Firestore then reads as the signed-in user). Loads firebase/app
 * on first use only.
 */
export async function firebaseWebApp(config: FirebaseWebConfig): Promise<FirebaseApp> {
  const { getApps, initializeApp } = await import('firebase/app');
  // Settings of ours, not Firebase's options.
  const { auth_emulator: _emulator, vapidKey: _vapid, ...options } = config;
  const name = `quiz-${config.projectId}`;
  return getApps().find((a) => a.name === name) ?? initializeApp(options, name);
}
