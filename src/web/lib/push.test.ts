import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enablePush, pushState, turnOffPush } from './push';

/** A browser with push: a permission, a push manager holding at most one subscription, storage. */
function browser(permission: NotificationPermission) {
  let sub: { endpoint: string; getKey: () => null; unsubscribe: () => Promise<boolean> } | null = null;
  const pushManager = {
    getSubscription: async () => sub,
    subscribe: vi.fn(async () => {
      sub = { endpoint: 'https://push.example/1', getKey: () => null, unsubscribe: async () => ((sub = null), true) };
      return sub;
    }),
  };
  const reg = { pushManager };
  const Notification = { permission, requestPermission: async () => permission };
  const store = new Map<string, string>();
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('window', { PushManager: class {}, Notification });
  vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve(reg), getRegistration: async () => reg } });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url.replace('/api/', ''));
      const data = url.endsWith('get_push_key') ? { public_key: 'AQAB' } : {};
      return new Response(JSON.stringify({ error: false, data }), { status: 200 });
    }),
  );
  return { pushManager, calls };
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('push on this device', () => {
  it('stays off after the player turns it off, until they turn it on again', async () => {
    const { pushManager, calls } = browser('granted');
    await enablePush(false); // a visit, permission already given
    expect(await pushState()).toBe('on');

    await turnOffPush();
    expect(calls).toContain('delete_push_subscription');
    expect(await pushState()).toBe('off');

    await enablePush(false); // a later visit must not subscribe again
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(await pushState()).toBe('off');

    await enablePush(true); // the player's own "turn on"
    expect(await pushState()).toBe('on');
    expect(calls.filter((c) => c === 'set_push_subscription')).toHaveLength(2);
  });

  it('is off before permission, blocked when refused, unsupported without a push manager', async () => {
    browser('default');
    expect(await pushState()).toBe('off');
    browser('denied');
    expect(await pushState()).toBe('blocked');
    vi.stubGlobal('window', {});
    expect(await pushState()).toBe('unsupported');
  });
});
