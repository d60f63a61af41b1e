import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { Clock } from '../domain/clock';

export interface TestApp {
  app: App;
  db: Database;
  /** The fresh database's URL on PostgreSQL (another process can open it); undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A fresh database copied from the migrated, seeded template (PostgreSQL or PGlite). */
async function freshDatabase(): Promise<{ db: Database; url?: string; drop(): Promise<void> }> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `quiz_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Two files copying the template at the same moment may collide: retry briefly.
    for (let i = 0; ; i++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (e) {
        if (i > 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: u.toString(), poolSize: 5 });
    return {
      db,
      url: u.toString(),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const db = await openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
  return { db, drop: async () => undefined };
}

/**
 * Builds the real app on a fresh real database; `env` overrides configuration. The battle rooms'
 * worker thread (BATTLE_DB_WORKER, on PostgreSQL) is off unless `env` turns it on: the live-battle
 * suites do, the others need no thread of their own per app.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  o: { logger?: FastifyServerOptions['logger']; clock?: Clock } = {},
): Promise<TestApp> {
  const { db, url, drop } = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    STATIC_DIR: '/nonexistent',
    BATTLE_DB_WORKER: '0',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  const app = await buildApp({
    config,
    db,
    ...(o.logger ? { logger: o.logger } : {}),
    ...(o.clock ? { clock: o.clock } : {}),
  });
  await app.ready();
  return {
    app,
    db: settledAfterWrites(db, () => app.services.tokens.settle(db)),
    databaseUrl: url,
    close: async () => {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/**
 * The database as a test holds it: after each of the test's own statements, waits until this
 * app's token cache has heard what they changed (the NOTIFY of migration 0035 reaches it in
 * commit order, on PostgreSQL through a connection of its own, so maybe after the test's next
 * request). A test that deactivates a player with SQL then sees them refused at once, as the
 * app's own revocations are; the cache's own bounds are tested in auth/token-cache.test.ts.
 */
function settledAfterWrites(db: Database, settle: () => Promise<void>): Database {
  const after =
    <A extends unknown[], T>(fn: (...a: A) => Promise<T>) =>
    async (...a: A): Promise<T> => {
      const out = await fn(...a);
      await settle();
      return out;
    };
  return {
    ...db,
    rows: after((q) => db.rows(q)),
    one: after((q) => db.one(q)),
    run: after((q) => db.run(q)),
    tx: after((fn) => db.tx(fn)),
  } as Database;
}
