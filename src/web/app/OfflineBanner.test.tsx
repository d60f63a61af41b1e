// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { setOutboxSnapshot } from '../lib/offline/outbox-state';
import { OfflineBanner } from './OfflineBanner';

let online = true;
function setOnline(on: boolean) {
  online = on;
  act(() => void window.dispatchEvent(new Event(on ? 'online' : 'offline')));
}
const queue = (pending: number) => act(() => setOutboxSnapshot({ pending, lastSync: 0 }));
const pass = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  setOutboxSnapshot({ pending: 0, lastSync: 0 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it("an online play's own result passing through the queue flashes nothing", () => {
    render(<OfflineBanner />);
    queue(1);
    pass(300);
    queue(0);
    pass(100);
    expect(screen.queryByTestId('pending-count')).toBeNull();
    expect(screen.queryByTestId('sync-done')).toBeNull();
  });

  it('a slow post online shows "sending" after a second, then "all sent" for a few seconds', () => {
    render(<OfflineBanner />);
    queue(2);
    pass(999);
    expect(screen.queryByTestId('pending-count')).toBeNull();
    pass(1);
    expect(screen.getByTestId('pending-count').dataset.state).toBe('sending');
    queue(0);
    expect(screen.getByTestId('sync-done')).toBeTruthy();
    pass(4000);
    expect(screen.queryByTestId('sync-done')).toBeNull();
  });

  it('offline: the banner and the waiting count at once; back online, sent and said so', () => {
    render(<OfflineBanner />);
    setOnline(false);
    expect(screen.getByTestId('offline-banner')).toBeTruthy();
    queue(3);
    expect(screen.getByTestId('pending-count').dataset).toMatchObject({ pending: '3', state: 'waiting' });
    setOnline(true);
    expect(screen.getByTestId('pending-count').dataset.state).toBe('sending');
    queue(0);
    expect(screen.getByTestId('sync-done')).toBeTruthy();
    pass(4000);
    expect(screen.queryByTestId('sync-done')).toBeNull();
  });
});
