import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sql, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { ROOT } from '../paths';
import { BackupRefused, restoreDataDir } from '../ops/pglite-backup';

const run = promisify(execFile);
const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

let root: string;
let dataDir: string;

/** Runs `npm run db:<cli>`'s entry point on the test's data dir; answers its output and exit code. */
async function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  const entry = join(ROOT, `src/server/cli/db-${name}.ts`);
  try {
    const r = await run(process.execPath, [tsx, entry, ...args], {
      cwd: ROOT,
      // INIT_CWD: where npm was run (it runs scripts in the project's root).
      env: { ...process.env, INIT_CWD: root, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const secrets = (db: Database) =>
  db.rows<{ name: string; value: string }>(
    sql`SELECT name, value FROM app_secrets WHERE name LIKE 'backup-test:%' ORDER BY name`,
  );

/** A digest of every file under `dir` (names and bytes): equal digests, untouched folder. */
function folderDigest(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      h.update(p.slice(dir.length));
      if (statSync(p).isDirectory()) walk(p);
      else h.update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex');
}

/** The folders beside the data dir (a restore must leave none of its own behind). */
const besideDataDir = () => readdirSync(root).filter((n) => n.startsWith('db.'));

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'db-backup-'));
  dataDir = join(root, 'db');
  await withDb(async (db) => {
    await migrate(db);
    await db.run(sql`INSERT INTO app_secrets (name, value) VALUES ('backup-test:kept', 'before')`);
  });
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run db:backup and db:restore (embedded database)', () => {
  it('restores the database as it was at the backup: later changes are gone, the rest is there', async () => {
    const backup = await cli('backup', ['--out', 'b1.tar.gz']);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`to ${join(root, 'b1.tar.gz')}`);
    const migrations = await withDb(async (db) => {
      await db.run(sql`INSERT INTO app_secrets (name, value) VALUES ('backup-test:later', 'x')`);
      await db.run(sql`UPDATE app_secrets SET value = 'changed' WHERE name = 'backup-test:kept'`);
      expect(await secrets(db)).toHaveLength(2);
      return db.rows<{ version: string }>(sql`SELECT version FROM schema_migrations ORDER BY version`);
    });
    expect(migrations.length).toBeGreaterThan(10);

    // A second backup to the same file is refused rather than overwriting it.
    expect((await cli('backup', ['--out', 'b1.tar.gz'])).code).toBe(1);

    const restore = await cli('restore', ['b1.tar.gz']);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Restored');
    await withDb(async (db) => {
      expect(await secrets(db)).toEqual([{ name: 'backup-test:kept', value: 'before' }]);
      expect(await db.rows(sql`SELECT version FROM schema_migrations ORDER BY version`)).toEqual(migrations);
      // The restored database is a working one: it takes writes.
      await db.run(sql`INSERT INTO app_secrets (name, value) VALUES ('backup-test:after-restore', 'y')`);
    });
    expect(besideDataDir()).toEqual([]);
  }, 180_000);

  it('refuses a file that is not a backup, with the database untouched', async () => {
    const before = folderDigest(dataDir);
    writeFileSync(join(root, 'notes.tar.gz'), 'these are not the bytes you are looking for\n');
    const r = await cli('restore', ['notes.tar.gz']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a backup made by db:backup');
    expect((await cli('restore', ['missing.tar.gz'])).stderr).toContain('no such file');

    // A real PostgreSQL data dir, but not this server's database.
    const { PGlite } = await import('@electric-sql/pglite');
    const other = await PGlite.create();
    await other.exec('CREATE TABLE t (x int); INSERT INTO t VALUES (1)');
    writeFileSync(join(root, 'other.tar.gz'), Buffer.from(await (await other.dumpDataDir('gzip')).arrayBuffer()));
    await other.close();
    await expect(restoreDataDir(dataDir, join(root, 'other.tar.gz'))).rejects.toThrow(/not a database of this server/);
    await expect(restoreDataDir(dataDir, join(root, 'other.tar.gz'))).rejects.toBeInstanceOf(BackupRefused);

    expect(folderDigest(dataDir)).toBe(before);
    expect(besideDataDir()).toEqual([]);

    // A real backup, but DATA_DIR names a folder that is not a database: it is never replaced.
    const notDb = join(root, 'not-a-db');
    mkdirSync(notDb);
    writeFileSync(join(notDb, 'keep.txt'), 'mine');
    await expect(restoreDataDir(notDb, join(root, 'b1.tar.gz'))).rejects.toThrow(/holds no database: not replacing it/);
    expect(readdirSync(notDb)).toEqual(['keep.txt']);
  }, 180_000);

  it('refuses to back up or restore while another process has the database open', async () => {
    const before = await cli('backup', ['--out', 'b2.tar.gz']);
    expect(before.code, before.stderr).toBe(0);
    const db = await openDatabase({ dataDir });
    try {
      const restore = await cli('restore', ['b2.tar.gz']);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(
        `the database in ${dataDir} is in use by another process (pid ${process.pid}); wait for it to finish, or stop it first`,
      );
      const backup = await cli('backup', ['--out', 'b3.tar.gz']);
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain(`is in use by another process (pid ${process.pid})`);
      expect(readdirSync(root)).not.toContain('b3.tar.gz');
      // The open database still works (nothing swapped under it).
      expect(
        await db.one(sql`SELECT count(*)::int AS n FROM app_secrets WHERE name = 'backup-test:after-restore'`),
      ).toEqual({
        n: 1,
      });
    } finally {
      await db.close();
    }
    // Once it is closed, the restore goes ahead; --keep-old keeps the data dir it replaced.
    const restore = await cli('restore', ['b2.tar.gz', '--keep-old']);
    expect(restore.code, restore.stderr).toBe(0);
    const kept = besideDataDir();
    expect(kept).toEqual([expect.stringMatching(/^db\.before-restore-\d{8}T\d{6}Z$/)]);
    expect(restore.stdout).toContain(join(root, kept[0]!));
  }, 180_000);

  it('points at pg_dump and pg_restore on PostgreSQL and exits non-zero', async () => {
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
    const backup = await cli('backup', [], env);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain('pg_dump --format=custom');
    const restore = await cli('restore', ['b2.tar.gz'], env);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('pg_restore');
    expect(restore.stderr).not.toContain('127.0.0.1');
  }, 60_000);
});
