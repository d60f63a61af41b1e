import { and, eq } from 'drizzle-orm';
import { sql, type Db, type SQL } from '../db/client';
import { coinLedger, users } from '../db/schema';
import { AppError } from '../errors';
import { periodKeys } from '../../core/rules/leaderboard';
import { configuredTimezone, periodScoreInsert } from './leaderboard';

export interface CoinMove {
  userId: number;
  /** Positive credits, negative debits. */
  delta: number;
  /** A stable reason code, shown translated in the coin history. */
  reason: string;
  /** What the move is about (a session id, a room id, ...). */
  ref?: string;
  /** Unique per user: the same op applied twice changes nothing the second time. */
  opId: string;
}

/** A player's balance now. */
export async function coinBalance(db: Db, userId: number): Promise<number> {
  const [u] = await db.orm.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return u?.coins ?? 0;
}

/**
 * Moves coins: one ledger row and the balance in the caller's transaction. A debit that would
 * take the balance below zero fails with not_enough_coins and writes nothing.
 */
export async function moveCoins(db: Db, m: CoinMove): Promise<{ applied: boolean; balance: number }> {
  if (!Number.isSafeInteger(m.delta) || m.delta === 0) throw new Error(`bad coin delta ${m.delta}`);
  return db.tx(async (tx) => {
    const [done] = await tx.orm
      .select({ balance_after: coinLedger.balance_after })
      .from(coinLedger)
      .where(and(eq(coinLedger.user_id, m.userId), eq(coinLedger.op_id, m.opId)));
    if (done) {
      return { applied: false, balance: await coinBalance(tx, m.userId) };
    }
    const [row] = await tx.orm
      .update(users)
      .set({ coins: sql`${users.coins} + ${m.delta}` })
      .where(and(eq(users.id, m.userId), sql`${users.coins} + ${m.delta} >= 0`))
      .returning({ coins: users.coins });
    if (!row) throw new AppError('not_enough_coins');
    await tx.run(sql`INSERT INTO coin_ledger (user_id, delta, reason, ref, op_id, balance_after)
      VALUES (${m.userId}, ${m.delta}, ${m.reason}, ${m.ref ?? ''}, ${m.opId}, ${row.coins})`);
    return { applied: true, balance: row.coins };
  });
}

/**
 * Adds points to a player's score once per (mode, ref): the event, the all-time score and the
 * daily, monthly and all-time leaderboard rows (not the bot's), in one statement — one round trip
 * inside the grading transaction, which every finished quiz pays.
 */
export async function addScore(db: Db, userId: number, points: number, mode: string, ref: string): Promise<void> {
  const writes = await scoreWrites(db, userId, points, mode, ref);
  if (writes) await db.run(sql`WITH ${writes} SELECT 1`);
}

/**
 * `addScore`'s writes as common table expressions (`ev`, `u`, `lb`), for a statement that has
 * writes of its own to other tables (a level's results): null when there are no points to add.
 */
export async function scoreWrites(
  db: Db,
  userId: number,
  points: number,
  mode: string,
  ref: string,
): Promise<SQL | null> {
  if (!Number.isSafeInteger(points) || points <= 0) return null;
  const p = periodKeys(new Date(), await configuredTimezone(db));
  return sql`ev AS (
      INSERT INTO score_events (user_id, points, mode, ref) VALUES (${userId}, ${points}, ${mode}, ${ref})
      ON CONFLICT DO NOTHING RETURNING user_id),
    u AS (UPDATE users SET score = score + ${points} WHERE id = (SELECT user_id FROM ev) RETURNING id, firebase_id),
    lb AS (${periodScoreInsert(sql`u`, points, p)} RETURNING 1)`;
}

/**
 * Credits many players at once under one op id (a contest's prizes): one ledger row each with
 * the balance, in two statements whatever their number. A player already credited under the op
 * id is skipped (the same op applied twice changes nothing). Answers the credits applied.
 */
export async function creditMany(
  db: Db,
  o: { reason: string; ref: string; opId: string; credits: readonly { userId: number; delta: number }[] },
): Promise<{ userId: number; delta: number }[]> {
  const credits = o.credits.filter((c) => c.delta > 0);
  for (const c of credits) if (!Number.isSafeInteger(c.delta)) throw new Error(`bad coin delta ${c.delta}`);
  if (credits.length === 0) return [];
  return db.rows<{ userId: number; delta: number }>(sql`WITH x AS (
      SELECT DISTINCT ON (x.user_id) x.user_id, x.delta
      FROM json_to_recordset(${JSON.stringify(credits.map((c) => ({ user_id: c.userId, delta: c.delta })))}::json)
        AS x(user_id int, delta int)
      WHERE NOT EXISTS (SELECT 1 FROM coin_ledger l WHERE l.user_id = x.user_id AND l.op_id = ${o.opId})),
    u AS (UPDATE users SET coins = users.coins + x.delta FROM x WHERE users.id = x.user_id
      RETURNING users.id, users.coins, x.delta)
    INSERT INTO coin_ledger (user_id, delta, reason, ref, op_id, balance_after)
      SELECT id, delta, ${o.reason}, ${o.ref}, ${o.opId}, coins FROM u
    RETURNING user_id AS "userId", delta`);
}
