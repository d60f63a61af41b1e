import type { ReferralSummary } from '../../core/contract';
import type { RewardRules } from '../../core/rules/reward-rules';
import { and, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../db/client';
import { referrals, users } from '../db/schema';
import { recordTrustEvent } from './trust-events';

/** What became of a referral code given at sign-up. */
export type ReferralOutcome = 'pending' | 'self' | 'device' | 'no_device' | 'returning' | 'unknown_code' | 'none';

type Refusal = 'self' | 'device' | 'no_device' | 'returning';

/**
 * Takes the referral code a new account signed up with, in its sign-up transaction. Nothing is
 * paid now: a device id is the client's word, so the referral waits ('pending') until the new
 * account is real (see maturing-referrals.ts). Refused outright: an unknown code (or the bot's),
 * a referrer who signed up on this very device (self-referral), a code that already holds this
 * device, a sign-up that names no device, and a person who deleted an account and came back.
 * Held and refused referrals are trust events of the referrer, for the payout review.
 */
export async function applyReferral(
  db: Db,
  refereeId: number,
  code: string,
  deviceId: string,
  returning: boolean,
): Promise<ReferralOutcome> {
  if (!code) return 'none';
  const [referrer] = await db.orm
    .select({ id: users.id, signup_device: users.signup_device })
    .from(users)
    .where(
      and(
        eq(users.refer_code, code),
        ne(users.id, refereeId),
        sql`${users.status} = 1`,
        sql`${users.firebase_id} NOT LIKE 'bot:%'`,
      ),
    );
  if (!referrer) return 'unknown_code';
  const refuse = (reason: Refusal) => refused(db, refereeId, referrer.id, code, deviceId, reason);
  if (returning) return refuse('returning');
  if (!deviceId) return refuse('no_device');
  if (referrer.signup_device === deviceId) return refuse('self');
  // The partial unique index decides a race of many sign-ups from one device: one row holds it.
  const held = await db.run(sql`INSERT INTO referrals (referee_id, referrer_id, code, device_id, status)
    VALUES (${refereeId}, ${referrer.id}, ${code}, ${deviceId}, 'pending')
    ON CONFLICT DO NOTHING`);
  if (held === 0) return refuse('device');
  await recordTrustEvent(db, referrer.id, 'referral_held', String(refereeId), { reason: 'not_yet_real' });
  return 'pending';
}

async function refused(
  db: Db,
  refereeId: number,
  referrerId: number,
  code: string,
  deviceId: string,
  reason: Refusal,
): Promise<Refusal> {
  await db.run(sql`INSERT INTO referrals (referee_id, referrer_id, code, device_id, status, reason)
    VALUES (${refereeId}, ${referrerId}, ${code}, ${deviceId}, 'refused', ${reason})
    ON CONFLICT (referee_id) DO NOTHING`);
  await recordTrustEvent(db, referrerId, 'referral_held', String(refereeId), { reason });
  return reason;
}

/**
 * The player's referral figures: friends whose referral paid or waits, the coins it paid, and
 * what became of the code the player signed up with.
 */
export async function referralSummary(
  db: Db,
  userId: number,
  rules: Pick<RewardRules, 'referral_new_user' | 'referral_referrer'>,
): Promise<ReferralSummary> {
  // A deleted friend's account stays as a tombstone and the referral row stays paid: the count and
  // the coins come from records nobody deletes, so they always agree.
  // The counts' subqueries name the player `u` in their own text: drizzle writes a column of a
  // one-table select unqualified, which a subquery would read as its own table's.
  const u = alias(users, 'u');
  const [row] = await db.orm
    .select({
      refer_code: u.refer_code,
      friends: sql<number>`(SELECT count(*)::int FROM referrals r WHERE r.referrer_id = u.id AND r.status = 'paid')`,
      former: sql<number>`(SELECT count(*)::int FROM referrals r JOIN users e ON e.id = r.referee_id
        WHERE r.referrer_id = u.id AND r.status = 'paid' AND e.deleted_at IS NOT NULL)`,
      pending: sql<number>`(SELECT count(*)::int FROM referrals r WHERE r.referrer_id = u.id AND r.status = 'pending')`,
      coins: sql<number>`(SELECT coalesce(sum(delta), 0)::int FROM coin_ledger l WHERE l.user_id = u.id
        AND l.reason = 'referral_reward')`,
    })
    .from(u)
    .where(eq(u.id, userId));
  const [own] = await db.orm
    .select({ status: sql<'pending' | 'paid' | 'refused'>`${referrals.status}` })
    .from(referrals)
    .where(eq(referrals.referee_id, userId));
  return {
    refer_code: row!.refer_code,
    friends: row!.friends,
    former_friends: row!.former,
    coins_earned: row!.coins,
    pending_friends: row!.pending,
    pending_coins: row!.pending * rules.referral_referrer,
    own_referral: own ? { status: own.status, coins: rules.referral_new_user } : null,
    new_user_bonus: rules.referral_new_user,
    referrer_bonus: rules.referral_referrer,
  };
}
