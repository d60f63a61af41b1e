import type { BattleStatistic } from '../../core/contract';
import { sql, type Db, type SQL } from '../db/client';
import { isoSeconds } from '../db/sql-helpers';

/**
 * The user's finished 1v1 battles (random, friend, bot) as statistics rows, from the finished
 * rooms themselves (`where` narrows them; `o` is the opponent's seat, `r` the room).
 */
function statistics(db: Db, uid: number, where: SQL, order: SQL, limit: number, offset: number) {
  return db.rows<BattleStatistic>(sql`
    SELECT r.id AS room_id, r.kind, ${isoSeconds(sql`r.finished_at`)} AS date,
      o.user_id AS opponent_id, u.name AS opponent_name, u.profile AS opponent_image,
      coalesce((SELECT s ->> 'result' FROM jsonb_array_elements(r.result -> 'standings') s
        WHERE (s ->> 'user_id')::int = ${uid} LIMIT 1), 'draw') AS result,
      mine.points, o.points AS opponent_points
    ${statisticsFrom(uid)} AND ${where} ORDER BY ${order}, r.id LIMIT ${limit} OFFSET ${offset}`);
}

const statisticsFrom = (uid: number) => sql`FROM room_players mine
  JOIN rooms r ON r.id = mine.room_id AND r.status = 'finished' AND r.max_players = 2
    AND r.kind IN ('random', 'friend', 'bot')
  JOIN room_players o ON o.room_id = r.id AND o.user_id <> mine.user_id
  JOIN users u ON u.id = o.user_id
  WHERE mine.user_id = ${uid}`;

/** A page of the player's battle statistics, by finish time or by their points, and how many. */
export async function battleStatistics(
  db: Db,
  uid: number,
  page: { offset: number; limit: number; sort: string; order: 'asc' | 'desc' },
): Promise<{ rows: BattleStatistic[]; total: number }> {
  const dir = page.order === 'asc' ? sql`ASC` : sql`DESC`;
  const by = page.sort === 'points' ? sql`mine.points ${dir}, r.finished_at DESC` : sql`r.finished_at ${dir}`;
  const rows = await statistics(db, uid, sql`true`, by, page.limit, page.offset);
  const total = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n ${statisticsFrom(uid)}`);
  return { rows, total: total!.n };
}

/** The player's latest finished battle against another player, if any. */
export async function lastBattleWith(db: Db, uid: number, other: number): Promise<BattleStatistic | undefined> {
  const [row] = await statistics(db, uid, sql`o.user_id = ${other}`, sql`r.finished_at DESC`, 1, 0);
  return row;
}
