import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomQuestions, RoomResult, RoomState, ServerMessage } from '../../core/contract';
import { battleOutcome } from '../../core/rules/battle';
import { sql } from '../db/client';
import { createPlayer, type Player } from '../test-support/factories';
import {
  battleHelpers,
  connectPlayer,
  joinSocket,
  play,
  sleep,
  type Client,
  listenForSockets,
} from '../test-support/battle';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { Battles } from './live-battles';
import { LocalRoomOps } from './room-ops';
import type { RoomEventSink } from './room-event-sink';

let t: TestApp;
let url: string;
beforeAll(async () => {
  // Short rounds and countdowns so that whole battles run in a few seconds.
  t = await buildTestApp({ BATTLE_ROUND_SECONDS: '2', BATTLE_ROUND_DELAY_MS: '150', BATTLE_DB_WORKER: '1' });
  url = await listenForSockets(t);
});
afterAll(() => t.close());

const { api, ok, balance, richPlayer, answerKey } = battleHelpers(() => t);
const connect = (p: Player) => connectPlayer(url, p);

/** No frame before a round closes carries an answer: only round_close frames have one. */
function expectNoEarlyAnswers(c: Client) {
  const opened = new Set<number>();
  for (const raw of c.frames) {
    const m = JSON.parse(raw) as ServerMessage;
    if (m.type === 'round_open') {
      expect(Object.keys(m.round.question).sort()).toEqual(['id', 'image', 'options', 'question', 'question_type']);
      opened.add(m.round.round);
    }
    if (raw.includes('"answer"')) {
      expect(m.type, raw).toBe('round_close');
      if (m.type === 'round_close') expect(opened.has(m.round.round)).toBe(true);
    }
  }
  expect(opened.size).toBeGreaterThan(0);
}

describe('play with a friend', () => {
  it('plays a paid friend room to the result: payouts as battleOutcome says, coins conserved', async () => {
    const a = await richPlayer();
    const b = await richPlayer();
    const before = [await balance(a), await balance(b)];
    const room = await ok<RoomState>(a, 'create_room', {
      language_id: 1,
      room_type: 'friend',
      category: 'science',
      no_of_que: 3,
      entry_fee: 5,
    });
    expect(room).toMatchObject({ kind: 'friend', status: 'waiting', max_players: 2, entry_fee: 5, no_of_que: 3 });
    // The spec's GroupBattle fields, derived from the room.
    expect(room).toMatchObject({ readytoplay: false, totalusers: 1, showScore: false });
    expect(room.room_code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await balance(a)).toBe(before[0]! - 5);
    const joined = await ok<RoomState>(b, 'join_room', { room_code: room.room_code.toLowerCase() });
    expect(joined.seats.map((s) => s.user_id)).toEqual([a.user.id, b.user.id]);
    expect(joined).toMatchObject({ readytoplay: false, totalusers: 2, showScore: false });
    expect(await balance(b)).toBe(before[1]! - 5);

    const ca = await connect(a);
    const cb = await connect(b);
    await joinSocket(ca, room.room_id);
    await joinSocket(cb, room.room_id);
    const key = await answerKey(room.room_id);
    // Before the start no question is listed, not even to members (they come round by round).
    const qs = await api<RoomQuestions>(b, 'get_question_by_room_id', { room_id: room.room_id });
    expect(qs.status).toBe(200);
    expect(qs.body.data.questions).toEqual([]);
    expect(JSON.stringify(qs.body)).not.toContain('"answer"');

    const started = await ok<RoomState>(a, 'start_room', { room_id: room.room_id });
    expect(started).toMatchObject({ status: 'playing', round: 1, readytoplay: true, totalusers: 2, showScore: false });
    const [ra, rb] = await Promise.all([
      play(ca, room.room_id, (q) => key[String(q)]!),
      play(cb, room.room_id, () => 'zz'),
    ]);
    expect(ra.result).toEqual(rb.result);
    const closes = ra.seen.filter((m) => m.type === 'round_close');
    expect(closes.map((m) => m.type === 'round_close' && m.round.round)).toEqual([1, 2, 3]);
    for (const m of closes) if (m.type === 'round_close') expect(m.round.answer).toBe(key[String(m.round.question_id)]);

    const outcome = battleOutcome(
      ra.result.standings.map((s, i) => ({
        id: s.user_id,
        points: s.points,
        correct: s.correct,
        joinedAt: i,
        left: false,
      })),
      { random_battle_entry_fee: 0 },
      { fee: 5, vsBot: false },
    );
    expect(ra.result.standings.map((s) => [s.user_id, s.result, s.payout])).toEqual(
      outcome.players.map((p) => [p.id, p.result, p.payout]),
    );
    expect(ra.result.standings[0]).toMatchObject({ user_id: a.user.id, result: 'win', payout: 10, correct: 3 });
    expect(ra.result.standings[1]).toMatchObject({ user_id: b.user.id, result: 'lose', payout: 0, correct: 0 });

    const after = [await balance(a), await balance(b)];
    expect(after).toEqual([before[0]! + 5, before[1]! - 5]);
    expect(after[0]! + after[1]!).toBe(before[0]! + before[1]!);
    const stored = await t.db.one<{ status: string; result: RoomResult }>(
      sql`SELECT status, result FROM rooms WHERE id = ${room.room_id}::uuid`,
    );
    expect(stored).toMatchObject({ status: 'finished', result: ra.result });
    const payouts = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM coin_ledger
      WHERE op_id = ${`room:${room.room_id}:payout`}`);
    expect(payouts!.n).toBe(1);

    expectNoEarlyAnswers(ca);
    expectNoEarlyAnswers(cb);
    ca.ws.close();
    cb.ws.close();

    // Back after the end (a reload on the result screen): the finished room and its result.
    const back = await connect(b);
    back.send({ type: 'join', room_id: room.room_id });
    expect(await back.next()).toMatchObject({
      type: 'room',
      room: { status: 'finished', readytoplay: false, totalusers: 2, showScore: true },
    });
    expect(await Promise.race([back.next(), sleep(5000).then(() => 'no result within 5 s')])).toEqual({
      type: 'result',
      result: ra.result,
    });
    back.ws.close();
  });

  it('gives the last seat to exactly one of two players racing for it; the other is not charged', async () => {
    const owner = await richPlayer();
    const x = await richPlayer();
    const y = await richPlayer();
    const room = await ok<RoomState>(owner, 'create_room', {
      room_type: 'friend',
      category: 'science',
      no_of_que: 2,
      entry_fee: 4,
    });
    const [bx, by] = [await balance(x), await balance(y)];
    const [rx, ry] = await Promise.all([
      api<RoomState>(x, 'join_room', { room_code: room.room_code }),
      api<RoomState>(y, 'join_room', { room_code: room.room_code }),
    ]);
    expect([rx.status, ry.status].sort()).toEqual([200, 409]);
    const loser = rx.status === 409 ? rx : ry;
    expect(loser.body.code).toBe('room_full');
    expect(loser.body.message).toBe('Room is full.');
    const seats = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM room_players WHERE room_id = ${room.room_id}::uuid`,
    );
    expect(seats!.n).toBe(2);
    const [ax, ay] = [await balance(x), await balance(y)];
    expect([bx - ax, by - ay].sort()).toEqual([0, 4]);
  });

  it('refunds every held fee once when the owner deletes a waiting room', async () => {
    const owner = await richPlayer();
    const guest = await richPlayer();
    const [bo, bg] = [await balance(owner), await balance(guest)];
    const room = await ok<RoomState>(owner, 'create_room', {
      room_type: 'friend',
      category: 'science',
      no_of_que: 2,
      entry_fee: 7,
    });
    await ok(guest, 'join_room', { room_code: room.room_code });
    expect([await balance(owner), await balance(guest)]).toEqual([bo - 7, bg - 7]);
    const guestDelete = await api(guest, 'delete_room', { room_id: room.room_id });
    expect(guestDelete.status).toBe(403);
    const deleted = await ok<RoomState>(owner, 'delete_room', { room_id: room.room_id });
    expect(deleted.status).toBe('deleted');
    await ok(owner, 'delete_room', { room_id: room.room_id });
    expect([await balance(owner), await balance(guest)]).toEqual([bo, bg]);
    const refunds = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM coin_ledger
      WHERE op_id = ${`room:${room.room_id}:refund`}`);
    expect(refunds!.n).toBe(2);
    const late = await richPlayer();
    const r = await api(late, 'join_room', { room_code: room.room_code });
    expect(r.status).toBe(410);
    expect(r.body).toMatchObject({ code: 'room_deleted', message: 'Room is deleted by owner.' });
    expect(await balance(late)).toBe(100 + (await createdCoins()));
  });
});

/** Coins a new account starts with. */
async function createdCoins(): Promise<number> {
  const p = await createPlayer(t.app);
  return balance(p);
}

describe('group battle', () => {
  it('plays four players to the result; the pot is shared by the winners', async () => {
    const players = [await richPlayer(), await richPlayer(), await richPlayer(), await richPlayer()];
    const before = await Promise.all(players.map(balance));
    const room = await ok<RoomState>(players[0]!, 'create_room', {
      room_type: 'group',
      category: 'science',
      no_of_que: 2,
      entry_fee: 3,
      max_players: 4,
    });
    expect(room.max_players).toBe(4);
    for (const p of players.slice(1)) await ok(p, 'join_room', { room_code: room.room_code });
    const full = await api(await richPlayer(), 'join_room', { room_code: room.room_code });
    expect(full.body.code).toBe('room_full');
    const notOwner = await api(players[1]!, 'start_room', { room_id: room.room_id });
    expect(notOwner.status).toBe(403);

    const clients = await Promise.all(players.map(connect));
    for (const c of clients) await joinSocket(c, room.room_id);
    const key = await answerKey(room.room_id);
    await ok(players[0]!, 'start_room', { room_id: room.room_id });
    const runs = await Promise.all(
      clients.map((c, i) =>
        // Two answer right, one wrong, one never (its rounds close at the deadline).
        play(c, room.room_id, (q) => (i < 2 ? key[String(q)]! : i === 2 ? 'zz' : null)),
      ),
    );
    const result = runs[0]!.result;
    for (const r of runs) expect(r.result).toEqual(result);
    expect(result.standings).toHaveLength(4);
    const byUser = new Map(result.standings.map((s) => [s.user_id, s]));
    expect(byUser.get(players[0]!.user.id)).toMatchObject({ rank: 1, result: 'win', payout: 6 });
    expect(byUser.get(players[1]!.user.id)).toMatchObject({ rank: 1, result: 'win', payout: 6 });
    expect(byUser.get(players[2]!.user.id)).toMatchObject({ result: 'lose', payout: 0 });
    expect(byUser.get(players[3]!.user.id)).toMatchObject({ result: 'lose', payout: 0 });
    const after = await Promise.all(players.map(balance));
    expect(after.reduce((x, y) => x + y)).toBe(before.reduce((x, y) => x + y));
    for (const c of clients) {
      expectNoEarlyAnswers(c);
      c.ws.close();
    }
  });
});

describe('bad input', () => {
  it('answers 4xx to bad ids, other players and bad codes', async () => {
    const owner = await richPlayer();
    const stranger = await richPlayer();
    const room = await ok<RoomState>(owner, 'create_room', { room_type: 'friend', category: 'science', no_of_que: 2 });
    for (const action of ['start_room', 'delete_room', 'leave_room', 'get_question_by_room_id']) {
      const bad = await api(owner, action, { room_id: 'not-a-uuid' });
      expect(bad.status, action).toBe(400);
      const other = await api(stranger, action, { room_id: room.room_id });
      expect(other.status, action).toBe(404);
      expect(other.body.code, action).toBe('not_found');
    }
    const unknown = await api(owner, 'get_question_by_room_id', { room_id: randomUUID() });
    expect(unknown.body.code).toBe('not_found');
    for (const code of ['abc', 'ZZZZZZ', '!!!!!!']) {
      const r = await api(stranger, 'join_room', { room_code: code });
      expect(r.status, code).toBe(404);
      expect(r.body).toMatchObject({ code: 'room_code_invalid', message: 'Room code not valid.' });
    }
    for (const fields of [
      { room_type: 'friend', category: 'science', max_players: 3 },
      { room_type: 'group', category: 'science', max_players: 5 },
      { room_type: 'friend', category: 'science', no_of_que: 51 },
      { room_type: 'friend', category: 'science', entry_fee: 1001 },
      { room_type: 'random', category: 'science' },
      { room_type: 'friend', category: 'no-such-category' },
    ]) {
      const r = await api(owner, 'create_room', fields);
      expect(r.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    const onlyOne = await api(owner, 'start_room', { room_id: room.room_id });
    expect(onlyOne.status).toBe(403);
    const poor = await createPlayer(t.app);
    const rich = await richPlayer(2000);
    const paid = await ok<RoomState>(rich, 'create_room', {
      room_type: 'friend',
      category: 'science',
      no_of_que: 2,
      entry_fee: 1000,
    });
    const r = await api(poor, 'join_room', { room_code: paid.room_code });
    expect(r.body.code).toBe('not_enough_coins');
    // A socket cannot listen to a room it has no seat in.
    const c = await connect(stranger);
    c.send({ type: 'join', room_id: room.room_id });
    expect(await c.next()).toMatchObject({ type: 'error', code: 'not_found' });
    c.ws.close();
  });
});

describe('rounds', () => {
  it('closes each round once with several tickers (nodes) sharing the bus', async () => {
    const a = await richPlayer();
    const b = await richPlayer();
    const before = (await balance(a)) + (await balance(b));
    const room = await ok<RoomState>(a, 'create_room', {
      room_type: 'friend',
      category: 'science',
      no_of_que: 3,
      entry_fee: 2,
    });
    await ok(b, 'join_room', { room_code: room.room_code });
    const own = t.app.services.battles;
    const nodes = [1, 2, 3].map(
      () => new Battles(own.setup, new LocalRoomOps(t.db, own.setup), own.bus, t.app.log, own.sinks),
    );
    nodes.forEach((n) => n.start());
    try {
      const [ca, cb] = [await connect(a), await connect(b)];
      await joinSocket(ca, room.room_id);
      await joinSocket(cb, room.room_id);
      const key = await answerKey(room.room_id);
      await ok(a, 'start_room', { room_id: room.room_id });
      // b never answers: every round closes at its deadline, raced for by four tickers.
      const [ra] = await Promise.all([
        play(ca, room.room_id, (q) => key[String(q)]!),
        play(cb, room.room_id, () => null),
      ]);
      const closes = ra.seen.filter((m) => m.type === 'round_close');
      expect(closes.map((m) => m.type === 'round_close' && m.round.round)).toEqual([1, 2, 3]);
      expect(ra.seen.filter((m) => m.type === 'result')).toHaveLength(1);
      expect(ra.result.standings[0]).toMatchObject({ user_id: a.user.id, result: 'win', payout: 4 });
      expect((await balance(a)) + (await balance(b))).toBe(before);
      ca.ws.close();
      cb.ws.close();
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  });

  it('takes one answer per player per round, only while the round is open; a player left alone wins', async () => {
    const a = await richPlayer();
    const b = await richPlayer();
    const room = await ok<RoomState>(a, 'create_room', {
      room_type: 'friend',
      category: 'science',
      no_of_que: 3,
      entry_fee: 5,
    });
    await ok(b, 'join_room', { room_code: room.room_code });
    // Every step below happens within round 1: a long round, so that a loaded machine cannot
    // run past its deadline midway (b's leave ends it at once).
    await t.db.run(sql`UPDATE rooms SET round_seconds = 20 WHERE id = ${room.room_id}::uuid`);
    const ca = await connect(a);
    await joinSocket(ca, room.room_id);
    // b watches: an answer that does not fit the open round is never announced to the others.
    const cb = await connect(b);
    await joinSocket(cb, room.room_id);
    // Before the round opens: its countdown held a minute for this check (the real countdown is
    // short, and a loaded machine could otherwise deliver the answer after it). Its question is
    // not out yet, so the answer carries the question id drawn (read from the database).
    const { setup } = t.app.services.battles;
    const delay = setup.roundDelayMs;
    setup.roundDelayMs = 60_000;
    try {
      await ok(a, 'start_room', { room_id: room.room_id });
    } finally {
      setup.roundDelayMs = delay;
    }
    let m = await ca.next();
    while (m.type !== 'round_ready') m = await ca.next();
    const [qid] = (await t.db.one<{ ids: number[] }>(
      sql`SELECT question_ids AS ids FROM rooms WHERE id = ${room.room_id}::uuid`,
    ))!.ids;
    const answer = { type: 'answer', room_id: room.room_id, round: 1, question_id: qid, answer: 'a' };
    ca.send(answer);
    expect(await ca.next()).toMatchObject({ type: 'error', code: 'operation_not_allowed' });
    await t.db.run(sql`UPDATE rooms SET round_opens_at = now(), round_deadline = now() + interval '20 seconds'
      WHERE id = ${room.room_id}::uuid`);
    while (m.type !== 'round_open') m = await ca.next();
    expect(m.round.question.id).toBe(qid);
    ca.send({ ...answer, round: 2 });
    expect(await ca.next()).toMatchObject({ type: 'error', code: 'operation_not_allowed' });
    ca.send(answer);
    expect(await ca.next()).toMatchObject({ type: 'answered', user_id: a.user.id, round: 1 });
    ca.send({ ...answer, answer: 'b' });
    expect(await ca.next(), ca.frames.slice(-6).join('\n')).toMatchObject({
      type: 'error',
      code: 'operation_not_allowed',
    });
    // The first answer is the one kept, though the second came before its transaction ended.
    const kept = await t.db.one<{ answer: string }>(
      sql`SELECT answer FROM room_answers WHERE room_id = ${room.room_id}::uuid AND user_id = ${a.user.id}`,
    );
    expect(kept?.answer).toBe('a');
    ca.send({ ...answer, question_id: qid! + 1 });
    expect(await ca.next()).toMatchObject({ type: 'error', code: 'operation_not_allowed' });
    ca.send({ ...answer, room_id: randomUUID() });
    expect(await ca.next()).toMatchObject({ type: 'error', code: 'not_found' });
    await sleep(150);
    const announced = cb.frames
      .map((f) => JSON.parse(f) as { type: string; user_id?: number; round?: number })
      .filter((f) => f.type === 'answered');
    expect(announced).toEqual([{ type: 'answered', room_id: room.room_id, round: 1, user_id: a.user.id }]);
    cb.ws.close();
    // A socket joining mid-round (a reload, a reconnect) hears the round and who answered it.
    const again = await connect(a);
    again.send({ type: 'join', room_id: room.room_id });
    // (Room states of b's socket closing may come in between.)
    const before: string[] = [];
    for (let x = await again.next(); !(x.type === 'answered' && x.user_id === a.user.id); x = await again.next())
      before.push(x.type === 'round_open' ? `round_open:${x.round.round}` : x.type);
    expect(before).toContain('room');
    expect(before).toContain('round_open:1');
    again.ws.close();
    const rows = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM room_answers WHERE room_id = ${room.room_id}::uuid`,
    );
    expect(rows!.n).toBe(1);
    // b leaves mid-battle: a is the last one in and takes the pot.
    const left = await ok<RoomState>(b, 'leave_room', { room_id: room.room_id });
    expect(left.seats.find((s) => s.user_id === b.user.id)?.state).toBe('left');
    expect(left.totalusers).toBe(1);
    let result: RoomResult | undefined;
    while (!result) {
      const x = await ca.next();
      if (x.type === 'result') result = x.result;
    }
    expect(result.standings.map((s) => [s.user_id, s.result, s.payout])).toEqual([
      [a.user.id, 'win', 10],
      [b.user.id, 'lose', 0],
    ]);
    ca.ws.close();
  });
});

describe('room event sinks', () => {
  it('hands every room change to each sink in order; a failing sink holds up none of the others', async () => {
    const a = await richPlayer();
    const b = await richPlayer();
    const room = await ok<RoomState>(a, 'create_room', {
      room_type: 'friend',
      category: 'science',
      no_of_que: 2,
      entry_fee: 3,
    });
    await ok(b, 'join_room', { room_code: room.room_code });
    const ca = await connect(a);
    await joinSocket(ca, room.room_id);
    // A second sink beside the bus (as a live sync would be), and one that is down.
    const heard: [string, ServerMessage[]][] = [];
    const recorder: RoomEventSink = {
      publish: async (roomId, events) => void heard.push([roomId, [...events]]),
      publishContest: () => Promise.resolve(),
    };
    const down: RoomEventSink = {
      publish: () => Promise.reject(new Error('sink down')),
      publishContest: () => Promise.reject(new Error('sink down')),
    };
    const own = t.app.services.battles;
    const node = new Battles(own.setup, new LocalRoomOps(t.db, own.setup), own.bus, t.app.log, [
      down,
      recorder,
      ...own.sinks,
    ]);
    const replies: unknown[] = [];
    node.handle(b.user.id, { type: 'leave', room_id: room.room_id }, (m) => replies.push(m));
    // The bus still delivers: a's socket hears b gone from the waiting room.
    const m = await ca.next();
    expect(m).toMatchObject({ type: 'room', room: { room_id: room.room_id, totalusers: 1 } });
    expect(heard).toEqual([[room.room_id, [m]]]);
    for (let i = 0; i < 50 && replies.length === 0; i++) await sleep(10);
    expect(replies).toEqual([{ type: 'room', room: (m as Extract<ServerMessage, { type: 'room' }>).room }]);
    await node.stop();
    ca.ws.close();
  });
});
