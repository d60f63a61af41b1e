import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupDataDir, fileStamp } from '../ops/pglite-backup';
import { embeddedDataDir, runCli, UsageError, userPath } from './db-cli';

const USAGE = `usage: npm run db:backup -- [--out <file>] [--force]

Writes the embedded database (DATA_DIR) to a .tar.gz file (default: quiz-db-<time>.tar.gz in the
folder npm was run in); restore it with npm run db:restore. Stop the server first: one process at a time
opens the embedded database. --force: go ahead although DATA_DIR looks open (postmaster.pid
left by a server that was killed). On PostgreSQL (DATABASE_URL), use pg_dump.`;

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
  const r = await backupDataDir(dir, out, { force: values.force });
  console.log(`Backed up ${dir} (${r.migrations} migrations) to ${r.file} (${(r.bytes / 1e6).toFixed(1)} MB)`);
}

runCli(main);
