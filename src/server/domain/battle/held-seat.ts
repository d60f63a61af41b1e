import type { HeldSeat } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import type { BattleSetup } from './rooms';

/**
 * The user's newest seat still held (issue 21 §5): a human seat of a waiting or playing room,
 * connected, or disconnected no longer than the reconnect grace (after it, the round ticker
 * marks it left). A seat left, a room finished, deleted or dissolved holds nothing.
 */
export async function heldSeat(db: Db, { rules, clock }: BattleSetup, userId: number): Promise<HeldSeat | null> {
  const graceSeconds = rules.reconnect_grace_seconds;
  const now = clock.sql();
  const row = await db.one<Omit<HeldSeat, 'grace_ends_at'> & { grace_ends_at: string | null }>(sql`SELECT
      r.id AS room_id, r.kind, r.status, r.code AS room_code, p.state AS seat_state,
      CASE WHEN p.state = 'disconnected' THEN to_json(p.disconnected_at
        + make_interval(secs => ${graceSeconds}::float8)) #>> '{}' END AS grace_ends_at,
      to_json(${now}) #>> '{}' AS server_time
    FROM room_players p JOIN rooms r ON r.id = p.room_id
    WHERE p.user_id = ${userId} AND NOT p.is_bot AND r.status IN ('waiting', 'playing')
      AND (p.state = 'connected' OR (p.state = 'disconnected'
        AND p.disconnected_at > ${now} - make_interval(secs => ${graceSeconds}::float8)))
    ORDER BY p.joined_at DESC, r.id LIMIT 1`);
  if (!row) return null;
  return {
    room_id: row.room_id,
    kind: row.kind,
    status: row.status,
    room_code: row.room_code,
    seat_state: row.seat_state,
    grace_ends_at: row.grace_ends_at === null ? null : new Date(row.grace_ends_at).toISOString(),
    server_time: new Date(row.server_time).toISOString(),
  };
}
