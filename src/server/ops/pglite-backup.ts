import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../db/data-dir-lock';
import { PATHS } from '../paths';
import { readTar, tarBytes } from './tar-entries';

/** A backup or restore that was refused: nothing was changed; the message says why. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** `20260102T030405Z`: sortable, and safe in a file name. */
export function fileStamp(at = new Date()): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
}

async function openPglite(o: { dataDir: string; loadDataDir?: Blob }): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create(o);
}

/** The migrations the database has applied; refused when it is not this server's database. */
async function appliedMigrations(pg: PGlite): Promise<string[]> {
  const table = await pg.query<{ t: string | null }>(`SELECT to_regclass('public.schema_migrations')::text AS t`);
  if (!table.rows[0]?.t) throw new BackupRefused('not a database of this server (no schema_migrations table)');
  const r = await pg.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  if (r.rows.length === 0) throw new BackupRefused('not a database of this server (no migration applied)');
  return r.rows.map((row) => row.version);
}

/** Migrations this server's code knows (as db/migrate.ts lists them). */
function knownMigrations(): Set<string> {
  return new Set(
    readdirSync(PATHS.migrations)
      .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
      .map((f) => f.slice(0, -4)),
  );
}

export interface BackupReport {
  file: string;
  bytes: number;
  migrations: number;
}

/** A checkpointed, gzipped tarball of an open PGlite (its own `dumpDataDir`), refused when it is not ours. */
export async function dumpDatabase(pg: PGlite): Promise<{ gzip: Uint8Array; migrations: number }> {
  const migrations = await appliedMigrations(pg);
  await pg.exec('CHECKPOINT');
  const dump = await pg.dumpDataDir('gzip');
  return { gzip: new Uint8Array(await dump.arrayBuffer()), migrations: migrations.length };
}

/** Writes a backup's bytes to `out` through a temporary file, so a failed run leaves no half backup. */
export function writeBackup(out: string, bytes: Uint8Array): void {
  if (existsSync(out)) throw new BackupRefused(`${out} exists already: choose another --out`);
  mkdirSync(dirname(resolve(out)), { recursive: true });
  const partial = `${out}.partial-${process.pid}`;
  try {
    writeFileSync(partial, bytes, { flag: 'wx' });
    renameSync(partial, out);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
}

/**
 * Writes a gzipped tarball of the PGlite data dir to `out`, holding the data dir's lock (a live
 * opener refuses it with `DataDirBusy`: a running server is asked for the backup instead).
 */
export async function backupDataDir(dir: string, out: string): Promise<BackupReport> {
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupRefused(`no database at ${dir}`);
  if (existsSync(out)) throw new BackupRefused(`${out} exists already: choose another --out`);
  const lock = await lockDataDir(dir, { role: 'npm run db:backup' });
  let dump: { gzip: Uint8Array; migrations: number };
  try {
    const pg = await openPglite({ dataDir: dir });
    try {
      dump = await dumpDatabase(pg);
    } finally {
      await pg.close();
    }
  } finally {
    await lock.release();
  }
  writeBackup(out, dump.gzip);
  return { file: out, bytes: dump.gzip.length, migrations: dump.migrations };
}

/** The tar inside a backup file, checked to hold a PostgreSQL data dir; refused otherwise. */
function backupArchive(file: string): { tar: Uint8Array; pgVersion: string } {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupRefused(`${file}: no such file`);
  let entries;
  let tar: Uint8Array;
  try {
    tar = tarBytes(readFileSync(file));
    entries = readTar(tar);
  } catch (e) {
    throw new BackupRefused(`${file} is not a backup made by db:backup: ${(e as Error).message}`);
  }
  if (entries.some((e) => e.name.split('/').includes('..'))) {
    throw new BackupRefused(`${file} is not a backup made by db:backup: it names paths outside its folder`);
  }
  const version = entries.find((e) => e.name === 'PG_VERSION' && e.type === 'file');
  if (!version || !entries.some((e) => e.name === 'global/pg_control')) {
    throw new BackupRefused(`${file} is not a backup made by db:backup: it holds no PostgreSQL data directory`);
  }
  return { tar, pgVersion: Buffer.from(version.data).toString('utf8').trim() };
}

export interface RestoreReport {
  migrations: number;
  /** The previous data dir, when it was kept (`keepOld`). */
  kept?: string;
}

/**
 * Replaces the data dir with a backup's. The backup is unpacked and opened in a new folder
 * beside the data dir first (a file that is not one of our backups is refused there, with the
 * data dir untouched); then the data dir becomes `<dir>.before-restore-<stamp>`, the new folder
 * takes its name and is opened once more. If that fails the old one is put back; if it works the
 * old one is deleted, unless `keepOld`.
 */
export async function restoreDataDir(dir: string, file: string, o: { keepOld?: boolean } = {}): Promise<RestoreReport> {
  const { tar, pgVersion } = backupArchive(file);
  const current = join(dir, 'PG_VERSION');
  if (existsSync(current)) {
    const ours = readFileSync(current, 'utf8').trim();
    if (ours !== pgVersion) {
      throw new BackupRefused(`${file} holds a PostgreSQL ${pgVersion} database; this server's is ${ours}`);
    }
  }
  // Held from here to the end: no process opens the data dir while it is swapped (the lock lives
  // beside it, so it stays held across the renames).
  const lock = await lockDataDir(dir, { role: 'npm run db:restore' });
  try {
    return await swapIn(dir, file, tar, o.keepOld ?? false);
  } finally {
    await lock.release();
  }
}

/** Unpacks the backup beside the data dir, checks it, and puts it in the data dir's place. */
async function swapIn(dir: string, file: string, tar: Uint8Array, keepOld: boolean): Promise<RestoreReport> {
  const current = join(dir, 'PG_VERSION');
  // Never delete a folder that is not a database (DATA_DIR pointing somewhere by mistake).
  if (existsSync(dir) && !existsSync(current) && readdirSync(dir).length > 0) {
    throw new BackupRefused(`${dir} is not empty and holds no database: not replacing it`);
  }

  const stamp = fileStamp();
  const fresh = `${dir}.restoring-${stamp}`;
  mkdirSync(dirname(resolve(dir)), { recursive: true });
  let migrations: string[];
  try {
    const pg = await openPglite({ dataDir: fresh, loadDataDir: new Blob([tar]) });
    try {
      migrations = await appliedMigrations(pg);
      const known = knownMigrations();
      const unknown = migrations.filter((m) => !known.has(m));
      if (unknown.length > 0) {
        throw new BackupRefused(
          `${file} comes from a newer server (migrations ${unknown.join(', ')} are unknown here): update the server first`,
        );
      }
      await pg.exec('CHECKPOINT');
    } finally {
      await pg.close();
    }
  } catch (e) {
    rmSync(fresh, { recursive: true, force: true });
    if (e instanceof BackupRefused) throw new BackupRefused(`${file}: ${e.message}`);
    throw new BackupRefused(`${file} is not a usable backup: ${(e as Error).message}`);
  }

  const old = `${dir}.before-restore-${stamp}`;
  const hadOld = existsSync(dir);
  if (hadOld) renameSync(dir, old);
  try {
    renameSync(fresh, dir);
    const pg = await openPglite({ dataDir: dir });
    try {
      await appliedMigrations(pg);
    } finally {
      await pg.close();
    }
  } catch (e) {
    rmSync(existsSync(fresh) ? fresh : dir, { recursive: true, force: true });
    if (hadOld) renameSync(old, dir);
    throw e;
  }
  if (hadOld && !keepOld) rmSync(old, { recursive: true, force: true });
  return { migrations: migrations.length, ...(hadOld && keepOld ? { kept: old } : {}) };
}
