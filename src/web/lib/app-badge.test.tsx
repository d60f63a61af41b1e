// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppBadge } from './app-badge';

function Bell({ unread }: { unread: number | null }) {
  useAppBadge(unread);
  return null;
}

afterEach(() => {
  cleanup();
  delete (navigator as { setAppBadge?: unknown }).setAppBadge;
  delete (navigator as { clearAppBadge?: unknown }).clearAppBadge;
});

function fakeBadge() {
  const calls: (number | 'clear')[] = [];
  Object.defineProperty(navigator, 'setAppBadge', {
    configurable: true,
    value: async (n: number) => void calls.push(n),
  });
  Object.defineProperty(navigator, 'clearAppBadge', {
    configurable: true,
    value: async () => void calls.push('clear'),
  });
  return calls;
}

describe('useAppBadge', () => {
  it('shows the unread count on the icon, clears it at zero and when the bell goes (sign-out)', () => {
    const calls = fakeBadge();
    const view = render(<Bell unread={null} />);
    expect(calls).toEqual([]);
    view.rerender(<Bell unread={3} />);
    expect(calls).toEqual([3]);
    view.rerender(<Bell unread={0} />);
    expect(calls).toEqual([3, 'clear', 'clear']);
    view.rerender(<Bell unread={1} />);
    view.unmount();
    expect(calls.slice(-2)).toEqual([1, 'clear']);
  });

  it('does nothing where the browser has no badge', () => {
    expect('setAppBadge' in navigator).toBe(false);
    expect(() => render(<Bell unread={5} />).unmount()).not.toThrow();
  });
});
