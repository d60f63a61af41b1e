// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { PushSetting } from './PushSetting';

// Issue 22 §17: the card says where push stands at once, what it is doing meanwhile, and that
// push is not supported here when the browser's push service refuses.

/** A browser with the push API, permission granted, a registered worker whose subscribe does `subscribe`. */
function browser(subscribe: () => Promise<unknown>) {
  const reg = { pushManager: { getSubscription: async () => null, subscribe: vi.fn(subscribe) } };
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: async () => 'granted' });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    // Still installing: `ready` has not resolved (it used to hold the whole card back).
    value: { ready: new Promise(() => undefined), getRegistration: async () => reg },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: false, data: { public_key: 'AQAB' } }), { status: 200 })),
  );
  return reg;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PushSetting', () => {
  it('shows the state at once and says it is connecting while the push service takes its time', async () => {
    const reg = browser(() => new Promise(() => undefined)); // a push service that never answers
    render(<PushSetting />);
    expect(screen.getByTestId('push-state').getAttribute('data-state')).toBe('checking');
    expect(screen.getByTestId('push-state').textContent).toBe('Checking…');
    await waitFor(() => expect(screen.getByTestId('push-state').getAttribute('data-state')).toBe('off'));
    expect(screen.getByTestId('push-state').textContent).toBe('Off');
    await waitFor(() => expect(reg.pushManager.subscribe).toHaveBeenCalled());
    expect(screen.getByTestId('push-renewing').textContent).toBe('Connecting this device to notifications…');
    expect((screen.getByTestId('push-toggle') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says push is not supported here when the push service refuses, instead of a silent Off', async () => {
    browser(() => Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError')));
    render(<PushSetting />);
    await waitFor(() => expect(screen.getByTestId('push-state').getAttribute('data-state')).toBe('unsupported'));
    expect(screen.getByTestId('push-state').textContent).toBe('Not supported here');
    expect(screen.getByTestId('push-unsupported').textContent).toBe(
      'Notifications are not supported here: this browser has no push service the app can use.',
    );
    expect(screen.queryByTestId('push-toggle')).toBeNull();
    expect(screen.queryByTestId('push-renewing')).toBeNull();
  });

  it('a browser without the push API is unsupported, with its message and no switch', async () => {
    browser(async () => ({}));
    vi.stubGlobal('PushManager', undefined);
    // `'PushManager' in window` is what counts: remove the property itself.
    delete (window as unknown as Record<string, unknown>).PushManager;
    await act(async () => {
      render(<PushSetting />);
    });
    await waitFor(() => expect(screen.getByTestId('push-state').getAttribute('data-state')).toBe('unsupported'));
    expect(screen.getByTestId('push-unsupported').textContent).toBe('This browser cannot receive notifications.');
    expect(screen.queryByTestId('push-toggle')).toBeNull();
  });
});
