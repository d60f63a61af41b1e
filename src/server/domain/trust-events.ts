import { count, eq } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { trustEvents } from '../db/schema';

/**
 * What the server saw a player try and refused to pay for. Kinds are open-ended snake_case
 * words; the ones the payout review counts are named here so readers and writers agree.
 */
export type TrustEventKind =
  /** An answer (solo, battle, contest) given faster than the human floor: scored, not paid. */
  | 'fast_answer'
  /** An offline pack played back faster than its questions could have been read. */
  | 'implausible_pack'
  /** A referral whose reward was held or refused (not yet real, daily cap, device). */
  | 'referral_held'
  /** Sign-in failures locked an account for one source. */
  | 'login_locked'
  | (string & {});

/** Records one event in the caller's transaction; `ref` says what it was about (a session, a room). */
export async function recordTrustEvent(
  db: Db,
  userId: number,
  kind: TrustEventKind,
  ref = '',
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.run(sql`INSERT INTO trust_events (user_id, kind, ref, detail)
    VALUES (${userId}, ${kind}, ${ref}, ${JSON.stringify(detail)}::jsonb)`);
}

/** Counts of a player's events by kind. */
export async function trustEventCounts(db: Db, userId: number): Promise<Record<string, number>> {
  const rows = await db.orm
    .select({ kind: trustEvents.kind, n: count() })
    .from(trustEvents)
    .where(eq(trustEvents.user_id, userId))
    .groupBy(trustEvents.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}
