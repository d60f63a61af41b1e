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

/**
 * Opens one round whose countdown has ended: claims the room with FOR UPDATE SKIP LOCKED (of
 * several nodes' tickers exactly one sends each question), marks the round revealed and answers
 * its round_open. A round revealed late opens at the reveal (its deadline moved by as much), so
 * that the human floor, the speed bonus and the round's time all count from when its question
 * went out. Null when no round is due.
 */
export async function revealDueRound(
  db: Db,
  clock: Clock,
): Promise<{ roomId: string; events: ServerMessage[] } | null> {
  const now = clock.sql();
  const r = await db.one<RoomRow>(sql`UPDATE rooms r SET revealed_round = r.round,
      round_deadline = r.round_deadline + greatest(${now} - r.round_opens_at, interval '0'),
      round_opens_at = greatest(r.round_opens_at, ${now})
    WHERE r.id = (SELECT d.id FROM rooms d
      WHERE d.status = 'playing' AND d.revealed_round < d.round AND d.round_opens_at <= ${now}
      ORDER BY d.round_opens_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING ${roomColumns(clock)}`);
  return r ? { roomId: r.id, events: [await roundOpenEvent(db, r)] } : null;
}
