// `npm run bench:firestore`: Firebase mode's live sync, measured against the Firestore emulator
// (`@firestore-emulator/server`, in this process; TOOLCHAIN.md "Firebase"). BENCH_ROOMS friend
// battles of BENCH_QUESTIONS rounds run at once on the real app (PGlite in a temporary
// directory); both players answer each round after 0.3–1.5 s. Each room is also followed as a
// player's app follows it in Firebase mode (src/web/lib/firestore-follow.ts, one client-SDK
// Firestore per room). Printed:
//   - how far the Firestore path is behind the socket (player A's) for each round's opening,
//     each close and the result: the sink writes a document at most once a second, merging what
//     comes in between, so up to ~1 s behind by design;
//   - the writes per document: the most in any 1 s window (Firestore sustains 1/s), and how many
//     room messages each room-document write carried.
// The emulator is not Firestore: its latency says nothing of Google's; the write pacing is ours.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, setLogLevel } from 'firebase/firestore';
import WebSocket from 'ws';
import { serverMessages, type RoomState, type ServerMessage } from '../src/core/contract';
import { buildApp } from '../src/server/app';
import { issueApiToken } from '../src/server/auth/api-tokens';
import { openAndPrepare } from '../src/server/boot';
import { loadConfig } from '../src/server/config';
import { sql } from '../src/server/db/client';
import { FirestoreSink, type FirestoreWrite } from '../src/server/realtime/firestore-sink';
import { followRoom } from '../src/web/lib/firestore-follow';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 20);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 5);
const PROJECT = 'demo-bench';

async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await new Promise((ok) => s.once('listening', ok));
  const { port } = s.address() as { port: number };
  return new Promise((ok) => s.close(() => ok(port)));
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const ms = (n: number) => `${Math.round(n)} ms`;

const fsPort = await freePort();
const emulator = new FirestoreServer();
// One listener per client connection: more than Node's default 10.
emulator.state.emitter.setMaxListeners(0);
await emulator.start(fsPort);
process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${fsPort}`;
const dir = mkdtempSync(join(tmpdir(), 'bench-firestore-'));
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  STATIC_DIR: '/nonexistent',
  RATE_LIMIT_PER_MINUTE: '100000000',
  // Every simulated player connects from this machine, and the bench floods on purpose.
  WS_MAX_SOCKETS_PER_IP: '100000000',
  WS_MESSAGES_PER_10S: '100000000',
  FIREBASE_PROJECT_ID: PROJECT,
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${fsPort}`,
  BATTLE_ROUND_SECONDS: '4',
  BATTLE_ROUND_DELAY_MS: '300',
});
const { db } = await openAndPrepare(config);
const app = await buildApp({ config, db });
const http = await app.listen({ port: 0, host: '127.0.0.1' });
const sink = app.services.battles.sinks.find((s) => s instanceof FirestoreSink)!;
const writes: FirestoreWrite[] = [];
sink.onWrite = (w) => writes.push(w);
setLogLevel('silent');

async function api<T>(action: string, token: string, fields: object): Promise<T> {
  const res = await fetch(`${http}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(fields),
  });
  const body = (await res.json()) as { error: boolean; data: T; code?: string };
  if (body.error) throw new Error(`${action}: ${body.code}`);
  return body.data;
}

/** A player's socket: said hello, welcomed, joined the room; `onMessage` hears the rest. */
async function socket(token: string, roomId: string, onMessage: (m: ServerMessage, t: number) => void) {
  const ws = new WebSocket(`${http.replace('http', 'ws')}/ws`);
  await new Promise((ok, ko) => ws.once('open', ok).once('error', ko));
  let welcomed!: () => void;
  const welcome = new Promise<void>((ok) => (welcomed = ok));
  ws.on('message', (data) => {
    const t = performance.now();
    for (const m of serverMessages(String(data))) {
      if (m.type === 'welcome') welcomed();
      else if (m.type === 'error') console.error(`socket: ${m.code} ${m.message}`);
      else onMessage(m, t);
    }
  });
  ws.send(JSON.stringify({ type: 'hello', token }));
  await welcome;
  ws.send(JSON.stringify({ type: 'join', room_id: roomId }));
  return ws;
}

const key = (m: ServerMessage) =>
  m.type === 'round_open' ? `open ${m.round.round}` : m.type === 'round_close' ? `close ${m.round.round}` : m.type;

interface Room {
  id: string;
  bySocket: Map<string, number>;
  byFirestore: Map<string, number>;
  done: Promise<void>;
  stop: () => void;
  close: () => Promise<void>;
}

const users = await db.rows<{ id: number }>(sql`INSERT INTO users (firebase_id, name, type, refer_code)
  SELECT 'fs-bench-' || g, 'Bench ' || g, 'email', 'FB' || g FROM generate_series(1, ${2 * ROOMS}::int) g
  RETURNING id`);
const tokens = await Promise.all(users.map((u) => issueApiToken(db, u.id, 1)));

console.log(`${ROOMS} friend battles of ${QUESTIONS} rounds at once, each followed through Firestore…`);
const rooms: Room[] = [];
for (let i = 0; i < ROOMS; i++) {
  const [ta, tb] = [tokens[2 * i]!, tokens[2 * i + 1]!];
  const state = await api<RoomState>('create_room', ta, {
    room_type: 'friend',
    category: 'science',
    no_of_que: QUESTIONS,
    entry_fee: 0,
  });
  await api('join_room', tb, { room_code: state.room_code });
  const bySocket = new Map<string, number>();
  const byFirestore = new Map<string, number>();
  let finished!: () => void;
  const done = new Promise<void>((ok) => (finished = ok));
  const answer = (ws: WebSocket) => (m: ServerMessage) => {
    if (m.type !== 'round_open') return;
    const wait = Math.max(0, Date.parse(m.round.opens_at) - Date.now()) + 300 + Math.random() * 1200;
    setTimeout(() => {
      const option = m.round.question.options[0]?.id ?? 'a';
      ws.send(
        JSON.stringify({
          type: 'answer',
          room_id: state.room_id,
          round: m.round.round,
          question_id: m.round.question.id,
          answer: option,
        }),
      );
    }, wait);
  };
  // (Each socket's own answers go through it; its first message comes after it is assigned.)
  const wsA: WebSocket = await socket(ta, state.room_id, (m, t) => {
    if (!bySocket.has(key(m))) bySocket.set(key(m), t);
    answer(wsA)(m);
  });
  const wsB: WebSocket = await socket(tb, state.room_id, (m) => answer(wsB)(m));
  const client = initializeApp({ projectId: PROJECT, apiKey: 'bench' }, `bench-${randomUUID()}`);
  const fs = getFirestore(client);
  connectFirestoreEmulator(fs, '127.0.0.1', fsPort);
  const stop = followRoom(fs, state.room_id, {
    messages: (list) => {
      const t = performance.now();
      for (const m of list) if (!byFirestore.has(key(m))) byFirestore.set(key(m), t);
      if (byFirestore.has('result')) finished();
    },
    status: () => undefined,
  });
  rooms.push({
    id: state.room_id,
    bySocket,
    byFirestore,
    done,
    stop,
    close: async () => {
      wsA.close();
      wsB.close();
      await deleteApp(client);
    },
  });
  await new Promise((r) => setTimeout(r, 100));
  await api('start_room', ta, { room_id: state.room_id });
}

const timeout = new Promise((r) => setTimeout(r, (QUESTIONS * 6 + 30) * 1000));
await Promise.race([Promise.all(rooms.map((r) => r.done)), timeout]);
await sink.flush(10_000);

const lags: Record<string, number[]> = { open: [], close: [], result: [] };
let missing = 0;
for (const r of rooms) {
  for (const [k, t] of r.bySocket) {
    const kind = k.split(' ')[0]!;
    if (!(kind in lags)) continue;
    const f = r.byFirestore.get(k);
    if (f === undefined) missing++;
    else lags[kind]!.push(f - t);
  }
}

// Writes per document: the most in any 1 s window, and the smallest gap between two.
const byPath = new Map<string, number[]>();
for (const w of writes) byPath.set(w.path, [...(byPath.get(w.path) ?? []), w.atMs]);
let mostInOneSecond = 0;
let smallestGap = Infinity;
for (const at of byPath.values()) {
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! >= 1000) j++;
    mostInOneSecond = Math.max(mostInOneSecond, i - j + 1);
    if (i > 0) smallestGap = Math.min(smallestGap, at[i]! - at[i - 1]!);
  }
}
const roomDocWrites = writes.filter((w) => /^rooms\/[^/]+$/.test(w.path)).length;
const roomMessages = rooms.reduce((n, r) => n + r.bySocket.size, 0);

console.log('');
console.log('Firestore path behind the socket (player A), per event:');
for (const [kind, xs] of Object.entries(lags))
  console.log(
    `  ${kind.padEnd(7)} n=${String(xs.length).padStart(4)}  p50 ${ms(pct(xs, 50)).padStart(7)}  p90 ${ms(pct(xs, 90)).padStart(7)}  p99 ${ms(pct(xs, 99)).padStart(7)}  max ${ms(Math.max(...xs)).padStart(7)}`,
  );
console.log(`  events the follower never heard: ${missing}`);
console.log('');
console.log(`Writes: ${writes.length} to ${byPath.size} documents`);
console.log(`  most writes to one document in any 1 s window: ${mostInOneSecond} (Firestore sustains 1)`);
console.log(`  smallest gap between two writes of a document: ${ms(smallestGap)}`);
console.log(`  room documents: ${roomDocWrites} writes for ${roomMessages} room/round/result messages of player A`);
console.log('');
console.log('rerun: npm run bench:firestore  (BENCH_ROOMS, BENCH_QUESTIONS)');

for (const r of rooms) {
  r.stop();
  await r.close();
}
await app.close();
await db.close();
emulator.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
