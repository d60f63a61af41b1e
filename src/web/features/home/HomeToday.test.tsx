// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { makeStore } from '../../app/store';

// The server's answers, per action; an action missing here fails as the network would.
const replies: Record<string, unknown> = {};
vi.mock('../../lib/api-client', async (actual) => ({
  ...(await actual<typeof import('../../lib/api-client')>()),
  api: (action: string) =>
    action in replies
      ? Promise.resolve(replies[action])
      : Promise.reject(Object.assign(new Error(), { code: 'network' })),
}));

const { default: HomeToday } = await import('./HomeToday');

function setOnline(on: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => on });
}

function show() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <HomeToday />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  for (const k of Object.keys(replies)) delete replies[k];
  setOnline(true);
});
afterEach(cleanup);

const status = { date: '2026-11-27', played: false, result: null, streak: 2 };

describe("home's today", () => {
  it('keeps each card’s place while it loads, then fills every card in', async () => {
    replies.get_daily_quiz_status = status;
    replies.get_contest = { live: [], upcoming: [], past: [] };
    replies.get_next_level = { next: null };
    show();
    expect(screen.getByTestId('today-daily-loading')).toBeTruthy();
    expect(screen.getByTestId('today-continue-loading')).toBeTruthy();
    await screen.findByTestId('today-daily');
    await screen.findByTestId('today-continue');
    expect(screen.getByTestId('today-streak').dataset.streak).toBe('2');
    expect(screen.getByTestId('today-battle')).toBeTruthy();
    // No contest live or to come: no contest card.
    expect(screen.queryByTestId('today-contest')).toBeNull();
    expect(screen.queryByTestId('today-contest-loading')).toBeNull();
  });

  it('offline, shows the daily quiz the device knows and steps the network cards aside', async () => {
    setOnline(false);
    replies.get_daily_quiz_status = status;
    replies.get_contest = { live: [], upcoming: [], past: [] };
    replies.get_next_level = { next: null };
    show();
    await screen.findByTestId('today-daily');
    await waitFor(() => expect(screen.queryByTestId('today-continue-loading')).toBeNull());
    expect(screen.queryByTestId('today-continue')).toBeNull();
    expect(screen.queryByTestId('today-contest')).toBeNull();
    expect(screen.queryByTestId('today-battle')).toBeNull();
  });

  it('offline with nothing kept, says nothing at all', async () => {
    setOnline(false);
    show();
    await waitFor(() => expect(screen.queryByTestId('home-today')).toBeNull());
  });

  it('a card whose call fails steps aside; the others stay', async () => {
    replies.get_daily_quiz_status = status;
    show();
    await screen.findByTestId('today-daily');
    await waitFor(() => expect(screen.queryByTestId('today-continue-loading')).toBeNull());
    expect(screen.queryByTestId('today-continue')).toBeNull();
    expect(screen.getByTestId('today-battle')).toBeTruthy();
  });

  it('when the network comes back, asks for the daily quiz again and brings the other cards in', async () => {
    setOnline(false);
    replies.get_daily_quiz_status = status;
    replies.get_next_level = { next: null };
    show();
    await screen.findByTestId('today-daily');
    expect(screen.queryByTestId('today-continue')).toBeNull();

    replies.get_daily_quiz_status = { ...status, streak: 5 };
    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    await screen.findByTestId('today-continue');
    expect(screen.getByTestId('today-battle')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('today-streak').dataset.streak).toBe('5'));
  });
});
