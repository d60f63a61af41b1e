import { createHmac } from 'node:crypto';
import { revokeAllTokens } from '../auth/api-tokens';
import { serverSecret } from '../auth/secrets';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { users, type Row } from '../db/schema';

// Hashes (base64url) and ids need no quoting inside an array literal.
const pgArray = (xs: readonly (string | number)[]) => `{${xs.join(',')}}`;

/** What identifies a person across accounts: their identity, e-mail and phone. */
export type Contact = Pick<Row<typeof users>, 'firebase_id' | 'email' | 'mobile'>;

/**
 * Keyed hashes of a contact's identity, e-mail and phone. Keyed (HMAC with a server secret), so
 * a copy of the database alone cannot test a list of addresses against them.
 */
export async function contactMarks(db: Db, c: Contact): Promise<string[]> {
  const key = await serverSecret(db, 'contact_marks');
  const parts = [`id:${c.firebase_id}`];
  if (c.email.trim()) parts.push(`email:${c.email.trim().toLowerCase()}`);
  if (c.mobile.trim()) parts.push(`mobile:${c.mobile.replace(/[^\d+]/g, '')}`);
  return parts.map((p) => createHmac('sha256', key).update(p).digest('base64url'));
}

/**
 * Deletes an account the way a ledger allows: personal data (name, e-mail, phone, avatar,
 * identity, tokens, push subscriptions, FCM id, local password, leaderboard rows) is erased, the row stays as a
 * tombstone carrying the money records, progress and trust events, and the keyed marks of the
 * contact let the same person's next account be recognised. In the caller's transaction.
 */
export async function eraseAccount(db: Db, userId: number): Promise<void> {
  const [u] = await db.orm
    .select({ firebase_id: users.firebase_id, email: users.email, mobile: users.mobile })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)))
    .for('update');
  if (!u) return;
  for (const hash of await contactMarks(db, u)) {
    await db.run(sql`INSERT INTO contact_marks (hash, user_id) VALUES (${hash}, ${userId}) ON CONFLICT DO NOTHING`);
  }
  if (u.firebase_id.startsWith('email:')) {
    await db.run(sql`DELETE FROM local_accounts WHERE id::text = ${u.firebase_id.slice(6)}`);
  }
  await revokeAllTokens(db, userId);
  await db.run(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
  await db.run(sql`DELETE FROM media WHERE owner_id = ${userId} AND kind = 'profile'`);
  // Off the leaderboards (their histogram follows by trigger): boards show players' names.
  await db.run(sql`DELETE FROM lb_scores WHERE user_id = ${userId}`);
  // The identity is freed (a new sign-up with it makes a new account); status 0 keeps the
  // tombstone out of sign-in, referrals and leaderboards.
  await db.run(sql`UPDATE users SET firebase_id = ${`deleted:${userId}`}, name = '', email = '', mobile = '',
      profile = '', fcm_id = '', status = 0, deactivation_reason = 'deleted', deleted_at = now()
    WHERE id = ${userId}`);
}

/**
 * Recognises a returning person at sign-up, in the sign-up's transaction: when deleted accounts
 * share the new one's identity, e-mail or phone, the new account joins their lineage (payout
 * window and account age count from the first) and takes over their level progress, so levels
 * cleared before pay no first-clear coins again. Answers whether the person is returning.
 */
export async function inheritFromTombstones(db: Db, userId: number, c: Contact): Promise<boolean> {
  const marks = await contactMarks(db, c);
  const olds = await db.orm
    .select({ id: users.id, lineage: sql<number>`coalesce(${users.lineage_id}, ${users.id})` })
    .from(users)
    .where(
      and(
        isNotNull(users.deleted_at),
        sql`${users.id} IN (SELECT user_id FROM contact_marks WHERE hash = ANY(${pgArray(marks)}::text[]))`,
      ),
    )
    .orderBy(users.created_at, users.id);
  if (olds.length === 0) return false;
  const ids = olds.map((o) => o.id);
  await db.run(sql`UPDATE users SET lineage_id = ${olds[0]!.lineage} WHERE id = ${userId}`);
  await db.run(sql`INSERT INTO level_results (user_id, mode, category, subcategory, level, best_score, plays, cleared_at)
    SELECT ${userId}, mode, category, subcategory, level, max(best_score), sum(plays)::int, min(cleared_at)
    FROM level_results WHERE user_id = ANY(${pgArray(ids)}::int[])
    GROUP BY mode, category, subcategory, level
    ON CONFLICT (user_id, mode, category, subcategory, level) DO NOTHING`);
  await db.run(sql`INSERT INTO level_progress (user_id, mode, category, subcategory, unlocked_level)
    SELECT ${userId}, mode, category, subcategory, max(unlocked_level)
    FROM level_progress WHERE user_id = ANY(${pgArray(ids)}::int[])
    GROUP BY mode, category, subcategory
    ON CONFLICT (user_id, mode, category, subcategory) DO NOTHING`);
  return true;
}

/** The ids of a player's lineage: this account and the deleted accounts it continues. */
export function lineageIds(userId: number) {
  return sql`(SELECT l.id FROM users me JOIN users l ON coalesce(l.lineage_id, l.id) = coalesce(me.lineage_id, me.id)
    WHERE me.id = ${userId})`;
}
