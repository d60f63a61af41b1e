// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoomResult, RoomState, RoundClose } from '../../../core/contract';
import '../../lib/i18n';
import { languagesReducer } from '../languages/languages-slice';
import { BattleResult, type LastRound } from './BattleResult';
import { BattlePlay } from './BattlePlay';
import { battleFollow, battleReducer, linkChanged } from './battle-slice';

// Issue 22 §16: the last round's answer is revealed on the result, a draw's stake back is not
// "won", and only a paid battle warns that a leaver's fee stays in the pot.

const ROOM = '22222222-2222-4222-8222-222222222222';
const seat = (slot: number, user_id: number, name: string) => ({
  slot,
  user_id,
  name,
  image: '',
  correct: 1,
  points: 10,
  state: 'connected' as const,
  is_bot: false,
});
const room = (o: Partial<RoomState> = {}): RoomState => ({
  room_id: ROOM,
  kind: 'friend',
  status: 'finished',
  room_code: 'ABC123',
  owner_id: 1,
  entry_fee: 10,
  category: 'science',
  no_of_que: 3,
  max_players: 2,
  round: 3,
  seats: [seat(1, 1, 'Ann'), seat(2, 2, 'Ben')],
  ...o,
});
const question = {
  id: 7,
  question: 'Which planet is red?',
  question_type: 'mcq' as const,
  options: [
    { id: 'a', text: 'Venus' },
    { id: 'b', text: 'Mars' },
  ],
  image: '',
};
const close: RoundClose = {
  room_id: ROOM,
  round: 3,
  question_id: 7,
  answer: 'b',
  answers: [
    { user_id: 1, answer: 'a', correct: false, points: 0 },
    { user_id: 2, answer: 'b', correct: true, points: 10 },
  ],
};
const draw: RoomResult = {
  room_id: ROOM,
  standings: [
    { user_id: 1, rank: 1, points: 10, correct: 1, result: 'draw', payout: 10 },
    { user_id: 2, rank: 1, points: 10, correct: 1, result: 'draw', payout: 10 },
  ],
};

const store = () => configureStore({ reducer: { auth: (s = { token: null }) => s, languages: languagesReducer } });

function showResult(r: RoomState, result: RoomResult | null, last: LastRound | null) {
  render(
    <Provider store={store()}>
      <MemoryRouter>
        <BattleResult room={r} result={result} me={1} last={last} />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('BattleResult', () => {
  it("reveals the last round's right answer and this player's wrong pick above the result", () => {
    showResult(room(), draw, { close, question });
    expect(screen.getByTestId('battle-reveal')).toBeTruthy();
    expect(screen.getByTestId('battle-verdict').textContent).toContain('Wrong');
    expect(screen.getByTestId('battle-option-b').className).toBe('option correct');
    expect(screen.getByTestId('battle-option-a').className).toBe('option incorrect');
    expect(screen.queryByTestId('next-in')).toBeNull();
    expect(screen.getByTestId('battle-result')).toBeTruthy();
  });

  it('shows no reveal when the page never saw the last round close (opened after the end)', () => {
    showResult(room(), draw, null);
    expect(screen.queryByTestId('battle-reveal')).toBeNull();
  });

  it("says a draw's payout is the stake back, not coins won", () => {
    showResult(room(), draw, null);
    expect(screen.getByTestId('battle-coins').textContent).toBe('Your 10-coin stake is back.');
    cleanup();
    const won: RoomResult = {
      room_id: ROOM,
      standings: [
        { user_id: 1, rank: 1, points: 20, correct: 2, result: 'win', payout: 20 },
        { user_id: 2, rank: 2, points: 10, correct: 1, result: 'lose', payout: 0 },
      ],
    };
    showResult(room(), won, null);
    // Coins won count up; screen readers are given the final sentence only.
    expect(screen.getByTestId('battle-coins').querySelector('.sr-only')?.textContent).toBe('+20 coins');
  });

  it('puts the players on the podium in rank order, each with their points', () => {
    const four = room({
      max_players: 4,
      seats: [seat(1, 1, 'Ann'), seat(2, 2, 'Ben'), seat(3, 3, 'Cat'), seat(4, 4, 'Dov')],
    });
    const result: RoomResult = {
      room_id: ROOM,
      standings: [
        { user_id: 3, rank: 1, points: 30, correct: 3, result: 'win', payout: 40 },
        { user_id: 1, rank: 2, points: 20, correct: 2, result: 'lose', payout: 0 },
        { user_id: 4, rank: 3, points: 10, correct: 1, result: 'lose', payout: 0 },
        { user_id: 2, rank: 4, points: 0, correct: 0, result: 'lose', payout: 0 },
      ],
    };
    showResult(four, result, null);
    const places = screen.getByTestId('podium').querySelectorAll('li');
    expect([...places].map((li) => li.getAttribute('data-testid'))).toEqual(['standing-3', 'standing-1', 'standing-4']);
    expect(places[0]!.className).toContain('place-1');
    expect(places[0]!.textContent).toContain('Cat');
    expect(places[0]!.textContent).toContain('30 pts');
    // The fourth is listed below the podium.
    expect(screen.getByTestId('standing-2').closest('.battle-standings')).not.toBeNull();
  });
});

describe('BattlePlay, leaving', () => {
  function showPlay(r: RoomState) {
    const battle = [battleFollow(ROOM), linkChanged('open')].reduce(battleReducer, undefined as never);
    render(
      <Provider store={store()}>
        <MemoryRouter>
          <BattlePlay battle={battle} room={r} me={1} />
        </MemoryRouter>
      </Provider>,
    );
  }

  it.each([
    ['a bot battle', { kind: 'bot' as const, entry_fee: 0 }, 'Leave the battle? You lose this battle.'],
    ['a free friend battle', { entry_fee: 0 }, 'Leave the battle? You lose this battle.'],
    ['a paid battle', { entry_fee: 10 }, 'Leave the battle? Your entry fee stays in the pot and you lose this battle.'],
  ])('warns about the pot only in a paid battle: %s', (_name, o, text) => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    showPlay(room({ status: 'playing', ...o }));
    screen.getByTestId('leave-battle').click();
    expect(confirm).toHaveBeenCalledWith(text);
  });
});
