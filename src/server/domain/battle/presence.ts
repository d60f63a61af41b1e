import type { ServerMessage } from '../../../core/contract';
import type { BattleRules } from '../../../core/rules/battle';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rooms } from '../../db/schema';
import type { Clock } from '../clock';
import { dissolve, hurryRound, lockRoom, seatsOf, stateOf, type BattleSetup, type RoomChange } from './rooms';

// Seats coming and going (reconnect grace) and rooms nobody is waiting in any more. The seat
// states follow `seatEvent` in core/rules/battle: connected → disconnected on a dropped socket,
// back to connected on a join within the grace, left once the grace has run out (final).

/** Friend and group rooms still waiting after this long are dissolved (every fee refunded). */
export const WAITING_ROOM_MAX_SECONDS = 2 * 60 * 60;
/** Random matchmaking joins rooms up to this many seconds past the search time (clock slack). */
export const MATCH_MARGIN_SECONDS = 5;

const graceInterval = (rules: BattleRules) => sql`make_interval(secs => ${rules.reconnect_grace_seconds}::float8)`;

// Rooms are claimed as `r` (the conditions' subqueries refer to it).
const claimable = alias(rooms, 'r');

/**
 * The user's last socket on a room closed: a connected human seat of a waiting or playing room
 * becomes disconnected (the grace starts). Null when nothing changed.
 */
export async function seatDropped(db: Db, clock: Clock, userId: number, roomId: string): Promise<RoomChange | null> {
  const r = await lockRoom(db, clock, roomId);
  if (!r || (r.status !== 'waiting' && r.status !== 'playing')) return null;
  const n = await db.run(sql`UPDATE room_players SET state = 'disconnected', disconnected_at = ${clock.sql()}
    WHERE room_id = ${roomId}::uuid AND user_id = ${userId} AND state = 'connected' AND NOT is_bot`);
  if (n === 0) return null;
  const state = stateOf(r, await seatsOf(db, roomId));
  return { state, events: [{ type: 'room', room: state }] };
}

/**
 * The user is back (joined the room on a socket, or asked for their match): a disconnected seat
 * of a waiting or playing room is connected again. A seat already left stays left. Null when
 * nothing changed.
 */
export async function seatResumed(db: Db, clock: Clock, userId: number, roomId: string): Promise<RoomChange | null> {
  const r = await lockRoom(db, clock, roomId);
  if (!r || (r.status !== 'waiting' && r.status !== 'playing')) return null;
  const n = await db.run(sql`UPDATE room_players SET state = 'connected', disconnected_at = NULL
    WHERE room_id = ${roomId}::uuid AND user_id = ${userId} AND state = 'disconnected'`);
  if (n === 0) return null;
  const state = stateOf(r, await seatsOf(db, roomId));
  return { state, events: [{ type: 'room', room: state }] };
}

/**
 * Claims one playing room with a seat disconnected for longer than the reconnect grace (FOR
 * UPDATE SKIP LOCKED: one node does it) and marks such seats left; the round ticker then ends a
 * battle with fewer than two players in, and the leavers lose. Null when none is due.
 */
export async function expireGrace(
  db: Db,
  { rules, clock }: BattleSetup,
): Promise<{ roomId: string; events: ServerMessage[] } | null> {
  const now = clock.sql();
  const [due] = await db.orm
    .select({ id: claimable.id })
    .from(claimable)
    .where(
      sql`r.status = 'playing' AND EXISTS (SELECT 1 FROM room_players p WHERE p.room_id = r.id
        AND p.state = 'disconnected' AND p.disconnected_at <= ${now} - ${graceInterval(rules)})`,
    )
    .limit(1)
    .for('update', { of: claimable, skipLocked: true });
  if (!due) return null;
  const r = (await lockRoom(db, clock, due.id))!;
  await db.run(sql`UPDATE room_players SET state = 'left'
    WHERE room_id = ${r.id}::uuid AND state = 'disconnected' AND disconnected_at <= ${now} - ${graceInterval(rules)}`);
  await hurryRound(db, clock, r.id);
  const state = stateOf(r, await seatsOf(db, r.id));
  return { roomId: r.id, events: [{ type: 'room', room: state }] };
}

/**
 * Claims one waiting room nobody is waiting in any more (FOR UPDATE SKIP LOCKED) and dissolves
 * it, refunding every fee once: a random room older than the search time plus the grace; a
 * friend or group room older than two hours, or whose every seat has been disconnected for
 * longer than the grace. Null when none is due.
 */
export async function dissolveAbandoned(db: Db, { rules, clock }: BattleSetup): Promise<RoomChange | null> {
  const now = clock.sql();
  const [due] = await db.orm
    .select({ id: claimable.id })
    .from(claimable)
    .where(
      sql`r.status = 'waiting' AND (
        (r.kind = 'random' AND r.created_at <= ${now}
          - make_interval(secs => ${rules.search_seconds + rules.reconnect_grace_seconds}::float8))
        OR (r.kind IN ('friend', 'group') AND (
          r.created_at <= ${now} - make_interval(secs => ${WAITING_ROOM_MAX_SECONDS}::float8)
          OR NOT EXISTS (SELECT 1 FROM room_players p WHERE p.room_id = r.id AND (p.state = 'connected'
            OR (p.state = 'disconnected' AND p.disconnected_at > ${now} - ${graceInterval(rules)}))))))`,
    )
    .orderBy(claimable.created_at)
    .limit(1)
    .for('update', { of: claimable, skipLocked: true });
  if (!due) return null;
  const r = (await lockRoom(db, clock, due.id))!;
  return dissolve(db, r, await seatsOf(db, r.id));
}
