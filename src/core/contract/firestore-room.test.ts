import { describe, expect, it } from 'vitest';
import { roomDocMessages, type RoomDoc, type RoomSeen } from './firestore-room';

const ROOM = '0b5a4a53-6bd3-4a5e-9f0e-3f6f1f6b7c11';
const seat = (slot: number, points = 0) => ({
  slot,
  user_id: slot,
  name: `P${slot}`,
  image: '',
  correct: points / 4,
  points,
  state: 'connected' as const,
  is_bot: false,
});
const question = { id: 7, question: 'Q?', question_type: 'mcq' as const, options: [{ id: 'a', text: 'A' }], image: '' };
const doc = (o: Partial<RoomDoc> = {}): RoomDoc => ({
  kind: 'friend',
  status: 'playing',
  round: 1,
  no_of_que: 2,
  entry_fee: 0,
  max_players: 2,
  category: 'science',
  owner_id: 1,
  seats: [seat(1), seat(2)],
  open_round: { round: 1, opens_at: '2026-11-24T10:00:00.000Z', deadline: '2026-11-24T10:00:15.000Z', question },
  last_close: null,
  result: null,
  ...o,
});

describe('the room document as live messages (Firebase mode)', () => {
  it('gives the state and the open round once, then only what changed', () => {
    const seen: RoomSeen = {};
    const first = roomDocMessages(ROOM, doc(), seen);
    expect(first.map((m) => m.type)).toEqual(['room', 'round_open']);
    expect(first[0]).toMatchObject({ room: { room_id: ROOM, status: 'playing', readytoplay: true, totalusers: 2 } });
    expect(first[1]).toMatchObject({ round: { room_id: ROOM, round: 1, question: { id: 7 } } });
    // The same document again (a write of a seat's mark): nothing new.
    expect(roomDocMessages(ROOM, doc(), seen)).toEqual([]);

    const closed = doc({
      round: 2,
      seats: [seat(1, 4), seat(2)],
      last_close: { round: 1, question_id: 7, answer: 'a', answers: [] },
      open_round: { round: 2, opens_at: '2026-11-24T10:00:16.000Z', deadline: '2026-11-24T10:00:31.000Z', question },
    });
    expect(roomDocMessages(ROOM, closed, seen).map((m) => m.type)).toEqual(['room', 'round_close', 'round_open']);

    const result = { room_id: ROOM, standings: [] };
    const done = doc({ status: 'finished', open_round: null, result, last_close: closed.last_close });
    const end = roomDocMessages(ROOM, done, seen);
    expect(end.map((m) => m.type)).toEqual(['room', 'result']);
    expect(end[0]).toMatchObject({ room: { showScore: true, readytoplay: false } });
  });

  it('announces a round from next_round without a question, then opens it from open_round', () => {
    const seen: RoomSeen = {};
    const times = { opens_at: '2026-11-24T10:00:16.000Z', deadline: '2026-11-24T10:00:31.000Z' };
    const ready = roomDocMessages(ROOM, doc({ open_round: null, next_round: { round: 1, ...times } }), seen);
    expect(ready.map((m) => m.type)).toEqual(['room', 'round_ready']);
    expect(JSON.stringify(ready)).not.toContain('question');
    expect(roomDocMessages(ROOM, doc({ open_round: null, next_round: { round: 1, ...times } }), seen)).toEqual([]);
    const open = roomDocMessages(ROOM, doc({ next_round: null, open_round: { round: 1, ...times, question } }), seen);
    expect(open.map((m) => m.type)).toEqual(['round_open']);
    // A stale announcement of a round already open is not said again.
    expect(roomDocMessages(ROOM, doc({ next_round: { round: 1, ...times } }), seen)).toEqual([]);
  });

  it('gives nothing for a missing or incomplete document, whatever it holds', () => {
    for (const d of [undefined, {}, { kind: 'friend' }, { kind: 'friend', status: 'playing', seats: 'x' }] as RoomDoc[])
      expect(roomDocMessages(ROOM, d, {})).toEqual([]);
  });

  it('never takes the room id from the document', () => {
    const [room] = roomDocMessages(ROOM, { ...doc(), room_id: 'another' }, {});
    expect(room).toMatchObject({ room: { room_id: ROOM } });
  });
});
