// `npm run bench:live`: how soon a player's open app hears their account change (issue 21 §7,
// goal: within a second) and how long get_active_battle takes (issue 21 §5: the home screen's
// "Back to your battle", goal: on screen within a second). The real app listening on a port, on
// PGlite (a temp dir) and on PostgreSQL (DATABASE_URL, a database of its own; skipped with a
// message when unset). BENCH_WATCHERS players each keep a socket watching their account;
// BENCH_MOVES coin movements and BENCH_NOTICES notifications, each committed in its own
// transaction one after another, are timed from the start of the writing call (its transaction
// included) to the owner's socket receiving the message. The browser's side (home page to card on screen) is measured by the e2e journey
// tests/e2e/live.spec.ts, which prints it.
import { randomBytes, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { serverMessages, type ServerMessage } from '../src/core/contract';
import { buildApp } from '../src/server/app';
import { issueApiToken } from '../src/server/auth/api-tokens';
import { loadConfig } from '../src/server/config';
import { sql, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedDemoContent } from '../src/server/db/seed/seed';
import { moveCoins } from '../src/server/domain/ledger';
import { notify } from '../src/server/domain/notifications';
import { onPglite, onPostgres } from './bench-db';

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 200);
const MOVES = Number(process.env.BENCH_MOVES ?? 300);
const NOTICES = Number(process.env.BENCH_NOTICES ?? 200);
const READS = Number(process.env.BENCH_READS ?? 300);
const DATABASE_URL = process.env.DATABASE_URL || undefined;

type Row = Record<string, string | number>;
const table: Row[] = [];

function p(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}
const ms = (x: number) => x.toFixed(2);

interface Watcher {
  id: number;
  token: string;
  /** Resolves with the next message of the type that fits. */
  next: (f: (m: ServerMessage) => boolean) => Promise<number>;
  ws: WebSocket;
}

async function watcher(url: string, id: number, token: string): Promise<Watcher> {
  const ws = new WebSocket(url);
  let wanted: { f: (m: ServerMessage) => boolean; ok: (at: number) => void } | null = null;
  let ready!: () => void;
  const watching = new Promise<void>((ok) => (ready = ok));
  ws.on('message', (d) => {
    const at = performance.now();
    for (const m of serverMessages(d.toString())) {
      if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'watch_account' }));
      else if (m.type === 'notifications' && m.latest === null) ready();
      else if (wanted?.f(m)) {
        const w = wanted;
        wanted = null;
        w.ok(at);
      }
    }
  });
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  ws.send(JSON.stringify({ type: 'hello', token }));
  await Promise.race([
    watching,
    new Promise((_, fail) => ws.once('close', (code) => fail(new Error(`socket closed (${code}) before watching`)))),
  ]);
  return {
    id,
    token,
    ws,
    next: (f) => new Promise((ok) => (wanted = { f, ok })),
  };
}

async function run(label: string, db: Database) {
  await migrate(db);
  await seedDemoContent(db);
  // Every socket and call comes from this one address: its limits are lifted.
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    WS_MAX_SOCKETS_PER_IP: String(WATCHERS + 10),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, db });
  const http = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${http.replace('http', 'ws')}/ws`;
  try {
    const run = randomBytes(4).toString('hex');
    const users = await db.rows<{ id: number }>(sql`INSERT INTO users (firebase_id, name, type, refer_code)
      SELECT 'live-' || ${run} || '-' || g, 'Live ' || g, 'email', 'L' || ${run} || g
      FROM generate_series(1, ${WATCHERS}::int) g RETURNING id`);
    const watchers: Watcher[] = [];
    for (const u of users) watchers.push(await watcher(url, u.id, await issueApiToken(db, u.id, 30)));

    const coins: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      const w = watchers[i % watchers.length]!;
      const heard = w.next((m) => m.type === 'coins');
      const t0 = performance.now();
      await moveCoins(db, { userId: w.id, delta: 1, reason: 'bench', opId: randomUUID() });
      coins.push((await heard) - t0);
    }
    table.push({ database: label, what: `coins: write (its transaction) → socket (${MOVES})`, ...figures(coins) });

    const notices: number[] = [];
    for (let i = 0; i < NOTICES; i++) {
      const w = watchers[i % watchers.length]!;
      const heard = w.next((m) => m.type === 'notifications' && m.latest !== null);
      const t0 = performance.now();
      await notify(db, w.id, { type: 'badge', params: { badge: 'dashing_debut' } });
      notices.push((await heard) - t0);
    }
    table.push({
      database: label,
      what: `notification: write (its transaction) → socket (${NOTICES})`,
      ...figures(notices),
    });

    // A held seat, as the home screen asks for it (one player with a waiting friend room).
    const owner = watchers[0]!;
    const room = await post(
      http,
      'create_room',
      { room_type: 'friend', category: 'science', no_of_que: 5 },
      owner.token,
    );
    const reads: number[] = [];
    for (let i = 0; i < READS; i++) {
      const t0 = performance.now();
      const seat = (await post(http, 'get_active_battle', {}, owner.token)) as { seat: { room_id: string } | null };
      reads.push(performance.now() - t0);
      if (seat.seat?.room_id !== room.room_id) throw new Error('get_active_battle lost the seat');
    }
    table.push({ database: label, what: `get_active_battle over HTTP (${READS})`, ...figures(reads) });
    for (const w of watchers) w.ws.close();
  } finally {
    await app.close();
  }
}

function figures(xs: number[]): Row {
  return { p50_ms: ms(p(xs, 0.5)), p99_ms: ms(p(xs, 0.99)), max_ms: ms(Math.max(...xs)) };
}

async function post(base: string, action: string, fields: Record<string, unknown>, token: string) {
  const res = await fetch(`${base}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(fields),
  });
  const body = (await res.json()) as { data: Record<string, unknown> };
  if (!res.ok) throw new Error(`${action}: ${JSON.stringify(body)}`);
  return body.data;
}

await onPglite('bench-live-', (db) => run('PGlite', db));
await onPostgres(DATABASE_URL, 'bench_live', 10, (db) => run('PostgreSQL', db));
console.table(table);
console.log(
  `Goal: each within 1000 ms. Rerun: npm run bench:live (DATABASE_URL=postgres://… adds PostgreSQL; ` +
    `BENCH_WATCHERS=${WATCHERS} BENCH_MOVES=${MOVES} BENCH_NOTICES=${NOTICES} BENCH_READS=${READS}).`,
);
