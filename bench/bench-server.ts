// A server for the API benchmark: the real app on the chosen database, plus "bare" Fastify
// routes on a second port that run the same domain calls with no dispatcher around them
// (no body parsing, auth, validation, transaction or envelope) and one that touches nothing.
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { openAndPrepare } from '../src/server/boot';
import { loadConfig } from '../src/server/config';
import { listCategories } from '../src/server/domain/content';
import { openLevel } from '../src/server/domain/play/openers';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '100000000',
  // Every simulated player connects from this machine, and the bench floods on purpose.
  WS_MAX_SOCKETS_PER_IP: '100000000',
  WS_MESSAGES_PER_10S: '100000000',
});
const { db } = await openAndPrepare(config);
const app = await buildApp({ config, db });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

const bare = Fastify({ logger: false });
const userId = Number(process.env.BENCH_USER_ID ?? 0);
bare.post('/bare/empty', async () => ({ error: false, data: { ok: true } }));
bare.post('/bare/get_categories', async () => ({ error: false, data: await listCategories(db, 1, 1) }));
bare.post('/bare/get_questions_by_level', async () => ({
  error: false,
  data: await openLevel(
    { db, settings: app.services.settings, userId: Number(process.env.BENCH_USER_ID ?? userId), languageId: 1 },
    'quiz_zone',
    {
      category: 'sports',
      subcategory: 'football-and-ball-games',
      level: 1,
    },
  ),
}));
await bare.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('message', async (m: { userId?: number }) => {
  if (m.userId) process.env.BENCH_USER_ID = String(m.userId);
});
process.on('SIGTERM', async () => {
  await app.close();
  await bare.close();
  await db.close();
  process.exit(0);
});
