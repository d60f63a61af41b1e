import type { ServerMessage } from '../../../core/contract';
import { answerPoints } from '../../../core/rules/battle';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { HUMAN_FLOOR_MS_SQL } from '../human-floor';
import { closeRounds, KEYED_PLANS, roomColumns, seatsOfRooms, type BattleSetup, type RoomRow } from './rooms';

/** One player's answer to a room's round, as the socket sent it. */
export interface AnswerIn {
  userId: number;
  room_id: string;
  round: number;
  question_id: number;
  answer: string;
  /**
   * When this node's gateway received it (ms, the battles' clock): its time for points and its
   * place among the round's answers. Absent: the instant the batch reads the room.
   */
  receivedMs?: number;
}

/**
 * How long an answer may have waited between the gateway and its batch and still be dated back
 * by that wait: the queue behind a commit costs the player no points, but no answer, however
 * it got here, is dated back further than this.
 */
export const MAX_RECEIPT_AGE_MS = 1000;

/**
 * The instant an answer counts as given, on the clock the room's times are on (`nowMs`, read
 * by the batch): that read less the answer's wait since its receipt, both of which this node
 * measured on its own clock (a node's clock off from the database's shifts neither), bounded.
 */
export function answerInstant(receivedMs: number | undefined, readMs: number, nowMs: number): number {
  if (receivedMs === undefined) return nowMs;
  return nowMs - Math.min(MAX_RECEIPT_AGE_MS, Math.max(0, readMs - receivedMs));
}

/** What became of one answer of a batch: what to publish, or why it was refused. */
export type AnswerOutcome = { events: ServerMessage[] } | { error: AppError };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notOpen = (message: string) => new AppError('operation_not_allowed', { message });
const notFound = () => new AppError('not_found', { field: 'room_id', message: 'No such room.' });

/**
 * Grades and stores a batch of answers, of any rooms, in the caller's one transaction (group
 * commit: the answers that arrive while the previous batch commits are written together, a few
 * statements for the whole batch instead of a transaction each). Each answer is checked as
 * {@link submitAnswer} always did: refused before its round opens (its question sent), after
 * its deadline, for another round or question, from a player who left, or a second time; one
 * sooner than the human floor after the opening is stored, earns nothing and is recorded as a
 * `fast_answer` trust event. The rooms are locked FOR UPDATE in id order (two batches never wait
 * on each other in a cycle), so each room's answers still queue up; a room whose players still
 * in have all answered closes its round here, its events going with the last of its answers.
 * Outcomes are in the order of the batch; nothing of it is durable before the caller commits.
 */
export async function submitAnswers(db: Db, setup: BattleSetup, batch: readonly AnswerIn[]): Promise<AnswerOutcome[]> {
  // Each answer's outcome; one left unset is of a room it has no seat in (set last).
  const out: (AnswerOutcome | undefined)[] = batch.map(() => undefined);
  const done = () => out.map((o) => o ?? { error: notFound() });
  const ids = [...new Set(batch.map((a) => a.room_id).filter((id) => UUID_RE.test(id)))].sort();
  if (ids.length === 0) return done();
  // This node's clock when the rooms are read: each answer's wait is measured up to here.
  const readMs = setup.clock.now().getTime();
  // An answer commits without waiting for the disk (a crash loses at most the last answers;
  // nothing of value): synchronous_commit off for this transaction, set in the same read. A
  // battle that settles here (coins move) turns it back on. The batch's statements after this one
  // are planned with key lookups only (KEYED_PLANS): their cached plans hold on a fresh database.
  const rooms = await db.rows<RoomRow & { floor_ms: number }>(sql`SELECT ${roomColumns(setup.clock)},
      ${HUMAN_FLOOR_MS_SQL} AS floor_ms, set_config('synchronous_commit', 'off', true) AS async_commit,
      ${KEYED_PLANS}
    FROM rooms r WHERE r.id = ANY(${`{${ids.join(',')}}`}::uuid[]) ORDER BY r.id FOR UPDATE OF r`);
  // None of the rooms exists: nothing more to read (the plans above were not set either).
  if (rooms.length === 0) return done();
  const seats = await seatsOfRooms(db, ids);
  const byRoom = new Map(rooms.map((r) => [r.id, { r, seats: seats.get(r.id) ?? [], last: -1 }]));

  const rows: {
    room_id: string;
    round: number;
    user_id: number;
    answer: string;
    is_correct: boolean;
    points: number;
    elapsed_ms: number;
    answered_ms: number;
  }[] = [];
  const fast: { user_id: number; ref: string; detail: Record<string, unknown> }[] = [];
  batch.forEach((a, i) => {
    const room = byRoom.get(a.room_id);
    const seat = room?.seats.find((s) => s.user_id === a.userId);
    if (!room || !seat) return;
    const { r } = room;
    if (seat.state === 'left') return void (out[i] = { error: notOpen('You have left this battle.') });
    if (r.status !== 'playing' || r.round !== a.round || r.question_ids[r.round - 1] !== a.question_id)
      return void (out[i] = { error: notOpen('This round is not open.') });
    // Timed from its receipt, not from this batch's read: the queue is the server's, not the player's.
    const at = answerInstant(a.receivedMs, readMs, r.now_ms);
    const elapsed = at - r.opens_ms!;
    if (elapsed < 0 || r.revealed_round < r.round)
      return void (out[i] = { error: notOpen('This round is not open yet.') });
    if (at > r.deadline_ms!) return void (out[i] = { error: notOpen('Time is up for this round.') });
    if (seat.answered) return void (out[i] = { error: notOpen('You have already answered this round.') });
    seat.answered = true;
    // Faster than a human reads: stored, shown at the close, worth nothing (no points, not
    // correct for the pot), and recorded for the operator's payout review.
    const isFast = elapsed < r.floor_ms;
    const correct = !isFast && r.answer_key[String(a.question_id)] === a.answer;
    const points = isFast ? 0 : answerPoints(correct, elapsed, setup.rules, r.round_seconds);
    const ms = Math.round(elapsed);
    rows.push({
      room_id: r.id,
      round: r.round,
      user_id: a.userId,
      answer: a.answer,
      is_correct: correct,
      points,
      elapsed_ms: ms,
      answered_ms: at,
    });
    if (isFast)
      fast.push({
        user_id: a.userId,
        ref: `room:${r.id}`,
        detail: { mode: 'battle', round: r.round, elapsed_ms: ms, floor_ms: r.floor_ms },
      });
    out[i] = { events: [{ type: 'answered', room_id: r.id, round: r.round, user_id: a.userId }] };
    room.last = i;
  });
  if (rows.length === 0) return done();

  // The room is locked and its answers were read under the lock: none conflicts (the clause
  // is a second guard).
  // answered_at is the receipt: the round's answers in the order they came, not one batch instant.
  await db.run(sql`INSERT INTO room_answers (room_id, round, user_id, answer, is_correct, points, elapsed_ms,
      answered_at)
    SELECT x.room_id, x.round, x.user_id, x.answer, x.is_correct, x.points, x.elapsed_ms,
      to_timestamp(x.answered_ms / 1000)
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(room_id uuid, round integer,
      user_id integer, answer text, is_correct boolean, points integer, elapsed_ms integer, answered_ms float8)
    ON CONFLICT DO NOTHING`);
  // The rows recordTrustEvent writes, one statement for the batch.
  if (fast.length)
    await db.run(sql`INSERT INTO trust_events (user_id, kind, ref, detail)
      SELECT x.user_id, 'fast_answer', x.ref, x.detail
      FROM jsonb_to_recordset(${JSON.stringify(fast)}::jsonb) AS x(user_id integer, ref text, detail jsonb)`);

  // Rooms answered by every player still in: their rounds close now rather than at the deadline.
  const closing = [...byRoom.values()].filter(
    (x) => x.last >= 0 && x.seats.every((s) => s.state === 'left' || s.answered),
  );
  if (closing.length) {
    const closed = await closeRounds(db, setup, closing);
    if (closed.some((events) => events.some((e) => e.type === 'result')))
      await db.run(sql`SELECT set_config('synchronous_commit', 'on', true)`);
    closing.forEach((x, k) => {
      const o = out[x.last] as { events: ServerMessage[] };
      o.events.push(...closed[k]!);
    });
  }
  return done();
}

/**
 * One answer of a player for the round now open, graded with the server's clock: a batch of one
 * of {@link submitAnswers}, its refusal thrown.
 */
export async function submitAnswer(
  db: Db,
  setup: BattleSetup,
  userId: number,
  m: { room_id: string; round: number; question_id: number; answer: string },
): Promise<ServerMessage[]> {
  const [o] = await submitAnswers(db, setup, [{ userId, ...m }]);
  if ('error' in o!) throw o.error;
  return o!.events;
}
