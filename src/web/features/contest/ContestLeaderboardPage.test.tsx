// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContestBoard, ContestBoardEntry } from '../../../core/contract';
import { paths } from '../../app/paths';
import { stubApi } from '../../test-support/api-stub';
import { renderWithProviders, signedIn } from '../../test-support/render';
import ContestLeaderboardPage from './ContestLeaderboardPage';

/** The live channel as the test drives it: the page's last handler, and whether it watches. */
const feed = vi.hoisted(() => ({ onBoard: (_b: unknown) => undefined as void, enabled: false }));
vi.mock('./contest-feed', () => ({
  useContestBoardFeed: (_id: number, enabled: boolean, onBoard: (b: unknown) => void) => {
    feed.enabled = enabled;
    feed.onBoard = onBoard;
    return 'open';
  },
}));

const ME = 7;
const entry = (user_id: number, rank: number, over: Partial<ContestBoardEntry> = {}): ContestBoardEntry => ({
  rank,
  user_id,
  name: `Player ${user_id}`,
  profile: '',
  score: 100 - rank,
  correct_answers: 3,
  prize: 0,
  ...over,
});
/** A ranking of `n` players, user ids 101, 102, … in rank order. */
const ranking = (n: number) => Array.from({ length: n }, (_, i) => entry(101 + i, i + 1));
const board = (entries: ContestBoardEntry[], over: Partial<ContestBoard> = {}): ContestBoard => ({
  contest_id: 5,
  name: 'Weekly Cup',
  status: 'live',
  closed: false,
  total: entries.length,
  entries,
  me: null,
  ...over,
});
/** get_contest_leaderboard over `list`: the call's page of it, and the player's own row. */
const pagesOf =
  (list: ContestBoardEntry[], over: Partial<ContestBoard> = {}) =>
  (fields: FormData) => {
    const offset = Number(fields.get('offset'));
    return { ...board(list, over), entries: list.slice(offset, offset + Number(fields.get('limit'))) };
  };

const rows = () => screen.queryAllByTestId('contest-board-row').map((r) => Number(r.dataset.userId));
const myRow = () => screen.queryByTestId('contest-my-row');
const players = () => within(screen.getByTestId('contest-board-status')).getByText(/players?$/).textContent;
const leaderboardCalls = (calls: ReturnType<typeof stubApi>) =>
  calls
    .filter((c) => c.action === 'get_contest_leaderboard')
    .map((c) => [c.fields.get('offset'), c.fields.get('limit')]);
const openBoard = () =>
  renderWithProviders(<ContestLeaderboardPage />, {
    route: paths.contestLeaderboard(5),
    path: '/contest-play/:id/leaderboard',
    preloadedState: signedIn({ id: ME }),
  });
const live = (b: ContestBoard) => act(() => feed.onBoard(b));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ContestLeaderboardPage', () => {
  it('lists the first page with the player count and own row, and the next on "Show more" until the board is whole', async () => {
    const list = ranking(25);
    const calls = stubApi({ get_contest_leaderboard: pagesOf(list, { me: entry(ME, 22, { name: 'Ada' }) }) });
    openBoard();

    await screen.findAllByTestId('contest-board-row');
    expect(rows()).toEqual(list.slice(0, 20).map((e) => e.user_id));
    expect(players()).toBe('25 players');
    expect(within(myRow()!).getByTestId('contest-board-name').textContent).toBe('Ada');
    expect(myRow()!.textContent).toContain('#22');
    expect(feed.enabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByTestId('contest-board-more')));

    await vi.waitFor(() => expect(rows()).toHaveLength(25));
    expect(rows().at(-1)).toBe(125);
    expect(screen.queryByTestId('contest-board-more')).toBeNull();
    expect(leaderboardCalls(calls)).toEqual([
      ['0', '20'],
      ['20', '20'],
    ]);
  });

  it('replaces the top rows with a live message and raises the total, "Show more" then offered', async () => {
    const first = ranking(20);
    let list = first;
    const calls = stubApi({ get_contest_leaderboard: (fields) => pagesOf(list)(fields) });
    openBoard();
    await screen.findAllByTestId('contest-board-row');
    expect(screen.queryByTestId('contest-board-more')).toBeNull();

    // Player 99 joins at the top: the message holds the top twenty of 21, the last one pushed out.
    list = [entry(99, 1), ...first.map((e) => ({ ...e, rank: e.rank + 1 }))];
    live(board(list.slice(0, 20), { total: 21 }));

    await vi.waitFor(() => expect(rows()).toEqual([99, ...first.slice(0, 19).map((e) => e.user_id)]));
    expect(players()).toBe('21 players');
    await act(async () => fireEvent.click(screen.getByTestId('contest-board-more')));

    await vi.waitFor(() => expect(rows()).toHaveLength(21));
    expect(rows().at(-1)).toBe(120);
    expect(screen.queryByTestId('contest-board-more')).toBeNull();
    // The player is not in the message's top: their own row was asked for besides.
    expect(leaderboardCalls(calls)).toEqual([
      ['0', '20'],
      ['0', '1'],
      ['20', '20'],
    ]);
  });

  it('takes the own row from a live top that holds it, else asks for it, at most once a second', async () => {
    const list = ranking(30);
    let mine = entry(ME, 25, { score: 10 });
    const calls = stubApi({ get_contest_leaderboard: (fields) => ({ ...pagesOf(list)(fields), me: mine }) });
    openBoard();
    await screen.findAllByTestId('contest-board-row');
    expect(myRow()!.textContent).toContain('#25');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

    live(board([entry(ME, 1, { score: 200 }), ...list.slice(0, 19)], { total: 31 }));
    await vi.waitFor(() => expect(myRow()!.textContent).toContain('#1'));
    expect(leaderboardCalls(calls)).toHaveLength(1);

    // Pushed out of the top: asked for at once, then once more for the messages of the next second.
    mine = entry(ME, 21, { score: 50 });
    live(board(list.slice(0, 20), { total: 31 }));
    await vi.waitFor(() => expect(myRow()!.textContent).toContain('#21'));
    mine = entry(ME, 23, { score: 40 });
    live(board(list.slice(0, 20), { total: 31 }));
    live(board(list.slice(0, 20), { total: 31 }));
    expect(leaderboardCalls(calls)).toEqual([
      ['0', '20'],
      ['0', '1'],
    ]);
    await act(async () => vi.advanceTimersByTime(1000));

    await vi.waitFor(() => expect(myRow()!.textContent).toContain('#23'));
    expect(leaderboardCalls(calls)).toEqual([
      ['0', '20'],
      ['0', '1'],
      ['0', '1'],
    ]);
    expect(rows()).toHaveLength(20);
  });

  it('shows the final board with its prizes once a message says it closed, and stops watching', async () => {
    const list = ranking(2);
    let mine: ContestBoardEntry | null = null;
    const calls = stubApi({ get_contest_leaderboard: (fields) => ({ ...pagesOf(list)(fields), me: mine }) });
    openBoard();
    await screen.findAllByTestId('contest-board-row');
    expect(screen.getByText('You have not played this contest.')).toBeTruthy();

    mine = entry(ME, 3, { prize: 5 });
    const final = [entry(101, 1, { prize: 30 }), entry(102, 2), entry(ME, 3, { prize: 5 })];
    live(board(final, { closed: true, status: 'past' }));

    await vi.waitFor(() => expect(screen.getByTestId('contest-board-status').dataset.status).toBe('closed'));
    const prizes = within(screen.getByTestId('contest-board')).getAllByTestId('contest-board-prize');
    expect(prizes.map((p) => p.textContent)).toEqual(['Prize:  30', 'Prize:  5']);
    expect(feed.enabled).toBe(false);
    // A closed board's own row is asked for, with its prize, even when the message holds it.
    await vi.waitFor(() => expect(within(myRow()!).getByTestId('contest-board-prize').textContent).toBe('Prize:  5'));
    expect(leaderboardCalls(calls)).toEqual([
      ['0', '20'],
      ['0', '1'],
    ]);
  });
});
