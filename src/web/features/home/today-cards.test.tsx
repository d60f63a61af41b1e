// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContestSummary, NextLevel } from '../../../core/contract';
import '../../lib/i18n';
import { ContestCard, ContinueCard, DailyCard, nextContest } from './today-cards';

afterEach(cleanup);

const show = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const go = (id: string) => screen.getByTestId(id).getAttribute('href');

describe('the daily quiz card', () => {
  it('invites to play when today is not played yet, with the streak', () => {
    show(<DailyCard status={{ date: '2026-11-27', played: false, result: null, streak: 0 }} />);
    expect(screen.getByTestId('today-daily-state').dataset.played).toBe('false');
    expect(screen.getByTestId('today-daily-state').textContent).toBe('Not played yet today');
    expect(screen.getByTestId('today-streak').textContent).toBe('Start a streak today');
    expect(screen.getByTestId('today-daily-go').textContent).toBe('Play');
    expect(go('today-daily-go')).toBe('/quiz-play/daily-quiz-dashboard');
  });

  it("says played, today's result and a one-day streak once played", () => {
    show(
      <DailyCard
        status={{ date: '2026-11-27', played: true, result: { correct: 8, total: 10, coins: 4, score: 32 }, streak: 1 }}
      />,
    );
    expect(screen.getByTestId('today-daily-state').textContent).toBe('Played today · 8 of 10');
    expect(screen.getByTestId('today-streak').textContent).toBe('Streak: 1 day');
    expect(screen.getByTestId('today-daily-go').textContent).toBe("See today's result");
  });
});

function contest(o: Partial<ContestSummary>): ContestSummary {
  return {
    id: 1,
    name: 'Friday cup',
    status: 'upcoming',
    starts_at: '2026-11-28T18:00:00Z',
    ends_at: '2026-11-28T20:00:00Z',
    ...o,
  } as ContestSummary;
}

describe('the contest card', () => {
  it('picks a live contest first, else the soonest to start, else none', () => {
    const later = contest({ id: 2, starts_at: '2026-12-01T10:00:00Z' });
    const sooner = contest({ id: 3, starts_at: '2026-11-28T10:00:00Z' });
    const live = contest({ id: 4, status: 'live' });
    expect(nextContest([live], [later, sooner])?.id).toBe(4);
    expect(nextContest([], [later, sooner])?.id).toBe(3);
    expect(nextContest([], [])).toBeNull();
  });

  it('shows a live contest with its end and a Play into it', () => {
    show(<ContestCard contest={contest({ id: 9, status: 'live' })} />);
    expect(screen.getByTestId('today-contest-status').textContent).toBe('Live');
    expect(screen.getByTestId('today-contest').textContent).toMatch(/Ends .*2026/);
    expect(go('today-contest-go')).toBe('/contest-play/9');
  });

  it('shows an upcoming contest with its start and the list of contests', () => {
    show(<ContestCard contest={contest({ id: 9 })} />);
    expect(screen.getByTestId('today-contest-status').textContent).toBe('Upcoming');
    expect(screen.getByTestId('today-contest').textContent).toMatch(/Starts .*2026/);
    expect(go('today-contest-go')).toBe('/contest-play');
  });
});

const next: NextLevel = {
  category: 'sports',
  subcategory: 'football',
  category_name: 'Sports',
  subcategory_name: 'Football',
  level: 2,
  unlocked: true,
  cleared: 1,
  max_level: 5,
};

describe('the continue card', () => {
  it('plays the next level of the subcategory last played', () => {
    show(<ContinueCard next={next} />);
    expect(screen.getByTestId('today-continue').textContent).toContain('Sports · Football');
    expect(screen.getByTestId('today-continue-level').textContent).toBe('Level 2 of 5');
    expect(go('today-continue-go')).toBe('/quiz-zone/sports/football/2');
  });

  it('opens the level map when every level is cleared', () => {
    show(<ContinueCard next={{ ...next, level: null, cleared: 5 }} />);
    expect(screen.getByTestId('today-continue-level').textContent).toBe('All 5 levels cleared.');
    expect(go('today-continue-go')).toBe('/quiz-zone/sports/football');
  });

  it('sends a player who never played to the quiz zone', () => {
    show(<ContinueCard next={null} />);
    expect(go('today-continue-go')).toBe('/quiz-zone');
  });
});
