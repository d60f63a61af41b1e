import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomQuestions, RoomState } from '../../core/contract';
import { sql } from '../db/client';
import { submitAnswer } from '../domain/battle/rooms';
import { trustEventCounts } from '../domain/trust-events';
import { battleHelpers, connectPlayer, joinSocket, play, listenForSockets } from '../test-support/battle';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Issue 20 §2 for battles: a room's questions go out round by round (never listed ahead, their
// answers only at the close), and an answer faster than the human floor earns nothing.

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp({ BATTLE_ROUND_SECONDS: '2', BATTLE_ROUND_DELAY_MS: '150' });
  url = await listenForSockets(t);
});
afterAll(() => t.close());

const { api, ok, richPlayer, answerKey } = battleHelpers(() => t);

/** A friend room of `n` questions, b seated. */
async function friendRoom(n = 3) {
  const a = await richPlayer();
  const b = await richPlayer();
  const room = await ok<RoomState>(a, 'create_room', { room_type: 'friend', category: 'science', no_of_que: n });
  await ok(b, 'join_room', { room_code: room.room_code });
  return { a, b, room };
}

/** Moves the open round's opening (and its deadline 20 s later) by an SQL interval from now. */
const opensIn = (roomId: string, interval: string) =>
  t.db.run(sql`UPDATE rooms SET round_opens_at = clock_timestamp() + ${interval}::interval,
    round_deadline = clock_timestamp() + ${interval}::interval + interval '20 seconds' WHERE id = ${roomId}::uuid`);

const questionIds = async (roomId: string) =>
  (await t.db.one<{ ids: number[] }>(sql`SELECT question_ids AS ids FROM rooms WHERE id = ${roomId}::uuid`))!.ids;

/** The operator's human floor (system configuration), as the console saves it. */
async function setHumanFloor(ms: number | string) {
  await t.db
    .run(sql`INSERT INTO settings (key, value) VALUES ('system', ${JSON.stringify({ human_floor_ms: ms })}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = settings.value || excluded.value`);
  t.app.services.settings.invalidate();
}

describe('get_question_by_room_id', () => {
  it('lists no question of a room before it starts nor during a round countdown; then only the rounds opened', async () => {
    const { a, b, room } = await friendRoom(3);
    const ids = await questionIds(room.room_id);
    const listed = async (p: Player) => {
      const r = await api<RoomQuestions>(p, 'get_question_by_room_id', { room_id: room.room_id });
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toMatch(/"answer"|answer_key|is_correct/);
      return r.body.data.questions.map((q) => q.id);
    };
    expect(await listed(a)).toEqual([]);
    expect(await listed(b)).toEqual([]);
    await ok(a, 'start_room', { room_id: room.room_id });
    // Round 1 announced, its countdown running: still nothing.
    await opensIn(room.room_id, '10 seconds');
    expect(await listed(b)).toEqual([]);
    await opensIn(room.room_id, '-1 millisecond');
    expect(await listed(b)).toEqual([ids[0]]);
    // Round 2 announced (round 1 closed): round 1's question only, until round 2 opens.
    await t.db.run(sql`UPDATE rooms SET round = 2 WHERE id = ${room.room_id}::uuid`);
    await opensIn(room.room_id, '10 seconds');
    expect(await listed(a)).toEqual([ids[0]]);
    await opensIn(room.room_id, '-1 millisecond');
    expect(await listed(a)).toEqual([ids[0], ids[1]]);
  });

  it("refuses another player's room, unknown rooms and bad, missing, oversized or hostile ids", async () => {
    const { room } = await friendRoom(2);
    const stranger = await richPlayer();
    const other = await api(stranger, 'get_question_by_room_id', { room_id: room.room_id });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('not_found');
    expect(JSON.stringify(other.body)).not.toContain('question');
    const unknown = await api(stranger, 'get_question_by_room_id', { room_id: randomUUID() });
    expect(unknown.status).toBe(404);
    for (const fields of [
      {},
      { room_id: '' },
      { room_id: 'not-a-uuid' },
      { room_id: 'x'.repeat(100_000) },
      { room_id: `${room.room_id}' OR '1'='1` },
      { room_id: [room.room_id] },
      { room_id: { $ne: null } },
      { room_id: 12 },
    ]) {
      const r = await api(stranger, 'get_question_by_room_id', fields);
      expect(r.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(r.body.code).toBe('invalid_input');
    }
  });
});

describe('the human floor', () => {
  it('scores an answer 100 ms after the round opens 0 (not correct for the pot) and records fast_answer', async () => {
    const { a, b, room } = await friendRoom(2);
    await ok(a, 'start_room', { room_id: room.room_id });
    const key = await answerKey(room.room_id);
    const [qid] = await questionIds(room.room_id);
    const { setup } = t.app.services.battles;
    // The round opened 100 ms ago by the database's clock, in the answer's own transaction.
    await t.db.tx(async (tx) => {
      await tx.run(sql`UPDATE rooms SET round_opens_at = clock_timestamp() - interval '100 milliseconds',
        round_deadline = clock_timestamp() + interval '20 seconds' WHERE id = ${room.room_id}::uuid`);
      await submitAnswer(tx, setup, a.user.id, {
        room_id: room.room_id,
        round: 1,
        question_id: qid!,
        answer: key[String(qid)]!,
      });
    });
    const row = await t.db.one<{ points: number; is_correct: boolean; elapsed_ms: number }>(sql`SELECT points,
        is_correct, elapsed_ms FROM room_answers WHERE room_id = ${room.room_id}::uuid AND user_id = ${a.user.id}`);
    expect(row!.elapsed_ms).toBeLessThan(300);
    expect(row).toMatchObject({ points: 0, is_correct: false });
    expect(await trustEventCounts(t.db, a.user.id)).toEqual({ fast_answer: 1 });
    expect(await trustEventCounts(t.db, b.user.id)).toEqual({});
    const ev = await t.db.one<{ ref: string; detail: { mode: string; round: number; floor_ms: number } }>(
      sql`SELECT ref, detail FROM trust_events WHERE user_id = ${a.user.id}`,
    );
    expect(ev).toMatchObject({ ref: `room:${room.room_id}`, detail: { mode: 'battle', round: 1, floor_ms: 300 } });
  });

  it("follows the operator's floor: over a live socket, right answers under it score nothing and the battle is a draw", async () => {
    const { a, b, room } = await friendRoom(2);
    await t.db.run(sql`UPDATE rooms SET entry_fee = 0 WHERE id = ${room.room_id}::uuid`);
    const key = await answerKey(room.room_id);
    const [ca, cb] = [await connectPlayer(url, a), await connectPlayer(url, b)];
    await joinSocket(ca, room.room_id);
    await joinSocket(cb, room.room_id);
    // Floor 60 s: every answer of this battle is "too fast"; both answer right.
    await setHumanFloor(60_000);
    try {
      await ok(a, 'start_room', { room_id: room.room_id });
      const [ra] = await Promise.all([
        play(ca, room.room_id, (q) => key[String(q)]!),
        play(cb, room.room_id, (q) => key[String(q)]!),
      ]);
      for (const s of ra.result.standings) expect(s).toMatchObject({ points: 0, correct: 0, result: 'draw' });
      expect(await trustEventCounts(t.db, a.user.id)).toEqual({ fast_answer: 2 });
      expect(await trustEventCounts(t.db, b.user.id)).toEqual({ fast_answer: 2 });
    } finally {
      await setHumanFloor(300);
      ca.ws.close();
      cb.ws.close();
    }
  });

  it('takes a stored floor that is not a number as unset (the default), never a failed answer', async () => {
    await setHumanFloor('fast');
    try {
      const { a, room } = await friendRoom(2);
      await ok(a, 'start_room', { room_id: room.room_id });
      const [qid] = await questionIds(room.room_id);
      await opensIn(room.room_id, '-50 milliseconds');
      await t.db.tx((tx) =>
        submitAnswer(tx, t.app.services.battles.setup, a.user.id, {
          room_id: room.room_id,
          round: 1,
          question_id: qid!,
          answer: 'a',
        }),
      );
      expect(await trustEventCounts(t.db, a.user.id)).toEqual({ fast_answer: 1 });
    } finally {
      await setHumanFloor(300);
    }
  });
});
