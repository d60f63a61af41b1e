// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../core/contract';
import '../lib/i18n';
import { loggedIn } from './events';
import { isPlayScreen } from './play-screen';
import { makeStore } from './store';
import { TabBar } from './TabBar';

afterEach(cleanup);

function at(entry: string | { pathname: string; state: unknown }, signedIn = true) {
  const store = makeStore();
  if (signedIn) store.dispatch(loggedIn({ user: { id: 1, name: 'Ada', coins: 5 } as UserRecord, token: 't' }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <TabBar />
      </MemoryRouter>
    </Provider>,
  );
}

const current = () =>
  screen
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.dataset.testid);

describe('the bottom tab bar', () => {
  it('has home, battles, leaderboard and profile, each with a label and a link', () => {
    at('/');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.dataset.testid)).toEqual(['tab-home', 'tab-battles', 'tab-leaderboard', 'tab-profile']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/random-battle', '/leaderboard', '/profile']);
    expect(links.every((a) => a.textContent!.trim().length > 0)).toBe(true);
  });

  it.each([
    ['/', 'tab-home'],
    ['/random-battle', 'tab-battles'],
    ['/group-battle', 'tab-battles'],
    ['/leaderboard', 'tab-leaderboard'],
    ['/profile/wallet', 'tab-profile'],
  ])('marks the current tab on %s (and only it)', (path, tab) => {
    at(path);
    expect(current()).toEqual([tab]);
  });

  it('marks no tab on a page none of them stands for', () => {
    at('/quiz-zone');
    expect(current()).toEqual([]);
    expect(screen.getByTestId('tab-bar')).toBeTruthy();
  });

  it('offers a guest the login instead of the profile', () => {
    at('/auth/sign-up', false);
    expect(screen.queryByTestId('tab-profile')).toBeNull();
    expect(current()).toEqual(['tab-login']);
  });

  it.each([
    '/quiz-zone/sports/football/2',
    '/guess-the-word/animals/farm/1',
    '/fun-and-learn/science/space/3/play',
    '/random-battle/abc123',
    '/group-battle/ROOM42',
    '/exam-module/7',
    '/contest-play/3',
    '/play-bookmark-questions',
  ])('is hidden during the play at %s', (path) => {
    at(path);
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });

  it('is hidden while a start screen runs its play (the run in the history state), shown on the start screen', () => {
    at({ pathname: '/quiz-play/daily-quiz-dashboard', state: { run: { key: 'k' } } });
    expect(screen.queryByTestId('tab-bar')).toBeNull();
    cleanup();
    at('/quiz-play/daily-quiz-dashboard');
    expect(screen.getByTestId('tab-bar')).toBeTruthy();
  });
});

describe('isPlayScreen', () => {
  it.each([
    ['/quiz-zone', false],
    ['/quiz-zone/sports', false],
    ['/quiz-zone/sports/football', false],
    ['/exam-module/7/result', false],
    ['/contest-play/3/leaderboard', false],
    ['/fun-and-learn/science/space/3', false],
    ['/profile', false],
    ['/quiz-zone/sports/football/2', true],
    ['/exam-module/7', true],
  ])('%s → %s', (path, play) => {
    expect(isPlayScreen(path, null)).toBe(play);
  });
});
