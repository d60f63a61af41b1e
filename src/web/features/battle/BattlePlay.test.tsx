// @vitest-environment jsdom
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoomState } from '../../../core/contract';
import '../../lib/i18n';
import { languagesReducer } from '../languages/languages-slice';
import {
  battleAnswer,
  battleFollow,
  battleReducer,
  linkChanged,
  mirrorChanged,
  serverSaid,
  type BattleState,
} from './battle-slice';
import { BattlePlay } from './BattlePlay';

const ROOM = '11111111-1111-4111-8111-111111111111';
const seat = (slot: number, user_id: number, name: string) => ({
  slot,
  user_id,
  name,
  image: '',
  correct: 0,
  points: 0,
  state: 'connected' as const,
  is_bot: false,
});
const room: RoomState = {
  room_id: ROOM,
  kind: 'friend',
  status: 'playing',
  room_code: 'ABC123',
  owner_id: 1,
  entry_fee: 0,
  category: 'science',
  no_of_que: 3,
  max_players: 2,
  round: 1,
  seats: [seat(1, 1, 'Ann'), seat(2, 2, 'Ben')],
};

function show(battle: BattleState) {
  const store = configureStore({ reducer: { auth: (s = { token: 't' }) => s, languages: languagesReducer } });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <BattlePlay battle={battle} room={room} me={1} />
      </MemoryRouter>
    </Provider>,
  );
}

const state = (link: BattleState['link'], mirror: BattleState['mirror']) =>
  [battleFollow(ROOM), linkChanged(link), mirrorChanged(mirror)].reduce(battleReducer, undefined as never);

afterEach(cleanup);

describe('BattlePlay, connection lost', () => {
  it('says the battle is still followed live when the Firestore document is (Firebase mode)', () => {
    show(state('offline', 'live'));
    expect(screen.getByTestId('battle-offline').textContent).toBe(
      'Connection lost. Reconnecting… The battle is still followed live; you can answer once you are back.',
    );
  });

  it('says it is reconnecting otherwise, and nothing while connected', () => {
    show(state('connecting', 'unreachable'));
    expect(screen.getByTestId('battle-offline').textContent).toBe('Connection lost. Reconnecting…');
    cleanup();
    show(state('open', 'live'));
    expect(screen.queryByTestId('battle-offline')).toBeNull();
  });
});

describe('BattlePlay, rounds revealed as they open', () => {
  const times = (fromNowMs: number) => ({
    opens_at: new Date(Date.now() + fromNowMs).toISOString(),
    deadline: new Date(Date.now() + fromNowMs + 15_000).toISOString(),
  });
  const said = (s: BattleState, m: Parameters<typeof serverSaid>[0]) => battleReducer(s, serverSaid(m));

  it("counts down to a round announced without its question, then shows the question once it's sent", () => {
    let s = said(state('open', 'off'), { type: 'round_ready', round: { room_id: ROOM, round: 1, ...times(2500) } });
    show(s);
    expect(screen.getByTestId('ready-count').textContent).toBe('3');
    expect(screen.queryByRole('heading')).toBeNull();
    cleanup();
    const question = { id: 9, question: 'Which planet?', question_type: 'mcq' as const, options: [], image: '' };
    s = said(s, { type: 'round_open', round: { room_id: ROOM, round: 1, question, ...times(-10) } });
    show(s);
    expect(screen.queryByTestId('ready-count')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Which planet?');
  });

  it("answers by key, says once the opponent has answered, then the round's verdict (issue 23)", () => {
    const question = {
      id: 9,
      question: 'Which planet?',
      question_type: 'mcq' as const,
      options: [
        { id: 'a', text: 'Mars' },
        { id: 'b', text: 'Venus' },
      ],
      image: '',
    };
    let s = said(state('open', 'off'), {
      type: 'round_open',
      round: { room_id: ROOM, round: 1, question, ...times(-10) },
    });
    const sent: unknown[] = [];
    const record: Middleware = () => (next) => (action) => {
      sent.push(action);
      return next(action);
    };
    const store = configureStore({
      reducer: { auth: (x = { token: 't' }) => x, languages: languagesReducer },
      middleware: (d) => d().concat(record),
    });
    const ui = (b: BattleState) => (
      <Provider store={store}>
        <MemoryRouter>
          <BattlePlay battle={b} room={room} me={1} />
        </MemoryRouter>
      </Provider>
    );
    const { rerender } = render(ui(s));
    const announcer = () => screen.getByTestId('announcer').textContent;
    expect(announcer()).toBe('');
    s = said(s, { type: 'answered', room_id: ROOM, round: 1, user_id: 2 });
    rerender(ui(s));
    expect(announcer()).toBe('Opponent answered.');
    // The key press is this player's answer, dispatched as a tap on the option is.
    expect(screen.getByTestId('battle-option-b').getAttribute('aria-keyshortcuts')).toBe('2 B');
    fireEvent.keyDown(document.body, { key: '2', code: 'Digit2' });
    expect(sent).toContainEqual(battleAnswer({ round: 1, question_id: 9, answer: 'b' }));
    s = said(s, {
      type: 'round_close',
      round: {
        room_id: ROOM,
        round: 1,
        question_id: 9,
        answer: 'a',
        answers: [
          { user_id: 1, answer: 'b', correct: false, points: 0 },
          { user_id: 2, answer: 'a', correct: true, points: 10 },
        ],
      },
    });
    rerender(ui(s));
    expect(announcer()).toBe('Wrong');
    expect(screen.getByTestId('battle-option-b').textContent).toContain('✗');
  });
});
