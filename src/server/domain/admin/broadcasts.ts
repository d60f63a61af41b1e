import type { AdminBroadcast } from '../../../core/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { notificationBroadcasts, users } from '../../db/schema';
import { isoSeconds } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { appLanguages } from '../app-languages';

export interface NewBroadcast {
  audience: 'all' | 'language' | 'user';
  language_code?: string;
  user_id?: number;
  title: string;
  message: string;
}

const broadcastColumns = {
  id: notificationBroadcasts.id,
  // The table's CHECK keeps the audience to these three.
  audience: sql<AdminBroadcast['audience']>`${notificationBroadcasts.audience}`,
  language_code: notificationBroadcasts.language_code,
  user_id: notificationBroadcasts.user_id,
  user_name: sql<string>`coalesce(${users.name}, '')`,
  title: notificationBroadcasts.title,
  message: notificationBroadcasts.message,
  recipients: notificationBroadcasts.recipients,
  reads: sql<number>`coalesce((SELECT count(*)::int FROM notification_reads r
    JOIN notifications n ON n.id = r.notification_id WHERE n.broadcast_id = ${notificationBroadcasts.id}), 0)`,
  push_sent: sql<number>`coalesce((SELECT sum(n.push_sent)::int FROM notifications n
    WHERE n.broadcast_id = ${notificationBroadcasts.id}), 0)`,
  push_failed: sql<number>`coalesce((SELECT sum(n.push_failed)::int FROM notifications n
    WHERE n.broadcast_id = ${notificationBroadcasts.id}), 0)`,
  date: isoSeconds(notificationBroadcasts.created_at),
};

/**
 * Broadcasts with their recipient's name and delivery counts. The join makes drizzle name the
 * broadcast's columns by table, as the count subqueries need (a one-table select leaves them bare).
 */
const selectBroadcasts = (db: Db) =>
  db.orm
    .select(broadcastColumns)
    .from(notificationBroadcasts)
    .leftJoin(users, eq(users.id, notificationBroadcasts.user_id));

/**
 * An operator's notification: one notifications row whatever the audience (everyone, the players
 * of one interface language, or one player), shown in the app and pushed by the push ticker.
 */
export async function sendBroadcast(db: Db, adminId: number, b: NewBroadcast): Promise<AdminBroadcast> {
  let languageCode = '';
  let userId: number | null = null;
  if (b.audience === 'language') {
    if (!b.language_code)
      throw new AppError('invalid_input', { field: 'language_code', message: 'language_code: is required' });
    if (!(await appLanguages()).some((l) => l.code === b.language_code))
      throw new AppError('not_found', { field: 'language_code', message: 'No such interface language.' });
    languageCode = b.language_code;
  } else if (b.audience === 'user') {
    if (!b.user_id) throw new AppError('invalid_input', { field: 'user_id', message: 'user_id: is required' });
    const [u] = await db.orm.select({ id: users.id }).from(users).where(eq(users.id, b.user_id));
    if (!u) throw new AppError('not_found', { field: 'user_id', message: 'No such user.' });
    userId = b.user_id;
  }
  const [reach] = await db.orm
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.status, 1),
        userId ? eq(users.id, userId) : languageCode ? eq(users.web_language, languageCode) : undefined,
      ),
    );
  const [row] = await db.orm
    .insert(notificationBroadcasts)
    .values({
      admin_id: adminId,
      audience: b.audience,
      language_code: languageCode,
      user_id: userId,
      title: b.title,
      message: b.message,
      recipients: reach!.n,
    })
    .returning({ id: notificationBroadcasts.id });
  await db.run(sql`INSERT INTO notifications (user_id, type, title, message, language_code, broadcast_id)
    VALUES (${userId}, 'general', ${b.title}, ${b.message}, ${languageCode || null}, ${row!.id})`);
  const [sent] = await selectBroadcasts(db).where(eq(notificationBroadcasts.id, row!.id));
  return sent!;
}

/** Sent broadcasts, newest first, with their delivery counts. */
export async function listBroadcasts(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ rows: AdminBroadcast[]; total: number }> {
  const rows = await selectBroadcasts(db).orderBy(desc(notificationBroadcasts.id)).limit(limit).offset(offset);
  const [n] = await db.orm.select({ n: count() }).from(notificationBroadcasts);
  return { rows, total: n!.n };
}
