import { randomInt } from 'node:crypto';
import type { AccountType, UserRecord } from '../../core/contract';
import { sql, type Db } from '../db/client';
import { AppError } from '../http/errors';
import { isUniqueViolation } from '../http/idempotency';
import type { RewardRules } from '../../core/rules/reward-rules';
import { moveCoins } from './ledger';
import { applyReferral } from './referrals';

const USER_COLUMNS = sql`id, firebase_id, name, email, mobile, profile, type, fcm_id, coins,
  score::integer AS all_time_score, refer_code, friends_code, web_language, role, status,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date_registered`;

/** The user record of the API, or a 404. */
export async function userRecord(db: Db, id: number): Promise<UserRecord> {
  const u = await db.one<UserRecord>(sql`SELECT ${USER_COLUMNS} FROM users WHERE id = ${id}`);
  if (!u) throw new AppError('user_not_found');
  return u;
}

export async function userByFirebaseId(db: Db, firebaseId: string): Promise<UserRecord | undefined> {
  return db.one<UserRecord>(sql`SELECT ${USER_COLUMNS} FROM users WHERE firebase_id = ${firebaseId}`);
}

// No 0/O or 1/I: codes are read aloud and typed from screenshots.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function referCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

export interface NewUser {
  firebaseId: string;
  type: AccountType;
  name: string;
  email: string;
  mobile: string;
  profile: string;
  fcmId: string;
  friendsCode: string;
  /** This browser's install id ('' when not given). */
  deviceId: string;
  webLanguage: string;
  welcomeBonus: number;
  /** Refer and earn: what a referral pays the new player and the referrer. */
  referral: Pick<RewardRules, 'referral_new_user' | 'referral_referrer'>;
}

/**
 * Creates the account of an identity with its referral code and welcome bonus, in the
 * caller's transaction; when the identity already has one (a concurrent first sign-up), answers
 * that account instead and pays nothing.
 */
export async function createUser(db: Db, n: NewUser): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.tx((tx) =>
        tx.one<{ id: number }>(sql`INSERT INTO users
          (firebase_id, type, name, email, mobile, profile, fcm_id, refer_code, friends_code, web_language,
           signup_device)
          VALUES (${n.firebaseId}, ${n.type}, ${n.name}, ${n.email}, ${n.mobile}, ${n.profile},
                  ${n.fcmId}, ${referCode()}, ${n.friendsCode}, ${n.webLanguage}, ${n.deviceId})
          ON CONFLICT (firebase_id) DO NOTHING RETURNING id`),
      );
      if (!row) {
        const existing = await userByFirebaseId(db, n.firebaseId);
        if (!existing) throw new Error('account vanished during sign-up');
        return existing.id;
      }
      if (n.welcomeBonus > 0) {
        await moveCoins(db, { userId: row.id, delta: n.welcomeBonus, reason: 'welcome_bonus', opId: 'welcome_bonus' });
      }
      await applyReferral(db, n.referral, row.id, n.friendsCode, n.deviceId);
      return row.id;
    } catch (e) {
      // Two random referral codes clashed: the savepoint kept the transaction usable; retry.
      if (isUniqueViolation(e) && attempt < 5) continue;
      throw e;
    }
  }
}
