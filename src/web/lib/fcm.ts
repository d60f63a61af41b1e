// Firebase mode's push through FCM (when the web config names FCM's sender and Web Push key):
// the FCM token of this browser, registered with our service worker, reaches the server as
// the player's `fcm_id`, with user_signup and whenever it changes; the server then sends the
// player's notifications through FCM, which the service worker shows as it shows Web Push ones.
import type { FirebaseWebConfig } from '../../core/contract';
import { api } from './api-client';
import { toBase64url } from './base64url';
import { firebaseSessionConfig } from './firebase-session';
import { firebaseWebApp } from './firebase-web-app';

export type FcmConfig = FirebaseWebConfig & { messagingSenderId: string; vapidKey: string };

/** The token last given to the server for the player signed in here (so a visit sends it only when new). */
const SENT_KEY = 'quiz.fcm-sent';

/** The Firebase session's config when it sends pushes through FCM; null otherwise (Web Push). */
export function fcmConfig(): FcmConfig | null {
  const c = firebaseSessionConfig();
  return c?.messagingSenderId && c.vapidKey ? (c as FcmConfig) : null;
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** This browser's FCM token, through our service worker's registration; null where FCM cannot run. */
export async function fcmToken(config: FcmConfig, reg: ServiceWorkerRegistration): Promise<string | null> {
  const [app, m] = await Promise.all([firebaseWebApp(config), import('firebase/messaging')]);
  if (!(await m.isSupported())) return null;
  // A Web Push subscription made for this server's own key would be taken for FCM's: it goes.
  const sub = await reg.pushManager.getSubscription();
  if (sub && toBase64url(sub.options.applicationServerKey) !== config.vapidKey) {
    await api('delete_push_subscription', { endpoint: sub.endpoint }, { expect: ['unauthorized', 'network'] }).catch(
      () => undefined,
    );
    await sub.unsubscribe();
  }
  return (await m.getToken(m.getMessaging(app), { vapidKey: config.vapidKey, serviceWorkerRegistration: reg })) || null;
}

/** Registers this browser with FCM and tells the server its token if it is new for this player. */
export async function registerFcm(config: FcmConfig, reg: ServiceWorkerRegistration): Promise<void> {
  const token = await fcmToken(config, reg);
  if (!token || storage()?.getItem(SENT_KEY) === token) return;
  await api('set_fcm_id', { fcm_id: token });
  storage()?.setItem(SENT_KEY, token);
}

/** Remembers the token user_signup carried (the player's now). */
export function fcmTokenSent(token: string): void {
  if (token) storage()?.setItem(SENT_KEY, token);
}

/** This browser stops receiving the player's pushes through FCM (turned off, or logout). */
export async function unregisterFcm(config: FcmConfig): Promise<void> {
  storage()?.removeItem(SENT_KEY);
  await api('set_fcm_id', { fcm_id: '' }, { expect: ['unauthorized', 'network'] }).catch(() => undefined);
  const [app, m] = await Promise.all([firebaseWebApp(config), import('firebase/messaging')]);
  if (await m.isSupported()) await m.deleteToken(m.getMessaging(app)).catch(() => false);
}

/**
 * The token for user_signup: only where the player already allowed notifications (sign-in never
 * asks) and within `withinMs` (sign-in does not wait on FCM); '' otherwise.
 */
export async function signInFcmToken(withinMs = 3000): Promise<string> {
  const config = fcmConfig();
  if (!config || typeof Notification === 'undefined' || Notification.permission !== 'granted') return '';
  if (!('serviceWorker' in navigator)) return '';
  const token = navigator.serviceWorker.ready.then((reg) => fcmToken(config, reg)).catch(() => null);
  const late = new Promise<null>((ok) => setTimeout(() => ok(null), withinMs));
  return (await Promise.race([token, late])) ?? '';
}
