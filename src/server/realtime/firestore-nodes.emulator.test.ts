// Firebase mode on two server nodes (one database, Redis between them; CI has REDIS_URL): a
// battle with a player on each node is written to Firestore by one node only, from both nodes'
// changes, within 1 write a second per document.
import type { FirestoreServer } from '@firestore-emulator/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { listenForSockets } from '../test-support/battle';
import {
  firestoreAppEnv,
  firestoreBattles,
  firestoreSinkOf,
  freePort,
  startFirestoreEmulator,
} from '../test-support/firestore-emulator';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { MIN_WRITE_GAP_MS, type FirestoreWrite } from './firestore-sink';

const REDIS_URL = process.env.REDIS_URL;

let emulator: FirestoreServer;
let t: TestApp;
let nodeB: App;
let urlA: string;
let urlB: string;
/** Each node's writes, by node. */
const written = { a: [] as FirestoreWrite[], b: [] as FirestoreWrite[] };

beforeAll(async () => {
  if (!REDIS_URL) return;
  const port = await freePort();
  emulator = await startFirestoreEmulator(port);
  const env = { ...firestoreAppEnv(port), REDIS_URL };
  t = await buildTestApp(env);
  nodeB = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', ...env }),
    db: t.db,
  });
  urlA = await listenForSockets(t);
  urlB = `${(await nodeB.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  firestoreSinkOf(t.app).onWrite = (w) => written.a.push(w);
  firestoreSinkOf(nodeB).onWrite = (w) => written.b.push(w);
}, 60_000);
afterAll(async () => {
  await nodeB?.close();
  await t?.close();
  emulator?.stop();
});

const { friendBattle } = firestoreBattles(
  () => t,
  () => urlA,
);

describe.skipIf(!REDIS_URL)('Firestore writes from two nodes', () => {
  it("one node writes a room, both nodes' changes in it, ≤ 1 write/s per document", async () => {
    const b = await friendBattle(3, { urlB });
    await Promise.all([firestoreSinkOf(t.app).flush(10_000), firestoreSinkOf(nodeB).flush(10_000)]);
    const mine = (w: FirestoreWrite) => w.path === `rooms/${b.roomId}` || w.path.startsWith(`rooms/${b.roomId}/`);
    const [byA, byB] = [written.a.filter(mine), written.b.filter(mine)];
    expect(byA.length + byB.length).toBeGreaterThan(0);
    // One node only.
    expect([byA.length, byB.length].filter((n) => n > 0)).toHaveLength(1);
    const writes = byA.length ? byA : byB;
    const byPath = new Map<string, number[]>();
    for (const w of writes) byPath.set(w.path, [...(byPath.get(w.path) ?? []), w.atMs]);
    for (const [path, at] of byPath)
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!, path).toBeGreaterThanOrEqual(MIN_WRITE_GAP_MS);
    // Player b's answers were made on node B; they are in the writes whichever node wrote.
    const bDoc = writes.filter((w) => w.path === `rooms/${b.roomId}/players/${b.b.user.id}`);
    expect(bDoc.some((w) => w.fields.answered_round === 3)).toBe(true);
    const room = writes.filter((w) => w.path === `rooms/${b.roomId}`).reduce((d, w) => ({ ...d, ...w.fields }), {});
    expect(room).toMatchObject({ status: 'finished', round: 3, result: b.result, open_round: null });
  });
});
