import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media, pushSubscriptions, users, type Row } from '../db/schema';

/** This device's FCM token, now the player's: one device's token, so no other account keeps it. */
export async function setFcmId(db: Db, userId: number, fcmId: string): Promise<void> {
  if (fcmId)
    await db.orm
      .update(users)
      .set({ fcm_id: '' })
      .where(and(eq(users.fcm_id, fcmId), ne(users.id, userId)));
  await db.orm.update(users).set({ fcm_id: fcmId }).where(eq(users.id, userId));
}

/** Records that the player's e-mail or phone is verified (once: the first time stands). */
export async function markContactVerified(db: Db, userId: number): Promise<void> {
  await db.orm
    .update(users)
    .set({ contact_verified_at: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.contact_verified_at)));
}

/** What a player may change of their profile (every field given: the caller merges). */
export type ProfileFields = Pick<Row<typeof users>, 'name' | 'mobile' | 'email' | 'web_language'>;

/** Saves the player's profile fields. */
export async function saveProfile(db: Db, userId: number, p: ProfileFields): Promise<void> {
  await db.orm
    .update(users)
    .set({ name: p.name, mobile: p.mobile, email: p.email, web_language: p.web_language })
    .where(eq(users.id, userId));
}

/**
 * The player's picture, replaced by a WebP we keep (the previous one is deleted) and served from
 * `/media/<id>.webp`.
 */
export async function replaceProfileImage(db: Db, userId: number, mediaId: string, webp: Buffer): Promise<void> {
  await db.orm.delete(media).where(and(eq(media.owner_id, userId), eq(media.kind, 'profile')));
  await db.orm
    .insert(media)
    .values({ id: mediaId, owner_id: userId, kind: 'profile', content_type: 'image/webp', bytes: webp });
  await db.orm
    .update(users)
    .set({ profile: `/media/${mediaId}.webp` })
    .where(eq(users.id, userId));
}

/** Saves a browser's push subscription as the player's (an endpoint moves to whoever last subscribed it). */
export async function savePushSubscription(
  db: Db,
  userId: number,
  s: Pick<Row<typeof pushSubscriptions>, 'endpoint' | 'p256dh' | 'auth'>,
): Promise<void> {
  await db.orm
    .insert(pushSubscriptions)
    .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        user_id: sql`excluded.user_id`,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        created_at: sql`now()`,
      },
    });
}

/** Forgets the player's subscription of one endpoint (another player's stays). */
export async function deletePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.orm
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, userId)));
}

/** The player's name and picture (empty texts for an unknown id). */
export async function nameAndPicture(db: Db, userId: number): Promise<{ name: string; profile: string }> {
  const [u] = await db.orm.select({ name: users.name, profile: users.profile }).from(users).where(eq(users.id, userId));
  return u ?? { name: '', profile: '' };
}

/** The player's coins and score. */
export async function coinsAndScore(db: Db, userId: number): Promise<{ coins: number; score: number }> {
  const [u] = await db.orm
    .select({ coins: users.coins, score: sql<number>`${users.score}::integer` })
    .from(users)
    .where(eq(users.id, userId));
  return u!;
}
