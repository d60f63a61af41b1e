import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * A server secret by name: the configured value, else one generated once and kept in the
 * database, so that every node of a cluster signs with the same key.
 */
export async function serverSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  await db.run(sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${fresh})
                   ON CONFLICT (name) DO NOTHING`);
  const [row] = await db.orm.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
