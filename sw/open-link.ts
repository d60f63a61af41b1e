// A notification's click, kept apart from sw.ts so that it can be tested without a browser.

/** The parts of a WindowClient used here. */
export interface AppWindow {
  focus(): Promise<unknown>;
  navigate(url: string): Promise<AppWindow | null>;
}

/** The parts of `self.clients` used here. */
export interface AppWindows {
  matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/** The link as a path of this origin, or '/' for anything that would leave it ('//evil.example'). */
export function sameOriginLink(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link.startsWith('/')) return '/';
  const url = new URL(link, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
}

/** `w` navigated to `link`, or null when the browser refuses (it does for a window not controlled). */
async function navigated(w: AppWindow, link: string): Promise<AppWindow | null> {
  try {
    return (await w.navigate(link)) ?? w;
  } catch {
    return null;
  }
}

/**
 * Shows `link` in a window of the app: one this worker controls (focused, then navigated), else
 * any window of the origin if it lets itself be navigated, else a new window.
 */
export async function openLink(clients: AppWindows, link: string): Promise<void> {
  const [controlled] = await clients.matchAll({ type: 'window' });
  if (controlled) {
    await controlled.focus().catch(() => undefined);
    if (await navigated(controlled, link)) return;
  } else {
    const [other] = await clients.matchAll({ type: 'window', includeUncontrolled: true });
    const shown = other && (await navigated(other, link));
    if (shown) {
      await shown.focus().catch(() => undefined);
      return;
    }
  }
  await clients.openWindow(link);
}
