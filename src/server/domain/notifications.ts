import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationView } from '../../core/contract';
import type { Db } from '../db/client';
import { notificationReads, notifications } from '../db/schema';
import { isoSeconds } from '../db/sql-helpers';

/** A notification the server makes: its type and params, worded by the app in the player's language. */
export interface Notice {
  type: string;
  params?: Record<string, string | number>;
  /** Where a click leads in the app. */
  link?: string;
}

/** Notifies one player, in the caller's transaction (so a rolled-back change notifies nobody). */
export async function notify(db: Db, userId: number, n: Notice): Promise<void> {
  await db.run(sql`INSERT INTO notifications (user_id, type, params, link)
    VALUES (${userId}, ${n.type}, ${JSON.stringify(n.params ?? {})}::jsonb, ${n.link ?? ''})`);
}

/**
 * What a player sees: their own notifications, everyone's, and those sent to the players of their
 * interface language.
 */
function visibleTo(userId: number) {
  return sql`(n.user_id = ${userId} OR (n.user_id IS NULL AND (n.language_code IS NULL
    OR n.language_code = (SELECT web_language FROM users WHERE id = ${userId}))))`;
}

// The queries name them `n` and `r` (visibleTo and the orderings are written against `n`).
const n = alias(notifications, 'n');
const r = alias(notificationReads, 'r');

/** Notifications as a player sees them, with their read state (joined from `r`). */
const viewColumns = {
  id: n.id,
  type: n.type,
  params: sql<NotificationView['params']>`${n.params}`,
  title: n.title,
  message: n.message,
  link: n.link,
  date: isoSeconds(n.created_at),
  read: sql<boolean>`(${r.notification_id} IS NOT NULL)`,
} satisfies Record<keyof NotificationView, unknown>;

/** The views of the notifications `where` picks, with the player's read state. */
function views(db: Db, userId: number, where: SQL | undefined) {
  return db.orm
    .select(viewColumns)
    .from(n)
    .leftJoin(r, and(eq(r.notification_id, n.id), eq(r.user_id, userId)))
    .where(where);
}

/** The player's notifications and everyone's, with their read state: a page and the total. */
export async function listNotifications(
  db: Db,
  userId: number,
  o: { offset: number; limit: number; sort: 'id' | 'date'; order: 'asc' | 'desc' },
): Promise<{ rows: NotificationView[]; total: number }> {
  const mine = visibleTo(userId);
  const dir = o.order === 'asc' ? sql`ASC` : sql`DESC`;
  // By date, then id: rows of one instant keep one order, so pages neither skip nor repeat.
  const by = o.sort === 'date' ? sql`n.created_at ${dir}, n.id ${dir}` : sql`n.id ${dir}`;
  const rows = await views(db, userId, mine).orderBy(by).limit(o.limit).offset(o.offset);
  const [counts] = await db.orm.select({ total: count() }).from(n).where(mine);
  return { rows, total: counts!.total };
}

/** Marks notifications read (the ones given, or all the player can see); answers the unread left. */
export async function markRead(db: Db, userId: number, ids: number[] | 'all'): Promise<number> {
  const which = ids === 'all' ? sql`TRUE` : sql`n.id = ANY(${`{${ids.join(',')}}`}::integer[])`;
  await db.run(sql`INSERT INTO notification_reads (user_id, notification_id)
    SELECT ${userId}, n.id FROM notifications n
    WHERE ${visibleTo(userId)} AND ${which}
    ON CONFLICT DO NOTHING`);
  return unreadCount(db, userId);
}

/** How many notifications the player can see and has not read. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [left] = await db.orm
    .select({ unread: count() })
    .from(n)
    .where(
      and(
        visibleTo(userId),
        sql`NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ${userId})`,
      ),
    );
  return left!.unread;
}

/** One notification as the player sees it, with their unread count; null when it is not theirs to see. */
export async function noticeFor(
  db: Db,
  userId: number,
  id: number,
): Promise<{ notification: NotificationView; unread: number } | null> {
  const [row] = await views(db, userId, and(eq(n.id, id), visibleTo(userId)));
  return row ? { notification: row, unread: await unreadCount(db, userId) } : null;
}
