import { describe, expect, it } from 'vitest';
import type { RoomState, RoundOpen, ServerMessage } from '../../../core/contract';
import {
  answerPicked,
  battleFollow,
  battleReducer,
  battleUnfollow,
  clockMeasured,
  linkChanged,
  mirrorSaid,
  pickRefused,
  serverSaid,
  type BattleState,
} from './battle-slice';

const ROOM = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const room = (id = ROOM, status: RoomState['status'] = 'playing'): RoomState => ({
  room_id: id,
  kind: 'random',
  status,
  room_code: '',
  owner_id: 1,
  entry_fee: 10,
  category: 'science',
  no_of_que: 3,
  max_players: 2,
  round: 1,
  seats: [],
});

const open = (round: number, id = ROOM): RoundOpen => ({
  room_id: id,
  round,
  question: { id: 100 + round, question: `Q${round}`, question_type: 'mcq', options: [], image: '' },
  opens_at: '2026-01-01T00:00:00.000Z',
  deadline: '2026-01-01T00:00:15.000Z',
});

function run(...messages: ServerMessage[]): BattleState {
  let s = battleReducer(undefined, battleFollow(ROOM));
  for (const m of messages) s = battleReducer(s, serverSaid(m));
  return s;
}

describe('battle slice', () => {
  it('follows one room: messages of another room change nothing', () => {
    const s = run(
      { type: 'room', room: room(OTHER) },
      { type: 'round_open', round: open(1, OTHER) },
      { type: 'answered', room_id: OTHER, round: 1, user_id: 7 },
    );
    expect(s.room).toBeNull();
    expect(s.round).toBeNull();
    expect(s.answered).toEqual([]);
  });

  it('holds a round announced (no question) until its round_open brings the question', () => {
    const ready = {
      room_id: ROOM,
      round: 2,
      opens_at: '2026-01-01T00:00:18.000Z',
      deadline: '2026-01-01T00:00:33.000Z',
    };
    let s = run(
      { type: 'room', room: room() },
      { type: 'round_open', round: open(1) },
      { type: 'round_ready', round: ready },
    );
    expect(s.upcoming).toEqual(ready);
    expect(s.round?.round).toBe(1);
    // A late announcement of an older round, or of another room, changes nothing.
    s = battleReducer(s, serverSaid({ type: 'round_ready', round: { ...ready, round: 1 } }));
    s = battleReducer(s, serverSaid({ type: 'round_ready', round: { ...ready, room_id: OTHER, round: 3 } }));
    expect(s.upcoming).toEqual(ready);
    s = battleReducer(s, serverSaid({ type: 'round_open', round: open(2) }));
    expect(s.round?.question.id).toBe(102);
    // The Firestore document's stale announcement of the open round adds nothing.
    s = battleReducer(s, mirrorSaid([{ type: 'round_ready', round: ready }]));
    expect(s.round?.round).toBe(2);
  });

  it('counts who answered the open round only, once each', () => {
    const s = run(
      { type: 'room', room: room() },
      { type: 'round_open', round: open(1) },
      { type: 'answered', room_id: ROOM, round: 1, user_id: 7 },
      { type: 'answered', room_id: ROOM, round: 1, user_id: 7 },
      { type: 'answered', room_id: ROOM, round: 2, user_id: 8 },
    );
    expect(s.answered).toEqual([7]);
  });

  it('takes one pick per round; a new round clears picks and answers and keeps the last question', () => {
    let s = run({ type: 'room', room: room() }, { type: 'round_open', round: open(1) });
    s = battleReducer(s, answerPicked({ round: 1, answer: 'a' }));
    s = battleReducer(s, answerPicked({ round: 1, answer: 'b' }));
    expect(s.picked).toBe('a');
    s = battleReducer(s, answerPicked({ round: 2, answer: 'c' }));
    expect(s.picked).toBe('a');
    s = battleReducer(
      s,
      serverSaid({
        type: 'round_close',
        round: { room_id: ROOM, round: 1, question_id: 101, answer: 'a', answers: [] },
      }),
    );
    s = battleReducer(s, serverSaid({ type: 'round_open', round: open(2) }));
    expect(s.picked).toBeNull();
    expect(s.answered).toEqual([]);
    expect(s.previous?.question.id).toBe(101);
    // The reveal of round 1 stays through round 2's countdown.
    expect(s.closed?.round).toBe(1);
  });

  it('gives the buttons back when a pick could not be sent', () => {
    let s = run({ type: 'round_open', round: open(1) });
    s = battleReducer(s, answerPicked({ round: 1, answer: 'a' }));
    s = battleReducer(s, pickRefused({ code: 'network', at: 1 }));
    expect(s.picked).toBeNull();
    expect(s.error?.code).toBe('network');
  });

  it('a round open sent again after a reconnect keeps the pick already made', () => {
    let s = run({ type: 'round_open', round: open(1) });
    s = battleReducer(s, answerPicked({ round: 1, answer: 'a' }));
    s = battleReducer(s, serverSaid({ type: 'round_open', round: open(1) }));
    expect(s.picked).toBe('a');
  });

  it('a deleted room has no open round; the result is kept', () => {
    let s = run({ type: 'room', room: room() }, { type: 'round_open', round: open(1) });
    s = battleReducer(s, serverSaid({ type: 'room', room: room(ROOM, 'deleted') }));
    expect(s.round).toBeNull();
    s = battleReducer(s, serverSaid({ type: 'result', result: { room_id: ROOM, standings: [] } }));
    expect(s.result).toEqual({ room_id: ROOM, standings: [] });
  });

  it('after a reconnect, drops a pick the server never confirmed and takes one it did', () => {
    const welcome = { type: 'welcome', user_id: 7, server_time: '2026-01-01T00:00:00.000Z' } as const;
    let s = run(welcome, { type: 'round_open', round: open(1) });
    s = battleReducer(s, answerPicked({ round: 1, answer: 'a' }));
    // The connection drops before the server's "answered": the pick's fate is unknown.
    s = battleReducer(s, serverSaid(welcome));
    expect(s.picked).toBeNull();
    // The snapshot on joining again says the answer got through: the buttons stay off.
    s = battleReducer(s, serverSaid({ type: 'round_open', round: open(1) }));
    s = battleReducer(s, serverSaid({ type: 'answered', room_id: ROOM, round: 1, user_id: 7 }));
    expect(s.picked).toBe('');
    // A confirmed pick survives a later reconnect.
    s = battleReducer(s, serverSaid(welcome));
    expect(s.picked).toBe('');
  });

  it('keeps the link and the clock offset across rooms, and forgets the room on unfollow', () => {
    let s = battleReducer(undefined, linkChanged('open'));
    s = battleReducer(s, clockMeasured(-420));
    s = battleReducer(s, battleFollow(ROOM));
    s = battleReducer(s, serverSaid({ type: 'room', room: room() }));
    s = battleReducer(s, battleFollow(OTHER));
    expect(s).toMatchObject({ link: 'open', clockOffsetMs: -420, roomId: OTHER, room: null });
    s = battleReducer(s, battleUnfollow());
    expect(s).toMatchObject({ link: 'open', clockOffsetMs: -420, roomId: null });
  });

  describe("the room's Firestore document (Firebase mode)", () => {
    const at = (status: RoomState['status'], round: number, seats: RoomState['seats'] = []): RoomState => ({
      ...room(),
      status,
      round,
      seats,
    });
    const seat = (state: 'connected' | 'left') =>
      [
        { slot: 1, user_id: 7, name: 'A', image: '', correct: 0, points: 0, state, is_bot: false },
      ] as RoomState['seats'];
    const close = (round: number) => ({
      room_id: ROOM,
      round,
      question_id: 100 + round,
      answer: 'a',
      answers: [],
    });
    const withLink = (s: BattleState, link: BattleState['link']) => battleReducer(s, linkChanged(link));

    it('moves the room on when it is ahead of the socket: a new round, its close, the result', () => {
      let s = withLink(run({ type: 'room', room: at('playing', 1) }, { type: 'round_open', round: open(1) }), 'open');
      s = battleReducer(
        s,
        mirrorSaid([
          { type: 'round_close', round: close(1) },
          { type: 'room', room: at('playing', 2) },
          { type: 'round_open', round: open(2) },
        ]),
      );
      expect(s.closed?.round).toBe(1);
      expect(s.room?.round).toBe(2);
      expect(s.round?.round).toBe(2);
      expect(s.previous?.round).toBe(1);
      s = battleReducer(s, mirrorSaid([{ type: 'result', result: { room_id: ROOM, standings: [] } }]));
      expect(s.result).not.toBeNull();
    });

    it('never takes the room back, from either path', () => {
      const ahead = run(
        { type: 'room', room: at('playing', 3) },
        { type: 'round_open', round: open(3) },
        { type: 'round_close', round: close(2) },
      );
      const picked = battleReducer(ahead, answerPicked({ round: 3, answer: 'b' }));
      // A snapshot written a moment before the socket's last messages.
      let s = battleReducer(
        picked,
        mirrorSaid([
          { type: 'round_close', round: close(1) },
          { type: 'room', room: at('playing', 2) },
          { type: 'round_open', round: open(2) },
        ]),
      );
      expect(s).toEqual(picked);
      // A socket lagging behind the document: its late messages change nothing either.
      s = battleReducer(s, serverSaid({ type: 'room', room: at('playing', 2) }));
      s = battleReducer(s, serverSaid({ type: 'round_open', round: open(2) }));
      s = battleReducer(s, serverSaid({ type: 'round_close', round: close(1) }));
      expect(s).toEqual(picked);
      expect(s.picked).toBe('b');
    });

    it("takes a seat's change within a round only while the socket is down", () => {
      const base = run({ type: 'room', room: at('playing', 2, seat('connected')) });
      const left = mirrorSaid([{ type: 'room', room: at('playing', 2, seat('left')) }]);
      expect(battleReducer(withLink(base, 'open'), left).room?.seats[0]?.state).toBe('connected');
      expect(battleReducer(withLink(base, 'offline'), left).room?.seats[0]?.state).toBe('left');
      expect(battleReducer(withLink(base, 'connecting'), left).room?.seats[0]?.state).toBe('left');
    });

    it('says nothing of another room, and a finished room stays finished', () => {
      const s = run({ type: 'room', room: at('finished', 3) });
      const other = { ...open(4), room_id: OTHER };
      const after = battleReducer(
        s,
        mirrorSaid([
          { type: 'room', room: at('playing', 3) },
          { type: 'round_open', round: other },
        ]),
      );
      expect(after).toEqual(s);
    });
  });
});
