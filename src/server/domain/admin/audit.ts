import type { AuditEntry } from '../../../core/contract';
import { sql, type Db } from '../../db/client';

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
  const where = sql`WHERE TRUE
    ${o.action ? sql`AND a.action = ${o.action}` : sql``}
    ${o.target ? sql`AND a.target = ${o.target}` : sql``}
    ${o.admin_id ? sql`AND a.admin_id = ${o.admin_id}` : sql``}`;
  const rows = await db.rows<AuditEntry>(sql`SELECT a.id::integer AS id, a.admin_id, coalesce(u.name, '') AS admin_name,
      a.action, a.target, a.before, a.after, a.input, a.ip,
      to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date
    FROM audit_log a LEFT JOIN users u ON u.id = a.admin_id ${where}
    ORDER BY a.id DESC LIMIT ${o.limit} OFFSET ${o.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log a ${where}`);
  return { rows, total: n!.n };
}
