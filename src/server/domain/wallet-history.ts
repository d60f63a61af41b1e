import { and, count, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { LedgerEntry } from '../../core/contract';
import type { Db } from '../db/client';
import { coinLedger } from '../db/schema';
import { isoSeconds } from '../db/sql-helpers';

/** A coin-ledger row as the API shows it (the wallet's history and the console's). */
const ledgerEntry = {
  id: sql<number>`${coinLedger.id}::integer`,
  points: coinLedger.delta,
  reason: coinLedger.reason,
  ref: coinLedger.ref,
  balance_after: coinLedger.balance_after,
  date: isoSeconds(coinLedger.created_at),
};

/** A page of the player's coin history, newest first, with the count of entries the filter keeps. */
export async function ledgerPage(
  db: Db,
  userId: number,
  page: { offset: number; limit: number; type?: string },
): Promise<{ rows: LedgerEntry[]; total: number }> {
  const where = and(eq(coinLedger.user_id, userId), deltaFilter(page.type));
  const rows = await db.orm
    .select(ledgerEntry)
    .from(coinLedger)
    .where(where)
    .orderBy(desc(coinLedger.id))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await db.orm.select({ n: count() }).from(coinLedger).where(where);
  return { rows, total: n!.n };
}

/** The player's newest ledger entry (the one a move just wrote). */
export async function latestLedgerEntry(db: Db, userId: number): Promise<LedgerEntry | undefined> {
  const [row] = await db.orm
    .select(ledgerEntry)
    .from(coinLedger)
    .where(eq(coinLedger.user_id, userId))
    .orderBy(desc(coinLedger.id))
    .limit(1);
  return row;
}

/** Which entries a history lists: every one, or only credits (`credit`) or debits (`debit`). */
function deltaFilter(type: string | undefined): SQL | undefined {
  if (type === 'credit') return gt(coinLedger.delta, 0);
  if (type === 'debit') return lt(coinLedger.delta, 0);
  return undefined;
}
