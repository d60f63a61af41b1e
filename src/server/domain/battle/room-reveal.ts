import type { RoomQuestions } from '../../../core/contract';
import type { Db } from '../../db/client';
import { liveQuestions, memberRoom, stateOf, type RoomRow } from './rooms';

/**
 * How many of a room's questions its players may have seen: the rounds already open. A round
 * whose countdown still runs is not open, so its question stays on the server (a question id
 * known early could be looked up in answers harvested elsewhere: issue 20 §2).
 */
export function openedRounds(r: Pick<RoomRow, 'round' | 'opens_ms' | 'now_ms'>): number {
  if (r.round <= 0) return 0;
  return r.opens_ms !== null && r.opens_ms <= r.now_ms ? r.round : r.round - 1;
}

/** A member's view of the room's questions: those of the rounds already open, never an answer. */
export async function roomQuestions(db: Db, userId: number, id: string): Promise<RoomQuestions> {
  const { r, seats } = await memberRoom(db, userId, id, 'none');
  return {
    room: stateOf(r, seats),
    questions: await liveQuestions(db, r.question_ids.slice(0, openedRounds(r))),
    round: r.round,
    opens_at: r.opens_ms === null ? '' : new Date(r.opens_ms).toISOString(),
    deadline: r.deadline_ms === null ? '' : new Date(r.deadline_ms).toISOString(),
    server_time: new Date(r.now_ms).toISOString(),
  };
}
