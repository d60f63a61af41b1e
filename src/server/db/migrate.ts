import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATHS } from '../paths';
import type { Database } from './client';

// Any constant: every node takes this lock so that only one migrates at a time.
const MIGRATION_LOCK = 727_271;

/** Applies the versioned SQL files of db/migrations not applied yet, in order, each atomically. */
export async function migrate(db: Database, dir = PATHS.migrations): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  return db.session(async (q) => {
    await q(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await q(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await q('SELECT version FROM schema_migrations')).map((r) => r.version));
      const applied: string[] = [];
      for (const file of files) {
        const version = file.slice(0, -4);
        if (done.has(version)) continue;
        const script = readFileSync(join(dir, file), 'utf8');
        try {
          await q(`BEGIN;\n${script}\n;INSERT INTO schema_migrations (version) VALUES ('${version}');\nCOMMIT;`);
        } catch (e) {
          await q('ROLLBACK').catch(() => undefined);
          throw new Error(`Migration ${file} failed: ${(e as Error).message}`, { cause: e });
        }
        applied.push(version);
      }
      return applied;
    } finally {
      await q(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
