import type { RewardRules } from '../../core/rules/reward-rules';
import { sql, type Db } from '../db/client';
import { checkBadges } from './badges';
import { moveCoins } from './ledger';
import { notify } from './notifications';

/** What became of a referral code given at sign-up. */
export type ReferralOutcome = 'paid' | 'self' | 'device' | 'no_device' | 'unknown_code' | 'none';

/**
 * Applies the referral code a new account signed up with, in its sign-up transaction: the new
 * player and the referrer are paid once each (ledger op ids), unless the code is unknown (or the
 * bot's), the referrer signed up on this very device (self-referral), or this code has already
 * paid on this device, or the sign-up names no device (the once-a-device rule could not hold).
 * The referral is recorded either way.
 */
export async function applyReferral(
  db: Db,
  rules: Pick<RewardRules, 'referral_new_user' | 'referral_referrer'>,
  refereeId: number,
  code: string,
  deviceId: string,
): Promise<ReferralOutcome> {
  if (!code) return 'none';
  const referrer = await db.one<{ id: number; signup_device: string }>(sql`SELECT id, signup_device FROM users
    WHERE refer_code = ${code} AND id <> ${refereeId} AND status = 1 AND firebase_id NOT LIKE 'bot:%'`);
  if (!referrer) return 'unknown_code';
  if (!deviceId) {
    await record(db, refereeId, referrer.id, code, deviceId, 'refused', 'no_device');
    return 'no_device';
  }
  if (referrer.signup_device === deviceId) {
    await record(db, refereeId, referrer.id, code, deviceId, 'refused', 'self');
    return 'self';
  }
  // The partial unique index decides a race of many sign-ups from one device: one row is paid.
  const paid = await db.run(sql`INSERT INTO referrals (referee_id, referrer_id, code, device_id, status)
    VALUES (${refereeId}, ${referrer.id}, ${code}, ${deviceId}, 'paid')
    ON CONFLICT DO NOTHING`);
  if (paid === 0) {
    await record(db, refereeId, referrer.id, code, deviceId, 'refused', 'device');
    return 'device';
  }
  if (rules.referral_new_user > 0)
    await moveCoins(db, {
      userId: refereeId,
      delta: rules.referral_new_user,
      reason: 'referral_bonus',
      ref: String(referrer.id),
      opId: 'referral_bonus',
    });
  if (rules.referral_referrer > 0)
    await moveCoins(db, {
      userId: referrer.id,
      delta: rules.referral_referrer,
      reason: 'referral_reward',
      ref: String(refereeId),
      opId: `referral:${refereeId}`,
    });
  await notify(db, referrer.id, {
    type: 'referral',
    params: { coins: rules.referral_referrer },
    link: '/profile/refer',
  });
  // The referrer's count (Sharing Caring) and coins earned (Elite) moved: their badges now.
  await checkBadges(db, referrer.id);
  return 'paid';
}

async function record(
  db: Db,
  refereeId: number,
  referrerId: number,
  code: string,
  deviceId: string,
  status: 'refused',
  reason: 'self' | 'device' | 'no_device',
) {
  await db.run(sql`INSERT INTO referrals (referee_id, referrer_id, code, device_id, status, reason)
    VALUES (${refereeId}, ${referrerId}, ${code}, ${deviceId}, ${status}, ${reason})
    ON CONFLICT (referee_id) DO NOTHING`);
}

/** The player's referral figures: friends who joined with their code and the coins it paid. */
export async function referralSummary(db: Db, userId: number) {
  const row = await db.one<{ refer_code: string; friends: number; coins: number }>(sql`SELECT u.refer_code,
      (SELECT count(*)::int FROM referrals r WHERE r.referrer_id = u.id AND r.status = 'paid') AS friends,
      (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger l WHERE l.user_id = u.id
        AND l.reason = 'referral_reward') AS coins
    FROM users u WHERE u.id = ${userId}`);
  return { refer_code: row!.refer_code, friends: row!.friends, coins_earned: row!.coins };
}
