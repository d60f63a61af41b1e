import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemoContent } from '../db/seed/seed';
import { ROOT } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database each test file copies. */
    pgTemplate: string;
    /** PGlite: a dumped, migrated and seeded data dir each test file loads. */
    pgliteTemplate: string;
  }
}

export const TEMPLATE_DB = `quiz_test_tmpl_${process.pid}`;

/**
 * Migrates and seeds one database before the server suites: a template database on
 * PostgreSQL (when DATABASE_URL is set), a dumped data dir on PGlite. Files copy it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const u = new URL(url);
    u.pathname = `/${TEMPLATE_DB}`;
    const db = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
    await migrate(db);
    await seedDemoContent(db);
    await db.close();
    project.provide('pgTemplate', TEMPLATE_DB);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await admin.end();
    };
  }
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemoContent(db);
  const dump = await (db as unknown as { pglite: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).pglite.dumpDataDir(
    'gzip',
  );
  const dir = join(ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgTemplate', '');
  project.provide('pgliteTemplate', file);
}
