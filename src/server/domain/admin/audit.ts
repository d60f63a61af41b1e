import type { AuditEntry } from '../../../core/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { isoSeconds } from '../../db/sql-helpers';

/** What an admin action says about itself: what it touched, as it was and as it is. */
export interface AuditNote {
  /** `kind:id`, such as `user:12` or `question:40`. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Input fields never written to the log. */
const SECRET = /password|token|secret|key$/i;

function redact(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, SECRET.test(k) ? '[redacted]' : v]));
}

/** Writes an admin action's audit rows (one per note, or one with its input alone) in its transaction. */
export async function writeAudit(
  db: Db,
  a: { adminId: number; action: string; ip: string; input: Record<string, unknown>; notes: AuditNote[] },
): Promise<void> {
  const input = JSON.stringify(redact(a.input));
  const notes = a.notes.length > 0 ? a.notes : [{ target: '' }];
  for (const n of notes) {
    await db.run(sql`INSERT INTO audit_log (admin_id, action, target, before, after, input, ip)
      VALUES (${a.adminId}, ${a.action}, ${n.target},
        ${n.before === undefined ? null : JSON.stringify(n.before)}::jsonb,
        ${n.after === undefined ? null : JSON.stringify(n.after)}::jsonb,
        ${input}::jsonb, ${a.ip})`);
  }
}

/** A page of the audit log, newest first, filtered by action, target or admin. */
export async function listAudit(
  db: Db,
  o: { action?: string; target?: string; admin_id?: number; offset: number; limit: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = and(
    o.action ? eq(auditLog.action, o.action) : undefined,
    o.target ? eq(auditLog.target, o.target) : undefined,
    o.admin_id ? eq(auditLog.admin_id, o.admin_id) : undefined,
  );
  const rows: AuditEntry[] = await db.orm
    .select({
      id: sql<number>`${auditLog.id}::integer`,
      admin_id: auditLog.admin_id,
      admin_name: sql<string>`coalesce(${users.name}, '')`,
      action: auditLog.action,
      target: auditLog.target,
      // The jsonb values as the driver parsed them (the column decoder would parse a string again).
      before: sql<unknown>`${auditLog.before}`,
      after: sql<unknown>`${auditLog.after}`,
      input: sql<unknown>`${auditLog.input}`,
      ip: auditLog.ip,
      date: isoSeconds(auditLog.created_at),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.admin_id))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(o.limit)
    .offset(o.offset);
  const [n] = await db.orm.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: n!.n };
}
