import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enablePush, PushUnavailableError, pushState, turnOffPush, WORKER_WAIT_MS } from './push';

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

  // Issue 22 §17: the settings card waited for `serviceWorker.ready` (the worker's install).
  it('a visit does not wait for a worker still installing (or never registered): nothing to renew yet', async () => {
    const { pushManager } = browser('granted');
    vi.stubGlobal('navigator', {
      serviceWorker: { ready: new Promise(() => undefined), getRegistration: async () => undefined },
    });
    await expect(enablePush(false)).resolves.toBe('granted');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(await pushState()).toBe('off');
  });

  it("the player's turn on waits for the worker at most WORKER_WAIT_MS, then says push is unavailable", async () => {
    browser('granted');
    vi.stubGlobal('navigator', {
      serviceWorker: { ready: new Promise(() => undefined), getRegistration: async () => undefined },
    });
    vi.useFakeTimers();
    try {
      const on = enablePush(true);
      const caught = on.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(WORKER_WAIT_MS - 1);
      let settled = false;
      void on.then(
        () => (settled = true),
        () => (settled = true),
      );
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await caught).toBeInstanceOf(PushUnavailableError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a push service that refuses the subscription is PushUnavailableError, and the server is not told', async () => {
    const { pushManager, calls } = browser('granted');
    pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    );
    await expect(enablePush(true)).rejects.toBeInstanceOf(PushUnavailableError);
    expect(calls).not.toContain('set_push_subscription');
    expect(await pushState()).toBe('off');
  });
});
