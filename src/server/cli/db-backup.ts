import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirBusy } from '../db/data-dir-lock';
import { BackupRefused, backupDataDir, fileStamp, type BackupReport } from '../ops/pglite-backup';
import { embeddedDataDir, runCli, UsageError, userPath } from './db-cli';

const USAGE = `usage: npm run db:backup -- [--out <file>]

Writes the embedded database (DATA_DIR) to a .tar.gz file (default: quiz-db-<time>.tar.gz in the
folder npm was run in); restore it with npm run db:restore. While the server runs, the server
writes the backup from its open database. On PostgreSQL (DATABASE_URL), use pg_dump.
(--force, once needed after a killed server, is accepted and no longer needed.)`;

/** The backup, written to `out` by the running server that holds the data dir. */
async function backupByServer(busy: DataDirBusy, out: string): Promise<BackupReport> {
  if (existsSync(out)) throw new BackupRefused(`${out} exists already: choose another --out`);
  return (await busy.ask('db-backup', { out })) as BackupReport;
}

/** `npm run db:backup -- [--out file]`: backs up the embedded PGlite database. */
async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { out: { type: 'string' }, force: { type: 'boolean', default: false }, help: { type: 'boolean' } },
    }));
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${USAGE}`);
  }
  if (values.help) throw new UsageError(USAGE);
  const dir = embeddedDataDir(loadConfig());
  const out = userPath(values.out ?? `quiz-db-${fileStamp()}.tar.gz`);
  const r = await backupDataDir(dir, out).catch((e: unknown) => {
    if (e instanceof DataDirBusy && e.holder.tasks.includes('db-backup')) return backupByServer(e, out);
    throw e;
  });
  console.log(`Backed up ${dir} (${r.migrations} migrations) to ${r.file} (${(r.bytes / 1e6).toFixed(1)} MB)`);
}

runCli(main);
