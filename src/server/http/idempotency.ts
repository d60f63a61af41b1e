import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { prepared } from '../db/prepared';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';
import type { ParsedBody } from './body';

export interface StoredReply {
  status_code: number;
  reply: unknown;
}

const KEY_RE = /^[A-Za-z0-9_-]{8,100}$/;

/** Validates an Idempotency-Key header; undefined when none was sent. */
export function idempotencyKey(header: unknown): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_RE.test(header)) {
    throw new AppError('invalid_input', {
      field: 'Idempotency-Key',
      message: 'Idempotency-Key must be 8 to 100 letters, digits, "-" or "_".',
    });
  }
  return header;
}

/** A fingerprint of the request, so that one key cannot be reused for another request. */
export function requestHash(action: string, body: ParsedBody): string {
  const h = createHash('sha256').update(action);
  for (const k of Object.keys(body.fields).sort()) h.update(`\n${k}=${JSON.stringify(body.fields[k])}`);
  for (const k of Object.keys(body.files).sort()) {
    h.update(`\n${k}#`).update(body.files[k]!.buffer);
  }
  return h.digest('base64url');
}

/** A key's stored reply, built once (run on every mutating call that sends a key). */
const readStored = prepared((orm) =>
  orm
    .select({
      request_hash: idempotencyKeys.request_hash,
      status_code: idempotencyKeys.status_code,
      // As the driver parsed it: the jsonb column's decoder would JSON.parse a stored string again.
      reply: sql<unknown>`${idempotencyKeys.reply}`,
    })
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.user_id, sql.placeholder('user_id')), eq(idempotencyKeys.key, sql.placeholder('key'))),
    ),
);

/** The reply stored for a key, after checking the key was used for the same request. */
export async function storedReply(db: Db, userId: number, key: string, hash: string): Promise<StoredReply | undefined> {
  const [row] = await readStored(db, { user_id: userId, key });
  if (!row) return undefined;
  if (row.request_hash !== hash) throw new AppError('idempotency_conflict');
  return { status_code: row.status_code, reply: row.reply };
}

/** Records the reply of a key (inside the action's transaction for successes). */
export async function storeReply(
  db: Db,
  userId: number,
  key: string,
  action: string,
  hash: string,
  statusCode: number,
  reply: unknown,
): Promise<void> {
  await db.run(sql`INSERT INTO idempotency_keys (user_id, key, action, request_hash, status_code, reply)
    VALUES (${userId}, ${key}, ${action}, ${hash}, ${statusCode}, ${JSON.stringify(reply)}::jsonb)`);
}
