import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomQuestions, RoomState, ServerMessage } from '../../core/contract';
import { sql } from '../db/client';
import { submitAnswer } from '../domain/battle/answers';
import { TestClock } from '../domain/clock';
import { trustEventCounts } from '../domain/trust-events';
import {
  battleHelpers,
  connectPlayer,
  expectNoAnswerBeforeClose,
  HUMAN_ANSWER_MS,
  joinSocket,
  listenForSockets,
  play,
  tickerPass,
  until,
} from '../test-support/battle';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Issue 20 §2 for battles: a room's questions go out round by round (never listed ahead, their
// answers only at the close), and an answer faster than the human floor earns nothing.

const ROUND_MS = 2000;
const COUNTDOWN_MS = 150;
// The battles' clock stands still: a countdown ends, a round opens or closes, and an answer is
// given so long after the opening, exactly when the test moves it.
const clock = new TestClock();
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp(
    { BATTLE_ROUND_SECONDS: String(ROUND_MS / 1000), BATTLE_ROUND_DELAY_MS: String(COUNTDOWN_MS) },
    { clock },
  );
  url = await listenForSockets(t);
});
afterAll(() => t.close());

const { api, ok, richPlayer, answerKey } = battleHelpers(() => t);

/** A friend room of `n` questions, b seated. */
/** A friend room of `n` questions, b seated (with the given entry fee, else the default). */
async function friendRoom(n = 3, entryFee?: number) {
  const a = await richPlayer();
  const b = await richPlayer();
  const room = await ok<RoomState>(a, 'create_room', {
    room_type: 'friend',
    category: 'science',
    no_of_que: n,
    ...(entryFee === undefined ? {} : { entry_fee: entryFee }),
  });
  await ok(b, 'join_room', { room_code: room.room_code });
  return { a, b, room };
}

const questionIds = async (roomId: string) =>
  (await t.db.one<{ ids: number[] }>(sql`SELECT question_ids AS ids FROM rooms WHERE id = ${roomId}::uuid`))!.ids;

const isReady =
  (round: number) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: 'round_ready' }> =>
    m.type === 'round_ready' && m.round.round === round;
const isOpen =
  (round: number) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: 'round_open' }> =>
    m.type === 'round_open' && m.round.round === round;

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
    const cb = await connectPlayer(url, b);
    await joinSocket(cb, room.room_id);
    await ok(a, 'start_room', { room_id: room.room_id });
    await until(cb, isReady(1));
    // Round 1 announced, its countdown running: still nothing, to the last millisecond.
    expect(await listed(b)).toEqual([]);
    clock.advance(COUNTDOWN_MS - 1);
    await tickerPass(t);
    expect(await listed(b)).toEqual([]);
    clock.advance(1);
    await until(cb, isOpen(1));
    expect(await listed(b)).toEqual([ids[0]]);
    // Round 1 closes at its deadline; round 2 announced: round 1's question only, until round 2 opens.
    clock.advance(ROUND_MS);
    await until(cb, isReady(2));
    expect(await listed(a)).toEqual([ids[0]]);
    clock.advance(COUNTDOWN_MS);
    await until(cb, isOpen(2));
    expect(await listed(a)).toEqual([ids[0], ids[1]]);
    cb.ws.close();
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

describe('realtime: each question as its round opens', () => {
  it('sends no question before its round opens, no answer before the close, and a reconnect gets nothing ahead', async () => {
    const { a, b, room } = await friendRoom(2);
    const ids = await questionIds(room.room_id);
    const key = await answerKey(room.room_id);
    const [ca, cb] = [await connectPlayer(url, a), await connectPlayer(url, b)];
    await joinSocket(ca, room.room_id);
    await joinSocket(cb, room.room_id);
    /**
     * Whether a socket has heard anything of question `qid` (its id, its text). The id ends where
     * its digits do: question 9 is not heard in a close of question 91 (ids are random draws).
     */
    const heard = (frames: readonly string[], qid: number) => {
      const id = new RegExp(`"id":${qid},|"question_id":${qid}(?!\\d)`);
      return frames.filter((f) => id.test(f));
    };
    await ok(a, 'start_room', { room_id: room.room_id });
    const ready = await until(cb, isReady(1));
    expect(Object.keys(ready.round).sort()).toEqual(['deadline', 'opens_at', 'room_id', 'round']);
    // An answer during the countdown (a guessed question id) is refused.
    ca.send({ type: 'answer', room_id: room.room_id, round: 1, question_id: ids[0], answer: key[String(ids[0])] });
    expect(await until(ca, (m): m is ServerMessage => m.type === 'error', { errors: true })).toMatchObject({
      code: 'operation_not_allowed',
    });
    // A player back during the countdown (a new socket): the room and the announcement only.
    const back = await connectPlayer(url, b);
    await joinSocket(back, room.room_id);
    await until(back, isReady(1));
    for (const c of [ca, cb, back]) for (const q of ids) expect(heard(c.frames, q!)).toEqual([]);

    clock.advance(COUNTDOWN_MS);
    const open = await until(cb, isOpen(1));
    expect(open.round.question.id).toBe(ids[0]);
    // a answers (after a human's reading time), b does not: b hears no answer until the close.
    await until(ca, isOpen(1));
    clock.advance(HUMAN_ANSWER_MS);
    ca.send({ type: 'answer', room_id: room.room_id, round: 1, question_id: ids[0], answer: key[String(ids[0])] });
    await until(cb, (m): m is ServerMessage => m.type === 'answered' && m.user_id === a.user.id);
    // b reconnects mid-round: the open round and who answered, nothing of round 2.
    const again = await connectPlayer(url, b);
    await joinSocket(again, room.room_id);
    await until(again, isOpen(1));
    clock.advance(ROUND_MS);
    await until(cb, isReady(2));
    await until(again, isReady(2));
    for (const c of [ca, cb, back, again]) expect(heard(c.frames, ids[1]!)).toEqual([]);
    expectNoAnswerBeforeClose(cb.frames, new Map([[room.room_id, key]]));
    expectNoAnswerBeforeClose(again.frames, new Map([[room.room_id, key]]));
    back.ws.close();
    again.ws.close();
    ca.ws.close();
    cb.ws.close();
  });
});

describe('the human floor', () => {
  it('scores an answer 100 ms after the round opens 0 (not correct for the pot) and records fast_answer', async () => {
    const { a, b, room } = await friendRoom(2);
    await ok(a, 'start_room', { room_id: room.room_id });
    const key = await answerKey(room.room_id);
    const [qid] = await questionIds(room.room_id);
    const { setup } = t.app.services.battles;
    // The round opened 100 ms ago by the battles' clock.
    await t.db.tx(async (tx) => {
      await tx.run(sql`UPDATE rooms SET revealed_round = round, round_opens_at = ${clock.sql()} - interval '100 milliseconds',
        round_deadline = ${clock.sql()} + interval '20 seconds' WHERE id = ${room.room_id}::uuid`);
      await submitAnswer(tx, setup, a.user.id, {
        room_id: room.room_id,
        round: 1,
        question_id: qid!,
        answer: key[String(qid)]!,
      });
    });
    const row = await t.db.one<{ points: number; is_correct: boolean; elapsed_ms: number }>(sql`SELECT points,
        is_correct, elapsed_ms FROM room_answers WHERE room_id = ${room.room_id}::uuid AND user_id = ${a.user.id}`);
    expect(row!.elapsed_ms).toBe(100);
    expect(row).toMatchObject({ points: 0, is_correct: false });
    expect(await trustEventCounts(t.db, a.user.id)).toEqual({ fast_answer: 1 });
    expect(await trustEventCounts(t.db, b.user.id)).toEqual({});
    const ev = await t.db.one<{ ref: string; detail: { mode: string; round: number; floor_ms: number } }>(
      sql`SELECT ref, detail FROM trust_events WHERE user_id = ${a.user.id}`,
    );
    expect(ev).toMatchObject({ ref: `room:${room.room_id}`, detail: { mode: 'battle', round: 1, floor_ms: 300 } });
  });

  /**
   * Both players of the room answer every round right over live sockets with the operator's floor
   * at 60 s (every answer "too fast"); answers the result, the floor set back after.
   */
  async function bothRightUnderFloor(a: Player, b: Player, room: RoomState) {
    const key = await answerKey(room.room_id);
    const [ca, cb] = [await connectPlayer(url, a), await connectPlayer(url, b)];
    await joinSocket(ca, room.room_id);
    await joinSocket(cb, room.room_id);
    await setHumanFloor(60_000);
    try {
      await ok(a, 'start_room', { room_id: room.room_id });
      const [ra] = await Promise.all([
        play(ca, room.room_id, (q) => key[String(q)]!, { clock }),
        play(cb, room.room_id, (q) => key[String(q)]!, { clock }),
      ]);
      return ra.result;
    } finally {
      await setHumanFloor(300);
      ca.ws.close();
      cb.ws.close();
    }
  }

  it("follows the operator's floor: over a live socket, right answers under it score nothing and the battle is a draw", async () => {
    const { a, b, room } = await friendRoom(2, 0);
    const result = await bothRightUnderFloor(a, b, room);
    for (const s of result.standings) expect(s).toMatchObject({ points: 0, correct: 0, result: 'draw' });
    expect(await trustEventCounts(t.db, a.user.id)).toEqual({ fast_answer: 2 });
    expect(await trustEventCounts(t.db, b.user.id)).toEqual({ fast_answer: 2 });
  });

  it('a draw gives each stake back once as battle_refund (the fee refund reason), never as winnings', async () => {
    const fee = 5;
    const { a, b, room } = await friendRoom(2, fee);
    const result = await bothRightUnderFloor(a, b, room);
    for (const s of result.standings) expect(s).toMatchObject({ result: 'draw' });
    for (const p of [a, b]) {
      const rows = await t.db.rows<{ reason: string; delta: number }>(sql`SELECT reason, delta FROM coin_ledger
        WHERE user_id = ${p.user.id} AND ref = ${room.room_id} ORDER BY id`);
      expect(rows).toEqual([
        { reason: 'battle_entry', delta: -fee },
        { reason: 'battle_refund', delta: fee },
      ]);
    }
  });

  it('takes a stored floor that is not a number as unset (the default), never a failed answer', async () => {
    await setHumanFloor('fast');
    try {
      const { a, room } = await friendRoom(2);
      await ok(a, 'start_room', { room_id: room.room_id });
      const [qid] = await questionIds(room.room_id);
      // Its question out 50 ms ago.
      clock.advance(COUNTDOWN_MS + 50);
      await t.db.run(sql`UPDATE rooms SET revealed_round = round,
        round_opens_at = ${clock.sql()} - interval '50 milliseconds' WHERE id = ${room.room_id}::uuid`);
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
