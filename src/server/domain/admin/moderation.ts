import type { AdminPaymentRequest, AdminReport } from '../../../core/contract';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { categories, paymentRequests, questionReports, questions, users } from '../../db/schema';
import { isoSeconds } from '../../db/sql-helpers';
import { likePattern } from './content-common';
import { AppError } from '../../errors';
import { requestColumns } from '../payouts';
import { payer, payoutSignals } from './payout-review';

const reportColumns = {
  id: questionReports.id,
  // The table's CHECK keeps the state to these three.
  status: sql<AdminReport['status']>`${questionReports.status}`,
  message: questionReports.message,
  date: isoSeconds(questionReports.created_at),
  user_id: questionReports.user_id,
  user_name: users.name,
  question_id: questions.id,
  question: questions.question,
  question_type: questions.type,
  // The jsonb values as the driver parsed them (the column decoder would parse a string again).
  options: sql<unknown>`${questions.options}`,
  answer: sql<unknown>`${questions.answer}`,
  category_id: categories.id,
  category_name: categories.name,
  reports_on_question: sql<number>`(SELECT count(*)::int FROM question_reports r2
    WHERE r2.question_id = ${questions.id} AND r2.status = 'open')`,
};

/** Reports with their player, question and category (the joins name every column by its table). */
const selectReports = (db: Db) =>
  db.orm
    .select(reportColumns)
    .from(questionReports)
    .innerJoin(users, eq(users.id, questionReports.user_id))
    .innerJoin(questions, eq(questions.id, questionReports.question_id))
    .innerJoin(categories, eq(categories.id, questions.category_id));

/** Question reports by state, newest first, each with its question and answer. */
export async function listReports(
  db: Db,
  o: { status: 'all' | 'open' | 'fixed' | 'dismissed'; offset: number; limit: number },
): Promise<{ rows: AdminReport[]; total: number }> {
  const where = o.status === 'all' ? undefined : eq(questionReports.status, o.status);
  const rows = await selectReports(db).where(where).orderBy(desc(questionReports.id)).limit(o.limit).offset(o.offset);
  const [n] = await db.orm.select({ n: count() }).from(questionReports).where(where);
  return { rows, total: n!.n };
}

async function report(db: Db, id: number): Promise<AdminReport> {
  const [r] = await selectReports(db).where(eq(questionReports.id, id));
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
  const where = and(
    o.status === 'all' ? undefined : eq(paymentRequests.status, o.status),
    like
      ? or(ilike(payer.name, like), ilike(payer.email, like), ilike(paymentRequests.payment_address, like))
      : undefined,
  );
  const dir = o.order === 'asc' ? asc : desc;
  const rows = await db.orm
    .select({
      ...requestColumns,
      settled_at: sql<string | null>`${isoSeconds(paymentRequests.settled_at)}`,
      user_id: paymentRequests.user_id,
      user_name: payer.name,
      user_email: payer.email,
      ...payoutSignals,
    })
    .from(paymentRequests)
    .innerJoin(payer, eq(payer.id, paymentRequests.user_id))
    .where(where)
    .orderBy(dir(paymentRequests.id))
    .limit(o.limit)
    .offset(o.offset);
  const [n] = await db.orm
    .select({ n: count() })
    .from(paymentRequests)
    .innerJoin(payer, eq(payer.id, paymentRequests.user_id))
    .where(where);
  return { rows, total: n!.n };
}
