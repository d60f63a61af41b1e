import { describe, expect, it, vi } from 'vitest';
import { openLink, sameOriginLink, type AppWindow, type AppWindows } from './open-link';

/** A window that records its focus and navigations; `refuses` makes navigate reject as for an uncontrolled one. */
function appWindow(refuses = false) {
  const w = {
    focus: vi.fn(async () => w),
    navigate: vi.fn(async (): Promise<AppWindow | null> => {
      if (refuses) throw new TypeError('This service worker is not the client’s active service worker.');
      return w;
    }),
  };
  return w;
}

/** `self.clients` with the given controlled and uncontrolled windows. */
function windows(controlled: AppWindow[], uncontrolled: AppWindow[]) {
  const clients = {
    matchAll: vi.fn(async (o: { includeUncontrolled?: boolean }) =>
      o.includeUncontrolled ? [...controlled, ...uncontrolled] : controlled,
    ),
    openWindow: vi.fn(async () => null),
  } satisfies AppWindows;
  return clients;
}

describe('openLink', () => {
  it('focuses and navigates a window the worker controls', async () => {
    const mine = appWindow();
    const clients = windows([mine], [appWindow(true)]);
    await openLink(clients, '/profile/badges');
    expect(mine.focus).toHaveBeenCalled();
    expect(mine.navigate).toHaveBeenCalledWith('/profile/badges');
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when the only window is not controlled and refuses to navigate', async () => {
    const stranger = appWindow(true);
    const clients = windows([], [stranger]);
    await openLink(clients, '/profile/badges');
    expect(stranger.navigate).toHaveBeenCalledWith('/profile/badges');
    expect(clients.openWindow).toHaveBeenCalledWith('/profile/badges');
  });

  it('uses an uncontrolled window that does navigate', async () => {
    const other = appWindow();
    const clients = windows([], [other]);
    await openLink(clients, '/leaderboard');
    expect(other.focus).toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when the app has none', async () => {
    const clients = windows([], []);
    await openLink(clients, '/');
    expect(clients.openWindow).toHaveBeenCalledWith('/');
  });
});

describe('sameOriginLink', () => {
  const origin = 'https://quiz.example';
  it('keeps a path of the app with its query and hash', () => {
    expect(sameOriginLink('/profile/wallet?type=credit#top', origin)).toBe('/profile/wallet?type=credit#top');
  });

  it('turns anything leaving the origin into the home page', () => {
    for (const link of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      undefined,
      42,
    ])
      expect(sameOriginLink(link, origin), String(link)).toBe('/');
  });
});
