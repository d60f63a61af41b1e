import { randomUUID } from 'node:crypto';
import type { AdminDashboard, AdminUser, LedgerEntry } from '../../../core/contract';
import { and, asc, count, desc, eq, ilike, isNotNull, or } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { authTokens, paymentRequests, questionReports, questions, rooms, users } from '../../db/schema';
import { isoSeconds } from '../../db/sql-helpers';
import { countOf, statusFlag } from './content-common';
import { AppError } from '../../errors';
import { moveCoins } from '../ledger';
import { latestLedgerEntry, ledgerPage } from '../wallet-history';
import { forgetUserHere } from '../../auth/token-cache';

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  type: users.type,
  // The table's CHECK keeps the role to these two.
  role: sql<AdminUser['role']>`${users.role}`,
  status: statusFlag(users.status),
  deactivation_reason: users.deactivation_reason,
  coins: users.coins,
  score: sql<number>`${users.score}::integer`,
  created_at: isoSeconds(users.created_at),
  sessions: sql<number>`(SELECT count(*)::int FROM ${authTokens} t WHERE t.user_id = ${users.id}
    AND t.revoked_at IS NULL AND t.expires_at > now())`,
};

export interface UserQuery {
  search?: string;
  status: 'all' | 'active' | 'deactivated';
  role: 'all' | 'player' | 'admin';
  sort: 'id' | 'name' | 'coins' | 'score' | 'created_at';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const SORTS = {
  id: sql`${users.id}`,
  name: sql`lower(${users.name})`,
  coins: sql`${users.coins}`,
  score: sql`${users.score}`,
  created_at: sql`${users.created_at}`,
};

/** Accounts matching a search (name, e-mail, phone or id), a page of them and how many. */
export async function listUsers(db: Db, q: UserQuery): Promise<{ rows: AdminUser[]; total: number }> {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    like
      ? or(
          ilike(users.name, like),
          ilike(users.email, like),
          ilike(users.mobile, like),
          sql`${users.id}::text = ${q.search}`,
        )
      : undefined,
    q.status === 'active' ? eq(users.status, 1) : q.status === 'deactivated' ? eq(users.status, 0) : undefined,
    q.role === 'all' ? undefined : eq(users.role, q.role),
  );
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db.orm
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(dir(SORTS[q.sort]), dir(users.id))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(users).where(where);
  return { rows, total: n!.n };
}

/** One account as the console shows it, or a 404. */
export async function adminUser(db: Db, id: number): Promise<AdminUser> {
  const [u] = await db.orm.select(userColumns).from(users).where(eq(users.id, id));
  if (!u) throw new AppError('not_found', { field: 'user_id', message: 'No such user.' });
  return u;
}

/** Signs an account out everywhere: its live tokens are revoked. */
export async function revokeSessions(db: Db, userId: number): Promise<number> {
  forgetUserHere(userId);
  const rows = await db.rows(sql`UPDATE auth_tokens SET revoked_at = now()
    WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING 1 AS one`);
  return rows.length;
}

/**
 * Deactivates (with a reason; signed out everywhere) or reactivates an account. An admin cannot
 * deactivate themself (the console would lock its only operator out).
 */
export async function setUserStatus(
  db: Db,
  adminId: number,
  o: { userId: number; status: 0 | 1; reason?: string },
): Promise<{ before: AdminUser; after: AdminUser }> {
  const before = await adminUser(db, o.userId);
  if (o.status === 0 && !o.reason)
    throw new AppError('invalid_input', { field: 'reason', message: 'reason: is required to deactivate' });
  if (o.status === 0 && o.userId === adminId)
    throw new AppError('forbidden', { message: 'You cannot deactivate your own account.' });
  // A deleted account is a tombstone of the books: it never comes back.
  const [gone] = await db.orm
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, o.userId), isNotNull(users.deleted_at)));
  if (gone) throw new AppError('forbidden', { message: 'This account was deleted by its player.' });
  await db.run(sql`UPDATE users SET status = ${o.status},
    deactivation_reason = ${o.status === 0 ? o.reason! : ''} WHERE id = ${o.userId}`);
  if (o.status === 0) await revokeSessions(db, o.userId);
  return { before, after: await adminUser(db, o.userId) };
}

/** A coin adjustment: one ledger row (reason `admin_adjust`, the operator's words as its ref). */
export async function adjustCoins(
  db: Db,
  o: { userId: number; amount: number; reason: string },
): Promise<{ coins: number; before: number; entry: LedgerEntry }> {
  const before = (await adminUser(db, o.userId)).coins;
  const moved = await moveCoins(db, {
    userId: o.userId,
    delta: o.amount,
    reason: 'admin_adjust',
    ref: o.reason,
    opId: `admin:${randomUUID()}`,
  });
  const entry = (await latestLedgerEntry(db, o.userId))!;
  return { coins: moved.balance, before, entry };
}

/** A player's coin history for the console, newest first. */
export async function coinHistory(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<{ rows: LedgerEntry[]; total: number }> {
  await adminUser(db, userId);
  return ledgerPage(db, userId, { offset, limit });
}

/** The console's first screen: what needs the operator's attention and how the site is doing. */
export async function dashboard(db: Db): Promise<Omit<AdminDashboard, 'undeliverable'>> {
  // The players' count and coins come from one scan of users; the other figures count their own tables.
  const [d] = await db.orm
    .select({
      users: count(),
      active_7d: sql<number>`(SELECT count(DISTINCT user_id)::int FROM play_sessions
        WHERE started_at > now() - interval '7 days')`,
      questions: countOf(questions, sql`${questions.status} = 1`),
      open_reports: countOf(questionReports, sql`${questionReports.status} = 'open'`),
      pending_payouts: countOf(paymentRequests, sql`${paymentRequests.status} = 'pending'`),
      coins_held: sql<number>`coalesce(sum(${users.coins}), 0)::bigint::float8`,
      live_rooms: countOf(rooms, sql`${rooms.status} IN ('waiting', 'playing')`),
    })
    .from(users)
    .where(eq(users.role, 'player'));
  return d!;
}
