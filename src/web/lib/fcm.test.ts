import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disablePush, enablePush } from './push';

// FCM itself needs Google's network (its token is made by Firebase's installation and
// registration services): these tests hold the SDK's answers and check what the app does with them.
const sdk = vi.hoisted(() => ({ token: 'fcm-token-1:APA91bAAAAAAAAAAAAAAAA', deleted: 0, asked: [] as unknown[] }));
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: (o: object, name: string) => ({ ...o, name }) }));
vi.mock('firebase/messaging', () => ({
  isSupported: async () => true,
  getMessaging: (app: unknown) => ({ app }),
  getToken: async (_m: unknown, o: unknown) => (sdk.asked.push(o), sdk.token),
  deleteToken: async () => (sdk.deleted++, true),
}));

const VAPID = 'B'.repeat(87);
const config = {
  apiKey: 'k',
  authDomain: 'demo-quiz.firebaseapp.com',
  projectId: 'demo-quiz',
  appId: 'a',
  messagingSenderId: '1234',
  vapidKey: VAPID,
};

/** A browser signed in to Firebase (the session mark holds the config), with push allowed. */
function browser(o: { fcm?: boolean; webPushSub?: boolean } = {}) {
  const store = new Map<string, string>([
    ['quiz.firebase-session', JSON.stringify(o.fcm === false ? { ...config, vapidKey: undefined } : config)],
  ]);
  let sub: object | null = o.webPushSub
    ? {
        endpoint: 'https://push.example/own-key',
        options: { applicationServerKey: new Uint8Array([1, 2, 3]).buffer },
        getKey: () => null,
        unsubscribe: async () => ((sub = null), true),
      }
    : null;
  const reg = { pushManager: { getSubscription: async () => sub, subscribe: vi.fn() } };
  const Notification = { permission: 'granted', requestPermission: async () => 'granted' };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('window', { PushManager: class {}, Notification });
  vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve(reg), getRegistration: async () => reg } });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  const calls: { action: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body?: FormData }) => {
      calls.push({ action: url.replace('/api/', ''), body: Object.fromEntries(init?.body?.entries() ?? []) });
      const data = url.endsWith('get_push_key') ? { public_key: 'AQAB' } : {};
      return new Response(JSON.stringify({ error: false, data }), { status: 200 });
    }),
  );
  return { reg, calls, sub: () => sub };
}

beforeEach(() => {
  vi.unstubAllGlobals();
  sdk.deleted = 0;
  sdk.asked = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('push through FCM (Firebase mode)', () => {
  it("sends this browser's FCM token once, and again only when it changes", async () => {
    const { reg, calls } = browser();
    await enablePush(true);
    expect(sdk.asked).toEqual([{ vapidKey: VAPID, serviceWorkerRegistration: reg }]);
    expect(calls.filter((c) => c.action === 'set_fcm_id').map((c) => c.body)).toEqual([{ fcm_id: sdk.token }]);
    await enablePush(false); // a visit: same token, nothing to say
    expect(calls.filter((c) => c.action === 'set_fcm_id')).toHaveLength(1);
    sdk.token = 'fcm-token-2:APA91bBBBBBBBBBBBBBBBB';
    await enablePush(false);
    expect(calls.filter((c) => c.action === 'set_fcm_id').map((c) => c.body)).toEqual([
      { fcm_id: 'fcm-token-1:APA91bAAAAAAAAAAAAAAAA' },
      { fcm_id: sdk.token },
    ]);
    // Never this server's own Web Push subscription meanwhile.
    expect(reg.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.action === 'set_push_subscription')).toBe(false);
  });

  it("drops a Web Push subscription made for the server's own key before FCM registers", async () => {
    const { calls, sub } = browser({ webPushSub: true });
    await enablePush(true);
    expect(sub()).toBeNull();
    expect(calls.map((c) => c.action)).toEqual(['delete_push_subscription', 'set_fcm_id']);
  });

  it('at logout (or turned off) the server forgets the token and FCM deletes it', async () => {
    const { calls } = browser();
    await enablePush(true);
    await disablePush();
    expect(calls.at(-1)).toEqual({ action: 'set_fcm_id', body: { fcm_id: '' } });
    expect(sdk.deleted).toBe(1);
    // The next player signing in here has the token sent for them.
    await enablePush(true);
    expect(calls.filter((c) => c.action === 'set_fcm_id')).toHaveLength(3);
  });

  it('uses Web Push when the Firebase config names no FCM key', async () => {
    const { reg, calls } = browser({ fcm: false });
    reg.pushManager.subscribe.mockResolvedValue({ endpoint: 'https://push.example/1', getKey: () => null });
    await enablePush(true);
    expect(sdk.asked).toEqual([]);
    expect(calls.map((c) => c.action)).toEqual(['get_push_key', 'set_push_subscription']);
  });
});
