// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock';

function Screen({ active }: { active: boolean }) {
  useWakeLock(active);
  return null;
}

function fakeWakeLock() {
  const locks: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(async () => {
    const l = {
      released: false,
      release: vi.fn(async () => {
        l.released = true;
      }),
    };
    locks.push(l);
    return l;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, locks };
}

const settle = () => act(async () => await Promise.resolve());

afterEach(() => {
  cleanup();
  delete (navigator as { wakeLock?: unknown }).wakeLock;
});

describe('useWakeLock', () => {
  it('keeps the screen on while active, takes the lock again when the page is back, releases it on leaving', async () => {
    const { request, locks } = fakeWakeLock();
    const view = render(<Screen active />);
    await settle();
    expect(request).toHaveBeenCalledWith('screen');
    expect(request).toHaveBeenCalledTimes(1);
    // The browser drops the lock while the page is hidden; visible again, it is taken again.
    locks[0]!.released = true;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(request).toHaveBeenCalledTimes(2);
    // Still held: no second request.
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(request).toHaveBeenCalledTimes(2);
    view.unmount();
    await settle();
    expect(locks[1]!.release).toHaveBeenCalled();
  });

  it('takes nothing while inactive, and does nothing where the browser has no wake lock', async () => {
    const { request } = fakeWakeLock();
    render(<Screen active={false} />);
    await settle();
    expect(request).not.toHaveBeenCalled();
    cleanup();
    delete (navigator as { wakeLock?: unknown }).wakeLock;
    expect(() => render(<Screen active />)).not.toThrow();
  });
});
