import { api } from './api-client';
import { fromBase64url, toBase64url } from './base64url';
import { fcmConfig, registerFcm, unregisterFcm } from './fcm';

/** Whether this browser can take push notifications at all. */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

// Set when the player turns push off on this device, so that a visit does not turn it back on.
const OFF_KEY = 'quizhub.pushOff';

function turnedOff(): boolean {
  try {
    return localStorage.getItem(OFF_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberOff(off: boolean): void {
  try {
    if (off) localStorage.setItem(OFF_KEY, '1');
    else localStorage.removeItem(OFF_KEY);
  } catch {
    // Without storage the choice lasts as long as the subscription is gone.
  }
}

/**
 * Subscribes this browser to the server's pushes and tells the server. `ask` is the player's
 * own request: it asks permission first if needed and undoes an earlier "off"; without it
 * (a visit refreshing the subscription) a player who turned push off stays off. Answers the
 * permission as it stands.
 */
export async function enablePush(ask: boolean): Promise<NotificationPermission> {
  if (!pushSupported()) return 'denied';
  let permission = Notification.permission;
  if (!ask && turnedOff()) return permission;
  if (permission === 'default' && ask) permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  if (ask) rememberOff(false);
  // A visit renews only through a worker already registered: `ready` waits for one to be
  // installed (the first visit's precache, seconds on a slow line; for ever where none registers),
  // and the settings card waited with it (issue 22 §17). The player's own "turn on" waits, bounded.
  const reg = ask ? await workerReady() : await navigator.serviceWorker.getRegistration();
  if (!reg) return permission;
  // Firebase mode with FCM: the server sends this player's pushes through FCM (lib/fcm).
  const fcm = fcmConfig();
  if (fcm) {
    await registerFcm(fcm, reg);
    return permission;
  }
  let sub = await reg.pushManager.getSubscription();
  if (!sub) {
    const { public_key } = await api('get_push_key');
    try {
      sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(public_key) });
    } catch (e) {
      // The browser has the API but no push service it can use (e.g. Chromium builds without
      // one answer "AbortError: Registration failed"): push is not available here.
      throw new PushUnavailableError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    }
  }
  await api('set_push_subscription', {
    endpoint: sub.endpoint,
    p256dh: toBase64url(sub.getKey('p256dh')),
    auth: toBase64url(sub.getKey('auth')),
  });
  return permission;
}

/** How long the player's "turn on" waits for the service worker to be ready. */
export const WORKER_WAIT_MS = 15_000;

/** The push service refused or is missing here (not the player's choice, not our server). */
export class PushUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushUnavailableError';
  }
}

async function workerReady(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new PushUnavailableError('service worker not ready')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Unsubscribes this browser from the player's pushes (at logout). */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  const fcm = fcmConfig();
  if (fcm) await unregisterFcm(fcm).catch(() => undefined);
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await api('delete_push_subscription', { endpoint: sub.endpoint }, { expect: ['unauthorized', 'network'] }).catch(
    () => undefined,
  );
  await sub.unsubscribe();
}

/** Turns push off on this device at the player's request; later visits leave it off. */
export async function turnOffPush(): Promise<void> {
  rememberOff(true);
  await disablePush();
}

/** Push on this device as the settings screen shows it. */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

/** Where push stands here: subscribed, not, refused in the browser's settings, or impossible. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ? 'on' : 'off';
}
