import type { AdminPaymentRequest, AdminReport } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import { isoSeconds } from '../../db/sql-helpers';
import { likePattern } from './content-common';
import { AppError } from '../../errors';
import { PAYOUT_SIGNALS } from './payout-review';

const REPORT_COLUMNS = sql`r.id, r.status, r.message,
  ${isoSeconds(sql`r.created_at`)} AS date,
  r.user_id, u.name AS user_name, q.id AS question_id, q.question, q.type AS question_type, q.options, q.answer,
  c.id AS category_id, c.name AS category_name,
  (SELECT count(*)::int FROM question_reports r2 WHERE r2.question_id = q.id AND r2.status = 'open') AS reports_on_question`;
const REPORT_FROM = sql`FROM question_reports r JOIN users u ON u.id = r.user_id
  JOIN questions q ON q.id = r.question_id JOIN categories c ON c.id = q.category_id`;

/** Question reports by state, newest first, each with its question and answer. */
export async function listReports(
  db: Db,
  o: { status: 'all' | 'open' | 'fixed' | 'dismissed'; offset: number; limit: number },
): Promise<{ rows: AdminReport[]; total: number }> {
  const where = o.status === 'all' ? sql`` : sql`WHERE r.status = ${o.status}`;
  const rows = await db.rows<AdminReport>(sql`SELECT ${REPORT_COLUMNS} ${REPORT_FROM} ${where}
    ORDER BY r.id DESC LIMIT ${o.limit} OFFSET ${o.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM question_reports r ${where}`);
  return { rows, total: n!.n };
}

async function report(db: Db, id: number): Promise<AdminReport> {
  const r = await db.one<AdminReport>(sql`SELECT ${REPORT_COLUMNS} ${REPORT_FROM} WHERE r.id = ${id}`);
  if (!r) throw new AppError('not_found', { field: 'report_id', message: 'No such report.' });
  return r;
}

/** Closes a report as fixed or dismissed (closing it again with the same state changes nothing). */
export async function resolveReport(
  db: Db,
  id: number,
  status: 'fixed' | 'dismissed',
): Promise<{ before: AdminReport; after: AdminReport }> {
  const before = await report(db, id);
  await db.run(sql`UPDATE question_reports SET status = ${status}, updated_at = now() WHERE id = ${id}`);
  return { before, after: await report(db, id) };
}

/**
 * Payout requests for the operator: by state, searched by player, oldest pending first by default;
 * each with the review's signals, and kept (as a deleted player's) when the account is deleted.
 */
export async function listAllPaymentRequests(
  db: Db,
  o: { status: string; search?: string; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: AdminPaymentRequest[]; total: number }> {
  const like = likePattern(o.search);
  const where = sql`WHERE TRUE ${o.status === 'all' ? sql`` : sql`AND p.status = ${o.status}`}
    ${like ? sql`AND (u.name ILIKE ${like} OR u.email ILIKE ${like} OR p.payment_address ILIKE ${like})` : sql``}`;
  const dir = o.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await db.rows<AdminPaymentRequest>(sql`SELECT p.id, p.payment_type, p.payment_address,
      p.payment_amount::float8 AS payment_amount, p.coin_used, p.details, p.status,
      ${isoSeconds(sql`p.created_at`)} AS date, ${isoSeconds(sql`p.settled_at`)} AS settled_at,
      p.user_id, u.name AS user_name, u.email AS user_email, ${PAYOUT_SIGNALS}
    FROM payment_requests p JOIN users u ON u.id = p.user_id ${where}
    ORDER BY p.id ${dir} LIMIT ${o.limit} OFFSET ${o.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n
    FROM payment_requests p JOIN users u ON u.id = p.user_id ${where}`);
  return { rows, total: n!.n };
}
