import type { BattleStatistic } from '../../core/contract';
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { roomPlayers, rooms, users } from '../db/schema';
import { isoSeconds } from '../db/sql-helpers';

// The player's seat is `mine`, the opponent's `o`, the room `r`, the opponent `u`.
const mine = alias(roomPlayers, 'mine');
const o = alias(roomPlayers, 'o');
const r = alias(rooms, 'r');
const u = alias(users, 'u');

/** A finished battle as a statistics row, seen by the player `uid`. */
const statisticColumns = (uid: number) => ({
  room_id: r.id,
  // The join keeps the 1v1 kinds only.
  kind: sql<BattleStatistic['kind']>`${r.kind}`,
  date: isoSeconds(r.finished_at),
  opponent_id: o.user_id,
  opponent_name: u.name,
  opponent_image: u.profile,
  result: sql<BattleStatistic['result']>`coalesce((SELECT s ->> 'result'
    FROM jsonb_array_elements(${r.result} -> 'standings') s WHERE (s ->> 'user_id')::int = ${uid} LIMIT 1), 'draw')`,
  points: mine.points,
  opponent_points: o.points,
});

// The user's finished 1v1 battles (random, friend, bot), from the finished rooms themselves: the
// room's status and kinds stay literals in the join.
const finishedRoom = sql`${r.id} = ${mine.room_id} AND ${r.status} = 'finished' AND ${r.max_players} = 2
  AND ${r.kind} IN ('random', 'friend', 'bot')`;
const opponentSeat = and(eq(o.room_id, r.id), ne(o.user_id, mine.user_id));

/** The player's finished battles as statistics rows (`where` narrows them), a page in an order. */
function statistics(db: Db, uid: number, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db.orm
    .select(statisticColumns(uid))
    .from(mine)
    .innerJoin(r, finishedRoom)
    .innerJoin(o, opponentSeat)
    .innerJoin(u, eq(u.id, o.user_id))
    .where(and(eq(mine.user_id, uid), where))
    .orderBy(...order, r.id)
    .limit(limit)
    .offset(offset);
}

/** A page of the player's battle statistics, by finish time or by their points, and how many. */
export async function battleStatistics(
  db: Db,
  uid: number,
  page: { offset: number; limit: number; sort: string; order: 'asc' | 'desc' },
): Promise<{ rows: BattleStatistic[]; total: number }> {
  const dir = page.order === 'asc' ? asc : desc;
  const by = page.sort === 'points' ? [dir(mine.points), desc(r.finished_at)] : [dir(r.finished_at)];
  const rows = await statistics(db, uid, undefined, by, page.limit, page.offset);
  const [n] = await db.orm
    .select({ n: count() })
    .from(mine)
    .innerJoin(r, finishedRoom)
    .innerJoin(o, opponentSeat)
    .innerJoin(u, eq(u.id, o.user_id))
    .where(eq(mine.user_id, uid));
  return { rows, total: n!.n };
}

/** The player's latest finished battle against another player, if any. */
export async function lastBattleWith(db: Db, uid: number, other: number): Promise<BattleStatistic | undefined> {
  const [row] = await statistics(db, uid, eq(o.user_id, other), [desc(r.finished_at)], 1, 0);
  return row;
}
