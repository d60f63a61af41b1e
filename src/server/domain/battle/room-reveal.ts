import type { RoomQuestions, ServerMessage } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import type { Clock } from '../clock';
import { liveQuestions, memberRoom, roomColumns, roundOpenEvent, stateOf, type RoomRow } from './rooms';

/**
 * How many of a room's questions its players may have seen: the rounds already open (their
 * question sent). A round whose countdown still runs is not open, so its question stays on the
 * server (a question id known early could be looked up in answers harvested elsewhere: issue 20 §2).
 */
export function openedRounds(r: Pick<RoomRow, 'round' | 'revealed_round'>): number {
  return Math.max(0, Math.min(r.round, r.revealed_round));
}

/** A member's view of the room's questions: those of the rounds already open, never an answer. */
export async function roomQuestions(db: Db, clock: Clock, userId: number, id: string): Promise<RoomQuestions> {
  const { r, seats } = await memberRoom(db, clock, userId, id, 'none');
  return {
    room: stateOf(r, seats),
    questions: await liveQuestions(db, r.question_ids.slice(0, openedRounds(r))),
    round: r.round,
    opens_at: r.opens_ms === null ? '' : new Date(r.opens_ms).toISOString(),
    deadline: r.deadline_ms === null ? '' : new Date(r.deadline_ms).toISOString(),
    server_time: new Date(r.now_ms).toISOString(),
  };
}

/** Rounds one reveal pass opens at most (in one statement). */
export const REVEAL_BATCH = 200;

/**
 * Opens the rounds whose countdown has ended (up to {@link REVEAL_BATCH}, in one statement):
 * claims their rooms with FOR UPDATE SKIP LOCKED (of several nodes' tickers exactly one sends
 * each question), marks each round revealed and answers its round_open. A round revealed late
 * opens at the reveal (its deadline moved by as much), so that the human floor, the speed bonus
 * and the round's time all count from when its question went out. Empty when no round is due.
 *
 * With `ids`, only those rooms (a node's timers know which rounds are due): looked up by
 * primary key. Without, every room due, through the reveal index, which holds an entry for
 * each round since the last vacuum: the round ticker's sweep, a few times a second.
 */
export async function revealDueRounds(
  db: Db,
  clock: Clock,
  ids?: readonly string[],
): Promise<{ roomId: string; events: ServerMessage[] }[]> {
  const now = clock.sql();
  const due = sql`d.status = 'playing' AND d.revealed_round < d.round AND d.round_opens_at <= ${now}`;
  // By id, each room looked up and locked on its own (a LATERAL subquery that locks is planned
  // on its own): joined, the planner took the reveal index, and its dead entries, instead.
  const claimed = ids
    ? sql`SELECT d.id FROM unnest(${`{${ids.join(',')}}`}::uuid[]) AS x(id),
        LATERAL (SELECT d.id FROM rooms d WHERE d.id = x.id AND ${due} FOR UPDATE SKIP LOCKED) d`
    : sql`SELECT d.id FROM rooms d WHERE ${due} ORDER BY d.round_opens_at LIMIT ${REVEAL_BATCH} FOR UPDATE SKIP LOCKED`;
  // Commits without waiting for the disk, as answers do: a crash can lose only the mark that a
  // question went out, which then goes out again (it reveals nothing more).
  const rooms = await db.rows<RoomRow>(sql`UPDATE rooms r SET revealed_round = r.round,
      round_deadline = r.round_deadline + greatest(${now} - r.round_opens_at, interval '0'),
      round_opens_at = greatest(r.round_opens_at, ${now})
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
    WHERE r.id IN (${claimed})
    RETURNING ${roomColumns(clock)}`);
  const out: { roomId: string; events: ServerMessage[] }[] = [];
  for (const r of rooms) out.push({ roomId: r.id, events: [await roundOpenEvent(db, r)] });
  return out;
}
