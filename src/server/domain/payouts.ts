import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PaymentRequest } from '../../core/contract';
import { payoutAmount, payoutRefusal, sameAmount, type PaymentStatus, type PayoutRules } from '../../core/rules/payout';
import type { Db } from '../db/client';
import { paymentRequests as pr, users } from '../db/schema';
import { isoSeconds } from '../db/sql-helpers';
import { AppError } from '../errors';
import { coinBalance, moveCoins } from './ledger';
import { notify } from './notifications';
import { lineageIds } from './tombstones';

/** A request as the API shows it. */
export const requestColumns = {
  id: pr.id,
  payment_type: pr.payment_type,
  payment_address: pr.payment_address,
  payment_amount: sql<number>`${pr.payment_amount}::float8`,
  coin_used: pr.coin_used,
  details: pr.details,
  status: sql<PaymentStatus>`${pr.status}`,
  date: isoSeconds(pr.created_at),
} satisfies Record<keyof PaymentRequest, unknown>;

export interface NewPaymentRequest {
  payment_type: string;
  payment_address: string;
  payment_amount?: number;
  coin_used: number;
  details?: string;
}

/**
 * Makes a pending request and holds its coins, in the caller's transaction. The player's row is
 * locked first, so that the 48-hour rule and the balance are checked with no other request of
 * theirs in between (ARCHITECTURE.md §5, DESIGN-NOTES.md §6). The configuration may ask for a
 * verified contact and a minimum account age; both, and the 48 hours, count the deleted
 * accounts the player continues (tombstones.ts).
 */
export async function createPaymentRequest(
  db: Db,
  userId: number,
  r: NewPaymentRequest,
  rules: PayoutRules,
): Promise<{ request: PaymentRequest; coins: number }> {
  const [user] = await db.orm
    .select({ coins: users.coins, verified: sql<boolean>`${users.contact_verified_at} IS NOT NULL` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw new AppError('user_not_found');
  if (rules.payout_require_verified_contact === '1' && !user.verified) throw new AppError('payout_contact_unverified');
  // The age of the person's first account: deleting and signing up again starts no clock.
  const [age] = await db.orm
    .select({ days: sql<number>`extract(epoch FROM now() - min(${users.created_at}))::float8 / 86400` })
    .from(users)
    .where(sql`${users.id} IN ${lineageIds(userId)}`);
  if (age!.days < rules.payout_min_account_days) {
    throw new AppError('payout_account_too_new', { message: `Ask again after ${rules.payout_min_account_days} days.` });
  }
  const refusal = payoutRefusal({ method: r.payment_type, coins: r.coin_used, balance: user.coins }, rules);
  if (refusal === 'payout_method_invalid') {
    throw new AppError('payout_method_invalid', { field: 'payment_type' });
  }
  if (refusal) throw new AppError(refusal, { field: 'coin_used' });
  // The amount is the server's: a client-stated one that disagrees is refused (400), never used.
  if (r.payment_amount !== undefined && !sameAmount(r.payment_amount, r.coin_used, rules)) {
    throw new AppError('invalid_input', {
      field: 'payment_amount',
      message: 'payment_amount: does not match the coins used',
    });
  }
  const [recent] = await db.orm
    .select({ id: pr.id })
    .from(pr)
    .where(
      and(
        sql`${pr.user_id} IN ${lineageIds(userId)}`,
        sql`${pr.status} <> 'cancelled'`,
        sql`${pr.created_at} > now() - make_interval(hours => ${rules.payout_interval_hours})`,
      ),
    )
    .limit(1);
  if (recent) throw new AppError('payment_request_wait');
  const [request] = await db.orm
    .insert(pr)
    .values({
      user_id: userId,
      payment_type: r.payment_type,
      payment_address: r.payment_address,
      payment_amount: payoutAmount(r.coin_used, rules),
      coin_used: r.coin_used,
      details: r.details ?? '',
    })
    .returning(requestColumns);
  const moved = await moveCoins(db, {
    userId,
    delta: -r.coin_used,
    reason: 'payout_hold',
    ref: String(request!.id),
    opId: `payout:${request!.id}:hold`,
  });
  return { request: request!, coins: moved.balance };
}

/**
 * A player's requests, newest first, cancelled ones included: a money record is never hidden or
 * deleted, the player sees it stay with its state (issue 22 §7).
 */
export async function listPaymentRequests(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<{ rows: PaymentRequest[]; total: number }> {
  const rows = await db.orm
    .select(requestColumns)
    .from(pr)
    .where(eq(pr.user_id, userId))
    .orderBy(desc(pr.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.orm.select({ n: count() }).from(pr).where(eq(pr.user_id, userId));
  return { rows, total: total!.n };
}

/** Refunds a request's held coins once (the op id makes a second refund a no-op). */
async function refund(db: Db, userId: number, id: number, coins: number, reason: string) {
  return moveCoins(db, { userId, delta: coins, reason, ref: String(id), opId: `payout:${id}:refund` });
}

/**
 * The player cancels their own pending request: the state moves once, the coins come back once.
 * The row stays (status `cancelled`); the refund is a ledger row with one op id, so a retry or a
 * racing second cancel never pays twice. Another player's id answers not_found; a request that is
 * no longer pending (cancelled included) payment_not_pending.
 */
export async function cancelPaymentRequest(db: Db, userId: number, id: number): Promise<{ coins: number }> {
  const [row] = await db.orm
    .select({ status: pr.status, coin_used: pr.coin_used })
    .from(pr)
    .where(and(eq(pr.id, id), eq(pr.user_id, userId)))
    .for('update');
  if (!row) throw new AppError('not_found');
  const [moved] = await db.orm
    .update(pr)
    .set({ status: 'cancelled', settled_at: sql`now()` })
    .where(and(eq(pr.id, id), eq(pr.user_id, userId), sql`${pr.status} = 'pending'`))
    .returning({ coin_used: pr.coin_used });
  if (!moved) throw new AppError('payment_not_pending');
  await refund(db, userId, id, moved.coin_used, 'payout_cancel');
  return { coins: await coinBalance(db, userId) };
}

/**
 * The operator settles a pending request: completed (the held coins are spent) or rejected (the
 * coins come back once). A request that is no longer pending answers payment_not_pending.
 */
export async function settlePaymentRequest(
  db: Db,
  id: number,
  status: 'completed' | 'rejected',
): Promise<PaymentRequest> {
  const [row] = await db.orm
    .update(pr)
    .set({ status, settled_at: sql`now()` })
    .where(and(eq(pr.id, id), sql`${pr.status} = 'pending'`))
    .returning({ user_id: pr.user_id, coin_used: pr.coin_used });
  if (!row) {
    const exists = await db.one(sql`SELECT 1 FROM payment_requests WHERE id = ${id}`);
    throw new AppError(exists ? 'payment_not_pending' : 'not_found');
  }
  if (status === 'rejected') await refund(db, row.user_id, id, row.coin_used, 'payout_reject');
  // The player hears of it in the app and as a push.
  await notify(db, row.user_id, {
    type: status === 'completed' ? 'payout_completed' : 'payout_rejected',
    params: { coins: row.coin_used },
    link: '/profile/redeem',
  });
  const [settled] = await db.orm.select(requestColumns).from(pr).where(eq(pr.id, id));
  return settled!;
}
