// The databases a benchmark runs on: PostgreSQL (a database of its own, re-created and dropped;
// skipped with a message when DATABASE_URL is unset) and PGlite (a temporary directory).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';

/** Runs `fn` on a fresh PostgreSQL database `name` of the server at `databaseUrl`, then drops it. */
export async function onPostgres(
  databaseUrl: string | undefined,
  name: string,
  poolSize: number,
  fn: (db: Database) => Promise<void>,
): Promise<void> {
  if (!databaseUrl) {
    console.log('DATABASE_URL is not set: PostgreSQL skipped (set it to a server this user may create databases on).');
    return;
  }
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(databaseUrl);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), poolSize });
  try {
    await fn(db);
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Runs `fn` on a PGlite database in a temporary directory, then removes it. */
export async function onPglite(prefix: string, fn: (db: Database) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = await openDatabase({ dataDir: dir });
  try {
    await fn(db);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A temporary directory (for a server child's PGlite `DATA_DIR`), removed after `fn`. */
export async function inTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A fresh PostgreSQL database `name` on the server at `databaseUrl` for a server child: `fn` gets
 * its URL and a label naming the server (without credentials); the database is dropped after.
 */
export async function onFreshPostgresUrl<T>(
  databaseUrl: string,
  name: string,
  fn: (url: string, label: string) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    return await fn(u.toString(), `PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//')})`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
