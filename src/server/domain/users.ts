import { randomInt } from 'node:crypto';
import type { AccountType, UserRecord } from '../../core/contract';
import { sql, type Db } from '../db/client';
import { AppError } from '../errors';
import { isUniqueViolation } from '../db/pg-errors';
import { moveCoins } from './ledger';
import { applyReferral } from './referrals';
import { inheritFromTombstones } from './tombstones';

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
  /** The address the sign-up came from (for the payout review). */
  signupIp: string;
  /** Whether the identity proof carried an e-mail or phone (providers only add verified ones). */
  contactVerified: boolean;
  webLanguage: string;
  welcomeBonus: number;
}

/**
 * Creates the account of an identity with its referral code and welcome bonus, in the
 * caller's transaction; when the identity already has one (a concurrent first sign-up), answers
 * that account instead and pays nothing. A person who deleted an account before gets no second
 * welcome bonus or referral, and keeps the levels they cleared (tombstones.ts).
 */
export async function createUser(db: Db, n: NewUser): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.tx((tx) =>
        tx.one<{ id: number }>(sql`INSERT INTO users
          (firebase_id, type, name, email, mobile, profile, fcm_id, refer_code, friends_code, web_language,
           signup_device, signup_ip, contact_verified_at)
          VALUES (${n.firebaseId}, ${n.type}, ${n.name}, ${n.email}, ${n.mobile}, ${n.profile},
                  ${n.fcmId}, ${referCode()}, ${n.friendsCode}, ${n.webLanguage}, ${n.deviceId}, ${n.signupIp},
                  ${n.contactVerified ? sql`now()` : sql`NULL`})
          ON CONFLICT (firebase_id) DO NOTHING RETURNING id`),
      );
      if (!row) {
        const existing = await userByFirebaseId(db, n.firebaseId);
        if (!existing) throw new Error('account vanished during sign-up');
        return existing.id;
      }
      const returning = await inheritFromTombstones(db, row.id, {
        firebase_id: n.firebaseId,
        email: n.email,
        mobile: n.mobile,
      });
      if (n.welcomeBonus > 0 && !returning) {
        await moveCoins(db, { userId: row.id, delta: n.welcomeBonus, reason: 'welcome_bonus', opId: 'welcome_bonus' });
      }
      await applyReferral(db, row.id, n.friendsCode, n.deviceId, returning);
      return row.id;
    } catch (e) {
      // Two random referral codes clashed: the savepoint kept the transaction usable; retry.
      if (isUniqueViolation(e) && attempt < 5) continue;
      throw e;
    }
  }
}
