import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomState, ServerMessage } from '../../../core/contract';
import { answerPoints } from '../../../core/rules/battle';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { AnswerCommitter } from '../../realtime/room-ops';
import { battleHelpers } from '../../test-support/battle';
import { buildTestApp, type TestApp } from '../../test-support/test-app';
import { clockAt, TestClock, type Clock } from '../clock';
import { trustEventCounts } from '../trust-events';
import { MAX_RECEIPT_AGE_MS, submitAnswers, type AnswerIn, type AnswerOutcome } from './answers';
import { revealDueRounds } from './room-reveal';

// Group commit of battle answers (issue 24): a batch of answers of several rooms is graded and
// written in one transaction with the rules of one answer each, and the committer writes the
// answers that arrive while a batch commits together, replying to each only once it is stored.

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BATTLE_ROUND_SECONDS: '20', BATTLE_ROUND_DELAY_MS: '100' }, { clock });
});
afterAll(() => t.close());

const { ok, richPlayer, answerKey } = battleHelpers(() => t);

/** A started friend room of 3 questions whose round 1 opened `agoMs` ago by the battles' clock. */
async function openRoom(agoMs: number) {
  const a = await richPlayer();
  const b = await richPlayer();
  const room = await ok<RoomState>(a, 'create_room', { room_type: 'friend', category: 'science', no_of_que: 3 });
  await ok(b, 'join_room', { room_code: room.room_code });
  await ok(a, 'start_room', { room_id: room.room_id });
  await t.db.run(sql`UPDATE rooms SET revealed_round = round,
      round_opens_at = ${clock.sql()} - make_interval(secs => ${agoMs / 1000}::float8),
      round_deadline = ${clock.sql()} + interval '20 seconds' WHERE id = ${room.room_id}::uuid`);
  const key = await answerKey(room.room_id);
  const ids = (await t.db.one<{ ids: number[] }>(sql`SELECT question_ids AS ids FROM rooms
    WHERE id = ${room.room_id}::uuid`))!.ids;
  const q = ids[0]!;
  const right = key[String(q)]!;
  const wrong = right === 'a' ? 'b' : 'a';
  const answer = (userId: number, answer: string, round = 1): AnswerIn => ({
    userId,
    room_id: room.room_id,
    round,
    question_id: q,
    answer,
  });
  return { a, b, id: room.room_id, right, wrong, answer };
}

const roomRound = async (id: string) =>
  (await t.db.one<{ round: number }>(sql`SELECT round FROM rooms WHERE id = ${id}::uuid`))!.round;
const errorOf = (o: AnswerOutcome | undefined) => (o && 'error' in o ? o.error.message : null);
const eventsOf = (o: AnswerOutcome | undefined): ServerMessage[] => (o && 'events' in o ? o.events : []);

describe('submitAnswers (a batch in one transaction)', () => {
  it('grades each answer of several rooms by the rules of one: closes a room both answered once, refuses the rest', async () => {
    const one = await openRoom(1000);
    const two = await openRoom(1000);
    const fast = await openRoom(100);
    const out = await t.db.tx((tx) =>
      submitAnswers(tx, t.app.services.battles.setup, [
        one.answer(one.a.user.id, one.right),
        two.answer(two.a.user.id, two.right),
        two.answer(two.a.user.id, two.wrong), // a second answer of the same round
        one.answer(one.b.user.id, one.wrong), // the room's last: its round closes
        two.answer(two.b.user.id, two.right, 2), // a round not open
        { ...two.answer(two.b.user.id, two.right), room_id: '00000000-0000-4000-8000-000000000000' },
        { ...two.answer(two.b.user.id, two.right), room_id: 'not-a-uuid' },
        two.answer(one.a.user.id, two.right), // not a member
        fast.answer(fast.a.user.id, fast.right), // under the human floor
      ]),
    );
    expect(out.map(errorOf)).toEqual([
      null,
      null,
      'You have already answered this round.',
      null,
      'This round is not open.',
      'No such room.',
      'No such room.',
      'No such room.',
      null,
    ]);
    for (const i of [5, 6, 7]) expect((out[i] as { error: AppError }).error.code).toBe('not_found');
    // The room's round closed once, its events with its last answer of the batch.
    expect(eventsOf(out[0]).map((e) => e.type)).toEqual(['answered']);
    expect(eventsOf(out[3]).map((e) => e.type)).toEqual(['answered', 'round_close', 'room', 'round_ready']);
    const close = eventsOf(out[3])[1] as Extract<ServerMessage, { type: 'round_close' }>;
    const byUser = new Map(close.round.answers.map((x) => [x.user_id, x]));
    expect(byUser.get(one.a.user.id)).toMatchObject({ answer: one.right, correct: true });
    expect(byUser.get(one.a.user.id)!.points).toBeGreaterThan(0);
    expect(byUser.get(one.b.user.id)).toMatchObject({ answer: one.wrong, correct: false, points: 0 });
    expect(await roomRound(one.id)).toBe(2);
    const seats = await t.db.rows<{ user_id: number; points: number; correct: number }>(sql`SELECT user_id, points,
        correct FROM room_players WHERE room_id = ${one.id}::uuid ORDER BY slot`);
    expect(seats).toEqual([
      { user_id: one.a.user.id, points: byUser.get(one.a.user.id)!.points, correct: 1 },
      { user_id: one.b.user.id, points: 0, correct: 0 },
    ]);
    // The other room waits for its second player; the first answer is the one kept.
    expect(await roomRound(two.id)).toBe(1);
    const kept = await t.db.rows<{ answer: string }>(
      sql`SELECT answer FROM room_answers WHERE room_id = ${two.id}::uuid AND user_id = ${two.a.user.id}`,
    );
    expect(kept).toEqual([{ answer: two.right }]);
    // Too fast: stored, worth nothing, recorded once.
    const f = await t.db.one<{ points: number; is_correct: boolean }>(sql`SELECT points, is_correct
      FROM room_answers WHERE room_id = ${fast.id}::uuid AND user_id = ${fast.a.user.id}`);
    expect(f).toEqual({ points: 0, is_correct: false });
    expect(await trustEventCounts(t.db, fast.a.user.id)).toEqual({ fast_answer: 1 });
    expect(await trustEventCounts(t.db, one.a.user.id)).toEqual({});
  });

  it('writes nothing of a batch whose transaction fails', async () => {
    const r = await openRoom(1000);
    const failed = await t.db
      .tx(async (tx) => {
        await submitAnswers(tx, t.app.services.battles.setup, [r.answer(r.a.user.id, r.right)]);
        throw new Error('after the batch');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await t.db.rows(sql`SELECT 1 FROM room_answers WHERE room_id = ${r.id}::uuid`)).toEqual([]);
  });
});

describe('an answer is timed from its receipt, not from its batch', () => {
  const stored = (id: string) =>
    t.db.rows<{ user_id: number; elapsed_ms: number; at_ms: number }>(sql`SELECT user_id, elapsed_ms,
        (extract(epoch FROM answered_at) * 1000)::float8 AS at_ms
      FROM room_answers WHERE room_id = ${id}::uuid ORDER BY answered_at, user_id`);
  const setup = () => t.app.services.battles.setup;

  it('the wait behind a commit costs no points; answered_at keeps the order the answers came in', async () => {
    const r = await openRoom(1000);
    const untimed = await openRoom(1000);
    const opened = clock.now().getTime() - 1000;
    // b's answer reaches the gateway 1 s after the opening, a's 50 ms later; their batch reads
    // the room 600 ms after b's (they queued), a listed first.
    const bAt = clock.now().getTime();
    clock.advance(50);
    const aAt = clock.now().getTime();
    clock.advance(550);
    const out = await t.db.tx((tx) =>
      submitAnswers(tx, setup(), [
        { ...r.answer(r.a.user.id, r.right), receivedMs: aAt },
        { ...r.answer(r.b.user.id, r.right), receivedMs: bAt },
        untimed.answer(untimed.a.user.id, untimed.right), // no receipt: the batch's read
      ]),
    );
    expect(out.map(errorOf)).toEqual([null, null, null]);
    const rows = await stored(r.id);
    expect(rows.map((x) => [x.user_id, x.elapsed_ms, Math.round(x.at_ms - opened)])).toEqual([
      [r.b.user.id, 1000, 1000],
      [r.a.user.id, 1050, 1050],
    ]);
    expect((await stored(untimed.id)).map((x) => x.elapsed_ms)).toEqual([1600]);
    // Points as for those instants: the close gave b (1000 ms) no less than a (1050 ms).
    const close = eventsOf(out[1]).find((e) => e.type === 'round_close') as Extract<
      ServerMessage,
      { type: 'round_close' }
    >;
    const points = new Map(close.round.answers.map((x) => [x.user_id, x.points]));
    expect(points.get(r.b.user.id)).toBe(answerPoints(true, 1000, setup().rules, 20));
    expect(points.get(r.a.user.id)).toBe(answerPoints(true, 1050, setup().rules, 20));
  });

  it('an answer received before the deadline counts though its batch runs after it; no receipt dates back more than the bound', async () => {
    const late = await openRoom(19_800);
    await t.db.run(sql`UPDATE rooms SET round_deadline = ${clock.sql()} + interval '200 milliseconds'
      WHERE id = ${late.id}::uuid`); // 20 s after its opening
    const old = await openRoom(5000);
    const receivedLate = clock.now().getTime();
    const receivedOld = clock.now().getTime() - 4000; // no queue is that long: bounded
    clock.advance(300); // past the deadline
    const out = await t.db.tx((tx) =>
      submitAnswers(tx, setup(), [
        { ...late.answer(late.a.user.id, late.right), receivedMs: receivedLate },
        { ...old.answer(old.a.user.id, old.right), receivedMs: receivedOld },
        late.answer(late.b.user.id, late.right), // received now: after the deadline
      ]),
    );
    expect(out.map(errorOf)).toEqual([null, null, 'Time is up for this round.']);
    expect((await stored(late.id)).map((x) => x.elapsed_ms)).toEqual([19_800]);
    expect((await stored(old.id)).map((x) => x.elapsed_ms)).toEqual([5300 - MAX_RECEIPT_AGE_MS]);
  });
});

describe('AnswerCommitter (group commit)', () => {
  /** The app's database, counting the transactions begun through it. */
  function counting(): { db: Db; txs: () => number } {
    let n = 0;
    const db: Db = { ...t.db, tx: (fn) => (n++, t.db.tx(fn)) };
    return { db, txs: () => n };
  }

  it('writes the answers that arrive while a batch commits in one transaction, each reply once stored', async () => {
    const rooms = await Promise.all([openRoom(1000), openRoom(1000), openRoom(1000)]);
    const { db, txs } = counting();
    const committer = new AnswerCommitter(db, t.app.services.battles.setup);
    const stored = async (room: string, user: number) =>
      (await t.db.rows(sql`SELECT 1 FROM room_answers WHERE room_id = ${room}::uuid AND user_id = ${user}`)).length;
    // The first starts a batch at once; the other five arrive while it is written.
    const replies = rooms.flatMap((r) => [
      committer.submit(r.answer(r.a.user.id, r.right)).then(async (events) => ({
        events,
        stored: await stored(r.id, r.a.user.id),
      })),
      committer.submit(r.answer(r.b.user.id, r.wrong)).then(async (events) => ({
        events,
        stored: await stored(r.id, r.b.user.id),
      })),
    ]);
    const got = await Promise.all(replies);
    expect(txs()).toBe(2);
    for (const g of got) expect(g.stored).toBe(1);
    // Every room's round closed once, with its second answer.
    for (const [i, r] of rooms.entries()) {
      expect(got[2 * i]!.events.map((e) => e.type)).toEqual(['answered']);
      expect(got[2 * i + 1]!.events.map((e) => e.type)).toContain('round_close');
      expect(await roomRound(r.id)).toBe(2);
    }
    // A refusal reaches only its own answer.
    const r = await openRoom(1000);
    const again = await Promise.allSettled([
      committer.submit(r.answer(r.a.user.id, r.right)),
      committer.submit(r.answer(r.a.user.id, r.wrong)),
      committer.submit(r.answer(r.b.user.id, r.right)),
    ]);
    expect(again.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(again[1]).toMatchObject({ reason: { code: 'operation_not_allowed' } });
    expect(await roomRound(r.id)).toBe(2);
    await committer.flush();
  });

  it('tries each answer of a batch that failed as a whole again in a transaction of its own', async () => {
    const rooms = await Promise.all([openRoom(1000), openRoom(1000)]);
    let failNext = false;
    let calls = 0;
    // The database as it is, but for one batch that fails the way a deadlock would.
    const db: Db = {
      ...t.db,
      tx: (fn) => {
        calls++;
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('deadlock detected'));
        }
        return t.db.tx(fn);
      },
    };
    const committer = new AnswerCommitter(db, t.app.services.battles.setup);
    const first = committer.submit(rooms[0]!.answer(rooms[0]!.a.user.id, rooms[0]!.right));
    failNext = true;
    const rest = rooms.map((r) => committer.submit(r.answer(r.b.user.id, r.right)));
    await first;
    const events = await Promise.all(rest);
    // One batch of one, the failed batch of two, then each of those two alone.
    expect(calls).toBe(4);
    expect(events.map((e) => e[0]!.type)).toEqual(['answered', 'answered']);
    expect(await roomRound(rooms[0]!.id)).toBe(2);
    expect(await roomRound(rooms[1]!.id)).toBe(1);
  });
});

describe('revealDueRounds by id (the rooms whose timers fired)', () => {
  it('opens only the rooms named whose countdown has ended, each once however many passes race', async () => {
    const rooms = await Promise.all([openRoom(1000), openRoom(1000), openRoom(1000)]);
    // Each room's round 1 closes: round 2 announced, its countdown (100 ms) running.
    for (const r of rooms)
      await t.db.tx((tx) =>
        submitAnswers(tx, t.app.services.battles.setup, [
          r.answer(r.a.user.id, r.right),
          r.answer(r.b.user.id, r.right),
        ]),
      );
    const [one, two, three] = rooms.map((r) => r.id);
    // The passes read a clock of their own, past the countdown; the app's ticker keeps the
    // battles' clock, before it, so it reveals none of these rooms meanwhile.
    let at: Clock = clock;
    const reveal = (ids: string[]) => t.db.tx((tx) => revealDueRounds(tx, at, ids));
    expect(await reveal([one!, two!])).toEqual([]); // not due yet
    at = clockAt(new Date(clock.now().getTime() + 150));
    const passes = await Promise.all([reveal([one!, two!]), reveal([two!, one!]), reveal([one!])]);
    const opened = passes.flat();
    expect(opened.map((c) => c.roomId).sort()).toEqual([one!, two!].sort());
    for (const c of opened) expect(c.events).toMatchObject([{ type: 'round_open', round: { round: 2 } }]);
    const revealed = async (id: string) =>
      (await t.db.one<{ n: number }>(sql`SELECT revealed_round AS n FROM rooms WHERE id = ${id}::uuid`))!.n;
    expect([await revealed(one!), await revealed(two!), await revealed(three!)]).toEqual([2, 2, 1]);
    // The sweep (no ids) finds the one left.
    expect((await t.db.tx((tx) => revealDueRounds(tx, at))).map((c) => c.roomId)).toContain(three);
  });
});
