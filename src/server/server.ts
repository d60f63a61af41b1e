import { openAndPrepare } from './boot';
import { loadConfig } from './config';
import { DataDirBusy } from './db/data-dir-lock';
import { SERVER_TASKS } from './ops/server-task-names';

/** Process start: config, database, app, listen; closes cleanly on SIGINT/SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  // Pretty logs only for a person at a terminal; JSON lines otherwise.
  const logger = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
  };
  // Open the database and load the app's modules at the same time: both take a while.
  // The embedded database's lock says "the server" to a second opener, and its socket takes the
  // CLI tasks (admin:create, content:import/export, db:backup) that would otherwise need a stop.
  const opening = openAndPrepare(config, { role: 'the server', tasks: SERVER_TASKS });
  const [{ buildApp }, { scheduleHousekeeping }, { serverTasks }] = await Promise.all([
    import('./app'),
    import('./jobs/housekeeping'),
    import('./ops/server-tasks'),
  ]);
  const { db, seeded, migrations } = await opening;
  const app = await buildApp({ config, db, logger });
  db.lock?.serve(serverTasks(db));
  app.log.info(
    { database: db.kind, migrations, seeded, dataDir: db.kind === 'pglite' ? config.DATA_DIR : undefined },
    'database ready',
  );

  if (config.mailTransport === 'outbox') {
    app.log.warn(
      'dev outbox ON: sign-in codes are readable at /dev/outbox. Set NODE_ENV=production and SMTP_URL for a deployment.',
    );
  }
  const stopJobs = scheduleHousekeeping(db, app.log);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      stopJobs();
      await app.close();
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((e) => {
  // Another process has the embedded database: its message says which, no stack needed.
  console.error(e instanceof DataDirBusy ? e.message : e);
  process.exit(1);
});
