import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreDataDir } from '../ops/pglite-backup';
import { embeddedDataDir, runCli, UsageError, userPath } from './db-cli';

const USAGE = `usage: npm run db:restore -- <file> [--keep-old]

Replaces the embedded database (DATA_DIR) with a backup made by npm run db:backup. Stop the
server first: while it (or any process) has the database open, the restore is refused. The
backup is checked and unpacked beside DATA_DIR before anything changes; the old data dir is kept
as <DATA_DIR>.before-restore-<time> until the restored one opens, then deleted (--keep-old keeps
it). On PostgreSQL (DATABASE_URL), use pg_restore. (--force, once needed after a killed server,
is accepted and no longer needed.)`;

/** `npm run db:restore -- <file>`: restores the embedded PGlite database from a backup. */
async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        'keep-old': { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean' },
      },
    });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) throw new UsageError(USAGE);
  const dir = embeddedDataDir(loadConfig());
  const file = userPath(positionals[0]!);
  const r = await restoreDataDir(dir, file, { keepOld: values['keep-old'] });
  console.log(
    `Restored ${dir} from ${file} (${r.migrations} migrations; the server applies newer ones at start)` +
      (r.kept ? `\nThe previous data dir is kept at ${r.kept}` : ''),
  );
}

runCli(main);
