import { randomInt } from 'node:crypto';
import type { AccountType, UserRecord } from '../../core/contract';
import { eq } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { users } from '../db/schema';
import { isoSeconds } from '../db/sql-helpers';
import { AppError } from '../errors';
import { isUniqueViolation } from '../db/pg-errors';
import { moveCoins } from './ledger';
import { applyReferral } from './referrals';
import { inheritFromTombstones } from './tombstones';

/** The API's user record (the column names are the API's, but for the score and the date). */
const userColumns = {
  id: users.id,
  firebase_id: users.firebase_id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  profile: users.profile,
  type: sql<UserRecord['type']>`${users.type}`,
  fcm_id: users.fcm_id,
  coins: users.coins,
  all_time_score: sql<number>`${users.score}::integer`,
  refer_code: users.refer_code,
  friends_code: users.friends_code,
  web_language: users.web_language,
  role: sql<UserRecord['role']>`${users.role}`,
  status: sql<UserRecord['status']>`${users.status}`,
  date_registered: isoSeconds(users.created_at),
} satisfies Record<Exclude<keyof UserRecord, 'api_token'>, unknown>;

/** The user record of the API, or a 404. */
export async function userRecord(db: Db, id: number): Promise<UserRecord> {
  const [u] = await db.orm.select(userColumns).from(users).where(eq(users.id, id));
  if (!u) throw new AppError('user_not_found');
  return u;
}

/** The user record of an identity, if it has an account. */
export async function userByFirebaseId(db: Db, firebaseId: string): Promise<UserRecord | undefined> {
  const [u] = await db.orm.select(userColumns).from(users).where(eq(users.firebase_id, firebaseId));
  return u;
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
      const [row] = await db.tx((tx) =>
        tx.orm
          .insert(users)
          .values({
            firebase_id: n.firebaseId,
            type: n.type,
            name: n.name,
            email: n.email,
            mobile: n.mobile,
            profile: n.profile,
            fcm_id: n.fcmId,
            refer_code: referCode(),
            friends_code: n.friendsCode,
            web_language: n.webLanguage,
            signup_device: n.deviceId,
            signup_ip: n.signupIp,
            contact_verified_at: n.contactVerified ? sql`now()` : null,
          })
          .onConflictDoNothing({ target: users.firebase_id })
          .returning({ id: users.id }),
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
