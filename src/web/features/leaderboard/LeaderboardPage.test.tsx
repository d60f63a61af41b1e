// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaderboardEntry, LeaderboardPage as Board } from '../../../core/contract';
import { makeStore } from '../../app/store';
import '../../lib/i18n';
import LeaderboardPage from './LeaderboardPage';

const entry = (user_id: number, name: string): LeaderboardEntry => ({ user_id, name, profile: '', score: 8, rank: 1 });
const board = (e: LeaderboardEntry): Board => ({ period: 'g', total: 1, rows: [e], me: e });
const reply = (data: unknown) => new Response(JSON.stringify({ error: false, data }), { status: 200 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LeaderboardPage', () => {
  it("keeps the selected tab's rows when an earlier tab's reply comes in last", async () => {
    let answerDaily!: () => void;
    const dailyHeld = new Promise<void>((ok) => (answerDaily = ok));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/get_daily_leaderboard')) {
          await dailyHeld;
          return reply(board(entry(1, 'Stale Daily')));
        }
        return reply(board(entry(2, 'Mona Monthly')));
      }),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <LeaderboardPage />
        </MemoryRouter>
      </Provider>,
    );
    await act(async () => fireEvent.click(screen.getByTestId('leaderboard-monthly')));
    expect((await screen.findByTestId('leaderboard-rows')).textContent).toContain('Mona Monthly');

    await act(async () => {
      answerDaily();
      await dailyHeld;
      await new Promise((ok) => setTimeout(ok, 20));
    });
    expect(screen.getByTestId('leaderboard-rows').textContent).toContain('Mona Monthly');
    expect(document.body.textContent).not.toContain('Stale Daily');
  });

  it('writes a name as the header does (first letter capitalised), whole, not cut short', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(board(entry(3, 'alice testington-longname')))),
    );
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <LeaderboardPage />
        </MemoryRouter>
      </Provider>,
    );
    const row = await screen.findByTestId('leaderboard-row-3');
    expect(row.querySelector('.lb-name-text')!.textContent).toBe('Alice testington-longname');
    expect(row.getAttribute('aria-label') ?? row.querySelector('.lb-name')!.getAttribute('aria-label')).toContain(
      'Alice testington-longname',
    );
  });
});
