import type { HeldSeat } from '../../../core/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { roomPlayers, rooms } from '../../db/schema';
import { jsonText } from '../../db/sql-helpers';
import type { BattleSetup } from './rooms';

const p = alias(roomPlayers, 'p');
const r = alias(rooms, 'r');

/**
 * The user's newest seat still held (issue 21 §5): a human seat of a waiting or playing room,
 * connected, or disconnected no longer than the reconnect grace (after it, the round ticker
 * marks it left). A seat left, a room finished, deleted or dissolved holds nothing.
 */
export async function heldSeat(db: Db, { rules, clock }: BattleSetup, userId: number): Promise<HeldSeat | null> {
  const grace = sql`make_interval(secs => ${rules.reconnect_grace_seconds}::float8)`;
  const now = clock.sql();
  // The statuses and seat states stay literals, as the SQL always had them.
  const [row] = await db.orm
    .select({
      room_id: r.id,
      kind: r.kind,
      status: sql<HeldSeat['status']>`${r.status}`,
      room_code: r.code,
      seat_state: sql<HeldSeat['seat_state']>`${p.state}`,
      grace_ends_at: sql<string | null>`CASE WHEN ${p.state} = 'disconnected'
        THEN ${jsonText(sql`${p.disconnected_at} + ${grace}`)} END`,
      server_time: jsonText(now),
    })
    .from(p)
    .innerJoin(r, eq(r.id, p.room_id))
    .where(
      and(
        eq(p.user_id, userId),
        sql`NOT ${p.is_bot} AND ${r.status} IN ('waiting', 'playing')
          AND (${p.state} = 'connected' OR (${p.state} = 'disconnected' AND ${p.disconnected_at} > ${now} - ${grace}))`,
      ),
    )
    .orderBy(desc(p.joined_at), r.id)
    .limit(1);
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
