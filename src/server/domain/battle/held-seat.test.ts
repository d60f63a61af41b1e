import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldSeat, RoomState, ServerMessage } from '../../../core/contract';
import { sql } from '../../db/client';
import { battleHelpers, connectPlayer, joinSocket, listenForSockets, until } from '../../test-support/battle';
import { call } from '../../test-support/client';
import { createPlayer, type Player } from '../../test-support/factories';
import { buildTestApp, type TestApp } from '../../test-support/test-app';
import { dissolveAbandoned } from './presence';

// Issue 21 §5: a player who closed the tab mid-battle finds it again. get_active_battle answers
// the caller's own seat still held (connected, or disconnected within the reconnect grace) and
// nothing once the seat is left or the room is over. Time past the grace is made by moving the
// seat's drop back in the database, not by waiting.

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp({ BATTLE_DB_WORKER: '1' });
  url = await listenForSockets(t);
});
afterAll(() => t.close());

const { ok, richPlayer } = battleHelpers(() => t);
const grace = () => t.app.services.battles.setup.rules.reconnect_grace_seconds;

async function held(p: Player, fields: Record<string, unknown> = {}): Promise<HeldSeat | null> {
  return (await ok<{ seat: HeldSeat | null }>(p, 'get_active_battle', fields)).seat;
}

async function friendRoom(owner: Player, joiner: Player, fee = 5) {
  const room = await ok<RoomState>(owner, 'create_room', {
    room_type: 'friend',
    category: 'science',
    no_of_que: 3,
    entry_fee: fee,
  });
  await ok(joiner, 'join_room', { room_code: room.room_code });
  return room;
}

const seatIs =
  (userId: number, state: string) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: 'room' }> =>
    m.type === 'room' && m.room.seats.some((s) => s.user_id === userId && s.state === state);

describe('get_active_battle', () => {
  it('answers null without a battle, and refuses a caller without a token', async () => {
    const p = await createPlayer(t.app);
    expect(await held(p)).toBeNull();
    const anon = await call(t.app, 'get_active_battle', {});
    expect(anon.status).toBe(401);
    const bad = await call(t.app, 'get_active_battle', {}, { token: 'x'.repeat(64) });
    expect(bad.status).toBe(401);
  });

  it('answers each player their own seat of a waiting room; another user’s ids change nothing', async () => {
    const [owner, joiner, other] = [await richPlayer(), await richPlayer(), await richPlayer()];
    const room = await friendRoom(owner, joiner);
    const mine = await held(joiner);
    expect(mine).toMatchObject({
      room_id: room.room_id,
      kind: 'friend',
      status: 'waiting',
      room_code: room.room_code,
      seat_state: 'connected',
      grace_ends_at: null,
    });
    expect(Date.parse(mine!.server_time)).toBeGreaterThan(0);
    expect((await held(owner))?.room_id).toBe(room.room_id);
    // Someone else naming the room or its players is still answered about their own seat: none.
    expect(await held(other, { room_id: room.room_id, user_id: joiner.user.id, id: owner.user.id })).toBeNull();
    // Hostile and oversized extras are ignored, never an error of ours or another's seat.
    expect(await held(other, { user_id: "1' OR 1=1 --", room_id: 'x'.repeat(10_000) })).toBeNull();
  });

  it('a playing room whose tab was closed: held within the grace, with its end; nothing after it', async () => {
    const [owner, joiner] = [await richPlayer(), await richPlayer()];
    const room = await friendRoom(owner, joiner);
    const co = await connectPlayer(url, owner);
    const cj = await connectPlayer(url, joiner);
    await joinSocket(co, room.room_id);
    await joinSocket(cj, room.room_id);
    await ok(owner, 'start_room', { room_id: room.room_id });
    cj.ws.close();
    await until(co, seatIs(joiner.user.id, 'disconnected'));
    const seat = await held(joiner);
    expect(seat).toMatchObject({ room_id: room.room_id, status: 'playing', seat_state: 'disconnected' });
    const left = Date.parse(seat!.grace_ends_at!) - Date.parse(seat!.server_time);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(grace() * 1000);
    // The grace runs out (the drop moved back past it): the seat is no longer held.
    await t.db.run(sql`UPDATE room_players SET disconnected_at = now() - make_interval(secs => ${grace() + 1}::float8)
      WHERE room_id = ${room.room_id}::uuid AND user_id = ${joiner.user.id}`);
    expect(await held(joiner)).toBeNull();
    co.ws.close();
  });

  it('nothing once the seat is left, the room finished, deleted or dissolved', async () => {
    const [a, b, c, d] = [await richPlayer(), await richPlayer(), await richPlayer(), await richPlayer()];
    // Left.
    const r1 = await friendRoom(a, b);
    await ok(b, 'leave_room', { room_id: r1.room_id });
    expect(await held(b)).toBeNull();
    // Deleted by its owner (fees refunded).
    await ok(a, 'delete_room', { room_id: r1.room_id });
    expect(await held(a)).toBeNull();
    // Finished.
    const r2 = await friendRoom(c, d);
    await t.db.run(sql`UPDATE rooms SET status = 'finished', finished_at = now() WHERE id = ${r2.room_id}::uuid`);
    expect(await held(c)).toBeNull();
    expect(await held(d)).toBeNull();
    // Dissolved: every seat of a waiting room gone past the grace.
    const r3 = await friendRoom(a, b);
    expect((await held(a))?.room_id).toBe(r3.room_id);
    await t.db.run(sql`UPDATE room_players SET state = 'disconnected',
        disconnected_at = now() - make_interval(secs => ${grace() + 1}::float8)
      WHERE room_id = ${r3.room_id}::uuid`);
    // One call dissolves one room, the oldest abandoned first (this file's earlier rooms may be
    // older), and this node's ticker may be dissolving one meanwhile: called until none is left,
    // then the room is gone once whichever took it has committed.
    while (await t.db.tx((tx) => dissolveAbandoned(tx, t.app.services.battles.setup)));
    const status = async () =>
      (await t.db.one<{ status: string }>(sql`SELECT status FROM rooms WHERE id = ${r3.room_id}::uuid`))?.status;
    await expect.poll(status, { timeout: 5000 }).toBe('deleted');
    expect(await held(a)).toBeNull();
    expect(await held(b)).toBeNull();
  });
});
