import { randomBytes } from 'node:crypto';
import { sql, type Db } from '../db/client';

/**
 * A server secret by name: the configured value, else one generated once and kept in the
 * database, so that every node of a cluster signs with the same key.
 */
export async function serverSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  await db.run(sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${fresh})
                   ON CONFLICT (name) DO NOTHING`);
  const row = await db.one<{ value: string }>(sql`SELECT value FROM app_secrets WHERE name = ${name}`);
  return row!.value;
}
