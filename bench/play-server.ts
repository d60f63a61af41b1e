// The server of `npm run bench:play`: the real app on the chosen database (DATA_DIR or
// DATABASE_URL), driven by the parent over IPC. It makes the bench's players (accounts and api
// tokens written directly: the sign-up's password hashing is not what is measured), samples its
// own memory through the run, and counts the SQL statements and transactions each call sends.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { issueApiToken } from '../src/server/auth/api-tokens';
import { openAndPrepare } from '../src/server/boot';
import { loadConfig } from '../src/server/config';
import type { Database, Db, SQL } from '../src/server/db/client';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createUser } from '../src/server/domain/users';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  // Every simulated player comes from this machine, and the bench floods on purpose.
  RATE_LIMIT_PER_MINUTE: '100000000',
});

/** Statements and transactions sent through a Db, counted (nested transactions are savepoints). */
const counts = { statements: 0, transactions: 0 };
/** While tracing (BENCH_TRACE=1, one call at a time): each statement's start and time taken. */
let trace: string[] | null = null;

function timed<T>(q: SQL, run: () => Promise<T>): Promise<T> {
  if (!trace) return run();
  const t0 = performance.now();
  const text = new PgDialect().sqlToQuery(q).sql;
  const log = trace;
  return run().finally(() =>
    log.push(`${(performance.now() - t0).toFixed(2).padStart(7)} ms  ${text.replace(/\s+/g, ' ').slice(0, 110)}`),
  );
}

function counted(d: Db): Db {
  return {
    kind: d.kind,
    // The query builder's statements are counted by the driver's logger (below), not timed.
    orm: d.orm,
    rows: (q) => timed(q, () => d.rows(q)),
    one: (q) => timed(q, () => d.one(q)),
    run: (q) => timed(q, () => d.run(q)),
    tx: (fn) => (counts.transactions++, d.tx((t) => fn(counted(t)))),
  };
}

const { db: opened } = await openAndPrepare(config);
// Every statement drizzle sends, raw `sql` and the query builder's alike, on every connection and
// transaction: a session hands its options' logger on to the sessions its transactions open.
// (drizzle's session is internal: a bench's look inside, not the app's.)
const session = (opened.orm as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
// Transaction control (drizzle sends PostgreSQL's BEGIN and COMMIT as statements, PGlite's
// not) is counted as transactions, so both databases count alike.
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
session.logger = session.options.logger = {
  logQuery: (text: string) => {
    if (CONTROL.test(text)) return;
    counts.statements++;
    trace?.push(`   (sent)  ${text.replace(/\s+/g, ' ').slice(0, 110)}`);
  },
};
const db: Database = { ...opened, ...counted(opened) };
const app = await buildApp({ config, db });
// The bench's players answer at once; an honest player takes longer than the human floor, so
// with the floor at 0 their answers are graded (and pay) as an honest player's would.
await app.services.settings.put('system', { ...(await app.services.settings.all()).system, human_floor_ms: 0 });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

/** Memory now and the peak since the last reset, in MB. */
const mb = (n: number) => Math.round(n / 1_048_576);
/** PGlite's WebAssembly memory (part of `external`; it only grows). PGlite keeps its module protected. */
const wasm = (opened as { pglite?: { mod?: { HEAPU8: { length: number } } } }).pglite?.mod;
function sample() {
  const m = process.memoryUsage();
  return {
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    wasm: mb(wasm?.HEAPU8.length ?? 0),
  };
}
let peak = sample();
const sampler = setInterval(() => {
  const s = sample();
  for (const k of Object.keys(s) as (keyof typeof s)[]) peak[k] = Math.max(peak[k], s[k]);
}, 100);

async function makePlayers(n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await db.tx((tx) =>
      createUser(tx, {
        firebaseId: `bench:${randomUUID()}`,
        type: 'email',
        name: `Bench ${i}`,
        email: '',
        mobile: '',
        profile: '',
        fcmId: '',
        friendsCode: '',
        deviceId: '',
        signupIp: '127.0.0.1',
        contactVerified: false,
        webLanguage: 'en',
        welcomeBonus: 0,
      }),
    );
    tokens.push(await issueApiToken(db, id, config.TOKEN_TTL_DAYS));
  }
  return tokens;
}

type Ask = { id: number } & (
  { players: number } | { memory: 'reset' | 'read' } | { counts: 'read' } | { cpu: 'read' } | { gc: true }
);

process.on('message', (m: Ask) => {
  void (async () => {
    let data: unknown;
    if ('players' in m) data = await makePlayers(m.players);
    else if ('memory' in m) {
      if (m.memory === 'reset') peak = sample();
      data = { now: sample(), peak };
    } else if ('counts' in m) data = { ...counts };
    else if ('cpu' in m) {
      const c = process.cpuUsage();
      data = (c.user + c.system) / 1000; // ms of CPU this process has used, all threads
    } else if ('trace' in m) {
      data = trace ?? [];
      trace = m.trace ? [] : null;
    } else if ('gc' in m) {
      globalThis.gc?.();
      data = sample();
    }
    process.send?.({ id: m.id, data });
  })();
});
process.on('SIGTERM', async () => {
  clearInterval(sampler);
  await app.close();
  await db.close();
  process.exit(0);
});
process.send?.({ id: 0, data: 'ready' });
