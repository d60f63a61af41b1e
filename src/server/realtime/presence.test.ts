import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BattleStatistic, RoomState, ServerMessage } from '../../core/contract';
import { battleOutcome } from '../../core/rules/battle';
import { sql } from '../db/client';
import { TestClock } from '../domain/clock';
import {
  battleHelpers,
  connectPlayer,
  expectNoAnswerBeforeClose,
  joinSocket,
  play,
  sleep,
  tickerPass,
  HUMAN_ANSWER_MS,
  until,
  type Client,
  listenForSockets,
} from '../test-support/battle';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Seats that drop and come back (reconnect grace), rooms nobody waits in any more, and the
// spec's set_battle_statistics (answered from the server's own record).

let t: TestApp;
let url: string;
// The battles' clock: it runs, and the tests move it past a grace or a deadline instead of waiting.
const clock = new TestClock(new Date(), { running: true });
beforeAll(async () => {
  t = await buildTestApp({ BATTLE_ROUND_SECONDS: '2', BATTLE_ROUND_DELAY_MS: '100', BATTLE_DB_WORKER: '1' }, { clock });
  url = await listenForSockets(t);
});
afterAll(() => t.close());

const { api, ok, balance, richPlayer, answerKey } = battleHelpers(() => t);
const connect = (p: Player) => connectPlayer(url, p);
const match = { language_id: 1, category: 'science' };

type Of<K extends ServerMessage['type']> = Extract<ServerMessage, { type: K }>;
const is =
  <K extends ServerMessage['type']>(type: K, f: (m: Of<K>) => boolean = () => true) =>
  (m: ServerMessage): m is Of<K> =>
    m.type === type && f(m as Of<K>);
/** A room message showing the user's seat in that state. */
const seatIs = (userId: number, state: string) =>
  is('room', (m) => m.room.seats.some((s) => s.user_id === userId && s.state === state));

async function seatState(roomId: string, userId: number) {
  const r = await t.db.one<{ state: string; disconnected: boolean }>(sql`SELECT state,
      disconnected_at IS NOT NULL AS disconnected
    FROM room_players WHERE room_id = ${roomId}::uuid AND user_id = ${userId}`);
  return r;
}

async function roomStatus(roomId: string) {
  return (await t.db.one<{ status: string }>(sql`SELECT status FROM rooms WHERE id = ${roomId}::uuid`))!.status;
}

/** A started friend room of a and b (fee held from both), both sockets joined. */
async function friendBattle(fee: number, no_of_que: number) {
  const a = await richPlayer();
  const b = await richPlayer();
  const before = [await balance(a), await balance(b)];
  const room = await ok<RoomState>(a, 'create_room', {
    room_type: 'friend',
    category: 'science',
    no_of_que,
    entry_fee: fee,
  });
  await ok(b, 'join_room', { room_code: room.room_code });
  const [ca, cb] = [await connect(a), await connect(b)];
  await joinSocket(ca, room.room_id);
  await joinSocket(cb, room.room_id);
  const key = await answerKey(room.room_id);
  await ok(a, 'start_room', { room_id: room.room_id });
  return { a, b, ca, cb, room, key, before };
}

/** Waits until the socket closed (the server has seen it go). */
async function closeSocket(c: Client) {
  await new Promise<void>((done) => {
    c.ws.once('close', () => done());
    c.ws.close();
  });
}

/** Waits until the socket has received everything the server sent it before now (a ping's pong). */
async function drained(c: Client) {
  c.send({ type: 'ping', t: 1 });
  await until(c, is('pong'));
}

async function waitFor(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(25);
  }
}

describe('reconnect grace', () => {
  it('keeps a dropped seat through the grace: the player comes back, answers the open round, the battle ends normally', async () => {
    const { a, b, ca, cb, room, key, before } = await friendBattle(5, 3);
    const open = await until(cb, is('round_open'));
    expect(open.round.round).toBe(1);
    await closeSocket(cb);
    // The other player hears the seat drop; the database has it with its time.
    await until(ca, seatIs(b.user.id, 'disconnected'));
    expect(await seatState(room.room_id, b.user.id)).toEqual({ state: 'disconnected', disconnected: true });

    // Still dropped, b can answer the round now open (from a socket that has not joined yet).
    const cb2 = await connect(b);
    clock.follow(Date.parse(open.round.opens_at) + HUMAN_ANSWER_MS);
    cb2.send({
      type: 'answer',
      room_id: room.room_id,
      round: 1,
      question_id: open.round.question.id,
      answer: key[String(open.round.question.id)],
    });
    await until(
      ca,
      is('answered', (m) => m.user_id === b.user.id && m.round === 1),
    );
    expect((await seatState(room.room_id, b.user.id))!.state).toBe('disconnected');

    // Joining again connects the seat: everyone hears it, b gets the room and the open round.
    cb2.send({ type: 'join', room_id: room.room_id });
    await until(ca, seatIs(b.user.id, 'connected'));
    await until(cb2, seatIs(b.user.id, 'connected'));
    expect(await seatState(room.room_id, b.user.id)).toEqual({ state: 'connected', disconnected: false });

    const [ra, rb] = await Promise.all([
      play(ca, room.room_id, () => 'zz', { clock }),
      // Round 1 is answered already (a second answer would be refused).
      play(cb2, room.room_id, (q) => (q === open.round.question.id ? null : key[String(q)]!), { clock }),
    ]);
    expect(ra.result).toEqual(rb.result);
    expect(ra.result.standings.map((s) => [s.user_id, s.result, s.correct, s.payout])).toEqual([
      [b.user.id, 'win', 3, 10],
      [a.user.id, 'lose', 0, 0],
    ]);
    expect(ra.seen.filter((m) => m.type === 'round_close')).toHaveLength(3);
    expect([await balance(a), await balance(b)]).toEqual([before[0]! - 5, before[1]! + 5]);
    const keys = new Map([[room.room_id, key]]);
    for (const c of [ca, cb, cb2]) expectNoAnswerBeforeClose(c.frames, keys);
    ca.ws.close();
    cb2.ws.close();
  });

  it('makes a seat dropped past the grace a leaver: the other wins the pot, coins conserved', async () => {
    const { reconnect_grace_seconds: grace } = t.app.services.battles.setup.rules;
    const { a, b, ca, cb, room, key, before } = await friendBattle(6, 5);
    await until(cb, is('round_open'));
    await closeSocket(cb);
    await until(ca, seatIs(b.user.id, 'disconnected'));
    // a plays on. Two seconds short of the grace b's seat is still held; past it, b has left
    // and the battle ends at once.
    const playing = play(ca, room.room_id, (q) => key[String(q)]!, { clock });
    clock.advance(grace * 1000 - 2000);
    await tickerPass(t);
    expect((await seatState(room.room_id, b.user.id))!.state).toBe('disconnected');
    expect(await roomStatus(room.room_id)).toBe('playing');
    clock.advance(3000);
    const { result, seen } = await playing;
    expect(seen.some(seatIs(b.user.id, 'left'))).toBe(true);
    expect(seen.filter((m) => m.type === 'round_close').length).toBeLessThan(5);
    const outcome = battleOutcome(
      [
        { id: a.user.id, points: 0, correct: 0, joinedAt: 0, left: false },
        { id: b.user.id, points: 0, correct: 0, joinedAt: 1, left: true },
      ],
      { random_battle_entry_fee: 0 },
      { fee: 6, vsBot: false },
    );
    expect(result.standings.map((s) => [s.user_id, s.result, s.payout])).toEqual(
      outcome.players.map((p) => [p.id, p.result, p.payout]),
    );
    expect(result.standings[0]).toMatchObject({ user_id: a.user.id, result: 'win', payout: 12 });
    expect((await seatState(room.room_id, b.user.id))!.state).toBe('left');
    expect(await roomStatus(room.room_id)).toBe('finished');
    const after = [await balance(a), await balance(b)];
    expect(after).toEqual([before[0]! + 6, before[1]! - 6]);
    // Coming back after the end changes nothing: the seat stays left, the room finished.
    const cb2 = await connect(b);
    await joinSocket(cb2, room.room_id);
    expect((await seatState(room.room_id, b.user.id))!.state).toBe('left');
    expectNoAnswerBeforeClose(ca.frames, new Map([[room.room_id, key]]));
    ca.ws.close();
    cb2.ws.close();
  });

  it('keeps the seat connected while another socket of the player is still in the room', async () => {
    const { a, b, ca, cb, room } = await friendBattle(0, 2);
    const cb2 = await connect(b);
    await joinSocket(cb2, room.room_id);
    await closeSocket(cb);
    await sleep(300);
    expect((await seatState(room.room_id, b.user.id))!.state).toBe('connected');
    // A seat can also be left on purpose: the other player wins at once.
    cb2.send({ type: 'leave', room_id: room.room_id });
    const r = await until(ca, is('result'));
    expect(r.result.standings[0]).toMatchObject({ user_id: a.user.id, result: 'win' });
    ca.ws.close();
    cb2.ws.close();
  });
});

describe('deleting a room while it plays', () => {
  it('refunds every fee once and stops the rounds', async () => {
    const players = [await richPlayer(), await richPlayer(), await richPlayer()];
    const before = await Promise.all(players.map(balance));
    const room = await ok<RoomState>(players[0]!, 'create_room', {
      room_type: 'group',
      category: 'science',
      no_of_que: 3,
      entry_fee: 4,
      max_players: 3,
    });
    for (const p of players.slice(1)) await ok(p, 'join_room', { room_code: room.room_code });
    const clients = await Promise.all(players.map(connect));
    for (const c of clients) await joinSocket(c, room.room_id);
    await ok(players[0]!, 'start_room', { room_id: room.room_id });
    await until(clients[1]!, is('round_open'));
    expect((await api(players[1]!, 'delete_room', { room_id: room.room_id })).status).toBe(403);
    const deleted = await ok<RoomState>(players[0]!, 'delete_room', { room_id: room.room_id });
    expect(deleted.status).toBe('deleted');
    for (const c of clients)
      await until(
        c,
        is('room', (m) => m.room.status === 'deleted'),
      );
    await ok(players[0]!, 'delete_room', { room_id: room.room_id });
    expect(await Promise.all(players.map(balance))).toEqual(before);
    const rows = await t.db.rows<{ op_id: string; n: number }>(sql`SELECT op_id, count(*)::int AS n FROM coin_ledger
      WHERE ref = ${room.room_id} GROUP BY op_id ORDER BY op_id`);
    expect(rows).toEqual([
      { op_id: `room:${room.room_id}:fee`, n: 3 },
      { op_id: `room:${room.room_id}:refund`, n: 3 },
    ]);
    // No round closes after the deletion, and nobody can answer: past every round's deadline,
    // the ticker sends nothing.
    clock.advance(3 * (t.app.services.battles.setup.rules.round_seconds * 1000 + 100));
    await tickerPass(t);
    for (const c of clients) {
      await drained(c);
      const after = c.frames.map((f) => JSON.parse(f) as ServerMessage);
      const at = after.findIndex((m) => m.type === 'room' && m.room.status === 'deleted');
      expect(after.slice(at).filter((m) => m.type === 'round_close' || m.type === 'result')).toEqual([]);
      c.ws.close();
    }
    expect(await roomStatus(room.room_id)).toBe('deleted');
  });

  const refunds = async (roomId: string) =>
    (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM coin_ledger
      WHERE op_id = ${`room:${roomId}:refund`}`))!.n;

  it("refuses an owner who has left: no refunds, the others play on and the pot has the owner's stake", async () => {
    const players = [await richPlayer(), await richPlayer(), await richPlayer()];
    const before = await Promise.all(players.map(balance));
    const room = await ok<RoomState>(players[0]!, 'create_room', {
      room_type: 'group',
      category: 'science',
      no_of_que: 2,
      entry_fee: 4,
      max_players: 3,
    });
    for (const p of players.slice(1)) await ok(p, 'join_room', { room_code: room.room_code });
    const clients = await Promise.all(players.map(connect));
    for (const c of clients) await joinSocket(c, room.room_id);
    const key = await answerKey(room.room_id);
    await ok(players[0]!, 'start_room', { room_id: room.room_id });
    await until(clients[0]!, is('round_open'));
    await ok(players[0]!, 'leave_room', { room_id: room.room_id });
    const r = await api(players[0]!, 'delete_room', { room_id: room.room_id });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('operation_not_allowed');
    expect(await roomStatus(room.room_id)).toBe('playing');
    expect(await refunds(room.room_id)).toBe(0);
    const [won] = await Promise.all([
      play(clients[1]!, room.room_id, (q) => key[String(q)]!, { clock }),
      play(clients[2]!, room.room_id, () => 'zz', { clock }),
    ]);
    expect(won.result.standings.find((x) => x.user_id === players[1]!.user.id)).toMatchObject({
      result: 'win',
      payout: 12,
    });
    expect(await Promise.all(players.map(balance))).toEqual([before[0]! - 4, before[1]! + 8, before[2]! - 4]);
    for (const c of clients) c.ws.close();
  });

  it('refuses once a round has closed, and for a started friend battle', async () => {
    const players = [await richPlayer(), await richPlayer()];
    const group = await ok<RoomState>(players[0]!, 'create_room', {
      room_type: 'group',
      category: 'science',
      no_of_que: 3,
      entry_fee: 4,
      max_players: 2,
    });
    await ok(players[1]!, 'join_room', { room_code: group.room_code });
    const clients = await Promise.all(players.map(connect));
    for (const c of clients) await joinSocket(c, group.room_id);
    await ok(players[0]!, 'start_room', { room_id: group.room_id });
    // Round 1 closes at its deadline (nobody answers): the scores are out.
    await until(clients[0]!, is('round_open'));
    clock.advance(t.app.services.battles.setup.rules.round_seconds * 1000);
    await until(clients[0]!, is('round_close'));
    const late = await api(players[0]!, 'delete_room', { room_id: group.room_id });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('room_not_waiting');
    expect(await roomStatus(group.room_id)).toBe('playing');
    expect(await refunds(group.room_id)).toBe(0);
    for (const c of clients) c.ws.close();

    // A paid 1v1 friend battle plays to its result once started, even in its first round.
    const { a, ca, cb, room } = await friendBattle(5, 2);
    await until(ca, is('round_open'));
    const duel = await api(a, 'delete_room', { room_id: room.room_id });
    expect(duel.status).toBe(409);
    expect(duel.body.code).toBe('room_not_waiting');
    expect(await roomStatus(room.room_id)).toBe('playing');
    expect(await refunds(room.room_id)).toBe(0);
    ca.ws.close();
    cb.ws.close();
  });
});

describe('abandoned waiting rooms', () => {
  const age = (roomId: string, seconds: number) =>
    t.db.run(sql`UPDATE rooms SET created_at = ${clock.sql()} - make_interval(secs => ${seconds}::float8)
      WHERE id = ${roomId}::uuid`);

  it('never matches a stale random room or one whose creator dropped; dissolves the stale one with its fee back', async () => {
    const { search_seconds: search, reconnect_grace_seconds: grace } = t.app.services.battles.setup.rules;
    const a = await richPlayer();
    const startA = await balance(a);
    const stale = await ok<RoomState>(a, 'get_random_questions', match);
    const ca = await connect(a);
    await joinSocket(ca, stale.room_id);
    // Past the search time (and its margin): nobody is seated against it.
    await age(stale.room_id, search + 10);
    const b = await richPlayer();
    const fresh = await ok<RoomState>(b, 'get_random_questions', match);
    expect(fresh.room_id).not.toBe(stale.room_id);
    expect(fresh.status).toBe('waiting');
    expect(await roomStatus(stale.room_id)).toBe('waiting');
    // Past the search time and the grace: the ticker dissolves it, the fee comes back once.
    await age(stale.room_id, search + grace + 1);
    await until(
      ca,
      is('room', (m) => m.room.room_id === stale.room_id && m.room.status === 'deleted'),
    );
    expect(await balance(a)).toBe(startA);
    await tickerPass(t);
    const refunds = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE op_id = ${`room:${stale.room_id}:refund`}`,
    );
    expect(refunds!.n).toBe(1);
    expect(await balance(a)).toBe(startA);

    // b's creator socket drops: b's room is not matched until b is back.
    const cb = await connect(b);
    await joinSocket(cb, fresh.room_id);
    await closeSocket(cb);
    await waitFor(async () => (await seatState(fresh.room_id, b.user.id))!.state === 'disconnected');
    const c = await richPlayer();
    const other = await ok<RoomState>(c, 'get_random_questions', match);
    expect(other.room_id).not.toBe(fresh.room_id);
    expect(other.status).toBe('waiting');
    const cb2 = await connect(b);
    await joinSocket(cb2, fresh.room_id);
    expect((await seatState(fresh.room_id, b.user.id))!.state).toBe('connected');
    const d = await richPlayer();
    const matched = await ok<RoomState>(d, 'get_random_questions', match);
    expect(matched).toMatchObject({ room_id: fresh.room_id, status: 'playing' });
    await ok(c, 'get_random_questions', { match_id: other.room_id, destroy_match: 1 });
    for (const x of [ca, cb2]) x.ws.close();
  });

  it("refunds a player's own stale room before a new search", async () => {
    const a = await richPlayer();
    const start = await balance(a);
    const old = await ok<RoomState>(a, 'get_random_questions', match);
    await age(old.room_id, t.app.services.battles.setup.rules.search_seconds + 10);
    const fresh = await ok<RoomState>(a, 'get_random_questions', match);
    expect(fresh.room_id).not.toBe(old.room_id);
    expect(await roomStatus(old.room_id)).toBe('deleted');
    expect(await balance(a)).toBe(start - 10);
    await ok(a, 'get_random_questions', { match_id: fresh.room_id, destroy_match: 1 });
    expect(await balance(a)).toBe(start);
  });

  it('dissolves a friend room whose every seat dropped past the grace, and one waiting over two hours', async () => {
    const owner = await richPlayer();
    const guest = await richPlayer();
    const start = [await balance(owner), await balance(guest)];
    const room = await ok<RoomState>(owner, 'create_room', { room_type: 'friend', category: 'science', entry_fee: 3 });
    await ok(guest, 'join_room', { room_code: room.room_code });
    const [co, cg] = [await connect(owner), await connect(guest)];
    await joinSocket(co, room.room_id);
    await joinSocket(cg, room.room_id);
    await closeSocket(cg);
    await until(co, seatIs(guest.user.id, 'disconnected'));
    // One seat still there: the room stays (the guest's drop is long past the grace).
    await t.db.run(sql`UPDATE room_players SET disconnected_at = ${clock.sql()} - interval '1 hour'
      WHERE room_id = ${room.room_id}::uuid AND state = 'disconnected'`);
    await tickerPass(t);
    expect(await roomStatus(room.room_id)).toBe('waiting');
    await closeSocket(co);
    await waitFor(async () => (await seatState(room.room_id, owner.user.id))!.state === 'disconnected');
    await tickerPass(t);
    expect(await roomStatus(room.room_id)).toBe('waiting');
    await t.db.run(sql`UPDATE room_players SET disconnected_at = ${clock.sql()} - interval '1 hour'
      WHERE room_id = ${room.room_id}::uuid AND state = 'disconnected'`);
    await waitFor(async () => (await roomStatus(room.room_id)) === 'deleted');
    expect([await balance(owner), await balance(guest)]).toEqual(start);

    const group = await ok<RoomState>(owner, 'create_room', { room_type: 'group', category: 'science', entry_fee: 2 });
    await ok(guest, 'join_room', { room_code: group.room_code });
    // Just short of two hours it waits on; past them it is dissolved.
    await age(group.room_id, 2 * 3600 - 60);
    await tickerPass(t);
    expect(await roomStatus(group.room_id)).toBe('waiting');
    clock.advance(61_000);
    await waitFor(async () => (await roomStatus(group.room_id)) === 'deleted');
    expect([await balance(owner), await balance(guest)]).toEqual(start);
  });

  it('frees the seat of a guest gone past the grace when the owner starts, with the fee back', async () => {
    const owner = await richPlayer();
    const [g1, g2] = [await richPlayer(), await richPlayer()];
    const start = await balance(g1);
    const room = await ok<RoomState>(owner, 'create_room', {
      room_type: 'group',
      category: 'science',
      entry_fee: 3,
      no_of_que: 1,
    });
    for (const g of [g1, g2]) await ok(g, 'join_room', { room_code: room.room_code });
    const c1 = await connect(g1);
    await joinSocket(c1, room.room_id);
    await closeSocket(c1);
    await waitFor(async () => (await seatState(room.room_id, g1.user.id))!.state === 'disconnected');
    await t.db.run(sql`UPDATE room_players SET disconnected_at = ${clock.sql()} - interval '1 hour'
      WHERE room_id = ${room.room_id}::uuid AND user_id = ${g1.user.id}`);
    const started = await ok<RoomState>(owner, 'start_room', { room_id: room.room_id });
    expect(started.seats.map((s) => s.user_id)).toEqual([owner.user.id, g2.user.id]);
    expect(await balance(g1)).toBe(start);
  });
});

describe('set_battle_statistics', () => {
  it("answers the server's record of the pair's last battle and ignores the client's figures", async () => {
    const { a, b, ca, cb, room, key } = await friendBattle(0, 1);
    await Promise.all([
      play(ca, room.room_id, (q) => key[String(q)]!, { clock }),
      play(cb, room.room_id, () => 'zz', { clock }),
    ]);
    const stranger = await richPlayer();
    const written = () =>
      t.db.one<{
        n: number;
      }>(sql`SELECT (SELECT count(*) FROM rooms WHERE owner_id IN (${a.user.id}, ${b.user.id}))::int
        + (SELECT count(*) FROM coin_ledger WHERE user_id IN (${a.user.id}, ${b.user.id}))::int
        + (SELECT count(*) FROM room_players WHERE user_id IN (${a.user.id}, ${b.user.id}))::int AS n`);
    const before = await written();
    // b claims to have won: the answer is the room's result, b lost.
    const claim = { user_id1: a.user.id, user_id2: b.user.id, winner_id: b.user.id, is_drawn: 0 };
    const theirs = await ok<BattleStatistic>(b, 'set_battle_statistics', claim);
    expect(theirs).toMatchObject({ room_id: room.room_id, opponent_id: a.user.id, result: 'lose', kind: 'friend' });
    const mine = await ok<BattleStatistic>(a, 'set_battle_statistics', { ...claim, is_drawn: 1 });
    expect(mine).toMatchObject({ room_id: room.room_id, opponent_id: b.user.id, result: 'win' });
    const stats = await ok<BattleStatistic[]>(b, 'get_battle_statistics', {});
    expect(stats.find((s) => s.room_id === room.room_id)).toEqual(theirs);
    expect(await written()).toEqual(before);

    // Another pair: forbidden; no battle between them: not found.
    const other = await api(stranger, 'set_battle_statistics', claim);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('forbidden');
    const none = await api(stranger, 'set_battle_statistics', { user_id1: stranger.user.id, user_id2: a.user.id });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('not_found');
    for (const fields of [
      {},
      { user_id1: a.user.id },
      { user_id1: 'x', user_id2: b.user.id },
      { user_id1: a.user.id, user_id2: 1.5 },
      { user_id1: a.user.id, user_id2: -3 },
      { user_id1: a.user.id, user_id2: a.user.id },
      { user_id1: a.user.id, user_id2: b.user.id, winner_id: 'me' },
      { user_id1: a.user.id, user_id2: b.user.id, is_drawn: 'maybe' },
      { user_id1: a.user.id, user_id2: b.user.id, winner_id: -1 },
      { user_id1: [a.user.id], user_id2: b.user.id },
    ]) {
      const r = await api(a, 'set_battle_statistics', fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.code, JSON.stringify(fields)).toBe('invalid_input');
    }
    ca.ws.close();
    cb.ws.close();
  });
});

describe('hostile socket input', () => {
  it("answers errors to bad room ids and other players' rooms, and changes no seat", async () => {
    const { a, b, ca, cb, room } = await friendBattle(0, 2);
    const stranger = await richPlayer();
    const cs = await connect(stranger);
    for (const m of [
      { type: 'join', room_id: 'not-a-uuid' },
      { type: 'join', room_id: randomUUID() },
      { type: 'join', room_id: room.room_id },
      { type: 'leave', room_id: room.room_id },
      { type: 'answer', room_id: room.room_id, round: 1, question_id: 1, answer: 'a' },
      { type: 'join', room_id: `${room.room_id}'; DROP TABLE rooms; --` },
    ]) {
      cs.send(m);
      const e = await until(cs, is('error'), { errors: true });
      expect(['invalid_input', 'not_found'], JSON.stringify(m)).toContain(e.code);
    }
    await closeSocket(cs);
    await sleep(200);
    for (const p of [a, b]) expect((await seatState(room.room_id, p.user.id))!.state).toBe('connected');
    expect(await seatState(room.room_id, stranger.user.id)).toBeUndefined();
    ca.ws.close();
    cb.ws.close();
  });
});
