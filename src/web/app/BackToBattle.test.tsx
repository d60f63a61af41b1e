// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeldSeat } from '../../core/contract';
import { stubApi } from '../test-support/api-stub';
import { renderWithProviders, signedIn } from '../test-support/render';
import { BackToBattle } from './BackToBattle';
import { paths } from './paths';

const seat = (over: Partial<HeldSeat> = {}): HeldSeat => ({
  room_id: 'r1',
  kind: 'random',
  status: 'playing',
  room_code: '',
  seat_state: 'connected',
  grace_ends_at: null,
  server_time: '2026-11-27T10:00:00Z',
  ...over,
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BackToBattle', () => {
  it('leads a player with a held seat back to the battle', async () => {
    stubApi({ get_active_battle: () => ({ seat: seat() }) });
    renderWithProviders(<BackToBattle />, { preloadedState: signedIn() });

    const card = await screen.findByTestId('back-to-battle');
    expect(card.textContent).toContain('Your random battle is still on.');
    expect(screen.getByTestId('back-to-battle-link').getAttribute('href')).toBe(paths.battleRoom('random', 'r1'));
  });

  it('takes the way back down when the seat’s grace ends, by the server’s instants', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dropped = seat({ seat_state: 'disconnected', grace_ends_at: '2026-11-27T10:00:20Z' });
    stubApi({ get_active_battle: () => ({ seat: dropped }) });
    renderWithProviders(<BackToBattle />, { preloadedState: signedIn() });
    // Shown as soon as the reply is in (vi.waitFor moves the faked clock by a few ms at most).
    await vi.waitFor(() => expect(screen.getByTestId('back-to-battle')).toBeTruthy());

    await act(async () => {
      await vi.advanceTimersByTimeAsync(19_000);
    });
    expect(screen.queryByTestId('back-to-battle')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.queryByTestId('back-to-battle')).toBeNull();
  });

  it('asks nothing for a guest, and shows nothing', async () => {
    const calls = stubApi({});
    renderWithProviders(<BackToBattle />);

    await act(async () => {
      await new Promise((done) => setTimeout(done, 20));
    });
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('back-to-battle')).toBeNull();
  });
});
