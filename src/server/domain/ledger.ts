import { sql, type Db } from '../db/client';
import { AppError } from '../http/errors';
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
  return (await db.one<{ coins: number }>(sql`SELECT coins FROM users WHERE id = ${userId}`))?.coins ?? 0;
}

/**
 * Moves coins: one ledger row and the balance in the caller's transaction. A debit that would
 * take the balance below zero fails with not_enough_coins and writes nothing.
 */
export async function moveCoins(db: Db, m: CoinMove): Promise<{ applied: boolean; balance: number }> {
  if (!Number.isSafeInteger(m.delta) || m.delta === 0) throw new Error(`bad coin delta ${m.delta}`);
  return db.tx(async (tx) => {
    const done = await tx.one<{ balance_after: number }>(sql`SELECT balance_after FROM coin_ledger
      WHERE user_id = ${m.userId} AND op_id = ${m.opId}`);
    if (done) {
      return { applied: false, balance: await coinBalance(tx, m.userId) };
    }
    const row = await tx.one<{ coins: number }>(sql`UPDATE users SET coins = coins + ${m.delta}
      WHERE id = ${m.userId} AND coins + ${m.delta} >= 0 RETURNING coins`);
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
  if (!Number.isSafeInteger(points) || points <= 0) return;
  const p = periodKeys(new Date(), await configuredTimezone(db));
  await db.run(sql`WITH ev AS (
      INSERT INTO score_events (user_id, points, mode, ref) VALUES (${userId}, ${points}, ${mode}, ${ref})
      ON CONFLICT DO NOTHING RETURNING user_id),
    u AS (UPDATE users SET score = score + ${points} WHERE id = (SELECT user_id FROM ev) RETURNING id, firebase_id)
    ${periodScoreInsert(sql`u`, points, p)}`);
}
