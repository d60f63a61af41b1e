import { resolve } from 'node:path';
import type { Config } from '../config';
import { DataDirBusy } from '../db/data-dir-lock';
import { TaskFailed } from '../db/lock-channel';
import { BackupRefused } from '../ops/pglite-backup';

/** Exit codes of db:backup and db:restore. */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

/** What to do instead on PostgreSQL: its own tools (the URL is not printed: it may hold a password). */
export const POSTGRES_NOTICE = `DATABASE_URL is set: the database is PostgreSQL, which these commands do not back up.
Use PostgreSQL's own tools (stop the servers before a restore):
  pg_dump --format=custom --file=quiz.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" quiz.dump
See README.md, "Backup and restore".`;

/** The embedded database's folder, or a usage error when there is none to work on. */
export function embeddedDataDir(config: Config): string {
  if (config.DATABASE_URL) throw new UsageError(POSTGRES_NOTICE);
  if (config.DATA_DIR === 'memory://')
    throw new UsageError('DATA_DIR=memory:// keeps nothing on disk to back up or restore');
  return resolve(config.DATA_DIR);
}

/**
 * A path the user typed, from the folder they ran npm in (npm runs scripts in the project's
 * root, and says where it was called from in INIT_CWD).
 */
export function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** A wrong invocation (exit 2), as opposed to a refusal (exit 1). */
export class UsageError extends Error {}

/** Runs a CLI's main: its message and exit code on failure, never a stack for a refusal. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(EXIT.ok),
    (e: unknown) => {
      const refused =
        e instanceof BackupRefused || e instanceof UsageError || e instanceof DataDirBusy || e instanceof TaskFailed;
      console.error(refused ? (e as Error).message : e);
      process.exit(e instanceof UsageError ? EXIT.usage : EXIT.refused);
    },
  );
}
