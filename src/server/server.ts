import { openAndPrepare } from './boot';
import { loadConfig } from './config';

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
  const opening = openAndPrepare(config);
  const [{ buildApp }, { scheduleHousekeeping }] = await Promise.all([import('./app'), import('./jobs/housekeeping')]);
  const { db, seeded, migrations } = await opening;
  const app = await buildApp({ config, db, logger });
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
  console.error(e);
  process.exit(1);
});
