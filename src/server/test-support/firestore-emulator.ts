// Firebase mode's Firestore tests: `@firestore-emulator/server` (TOOLCHAIN.md "Firebase") started
// in-process on a free port, and friend battles between players whose accounts are Firebase ones.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { FirestoreServer } from '@firestore-emulator/server';
import type { RoomState } from '../../core/contract';
import type { App } from '../app';
import { FirestoreSink } from '../realtime/firestore-sink';
import { sql } from '../db/client';
import { battleHelpers, connectPlayer, joinSocket, play } from './battle';
import type { Player } from './factories';
import type { TestApp } from './test-app';

export const PROJECT = 'demo-quiz';

/** A free TCP port (the emulator binds the one it is given). */
export async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await new Promise((ok) => s.once('listening', ok));
  const { port } = s.address() as { port: number };
  return new Promise((ok) => s.close(() => ok(port)));
}

/** The emulator on `port`; `onWrite` hears each document created or updated (its path). */
export async function startFirestoreEmulator(port: number, onWrite?: (path: string) => void) {
  const emulator = new FirestoreServer();
  if (onWrite) {
    const record = ({ document }: { document: { getPath(): string } }) => onWrite(document.getPath());
    emulator.state.emitter.on('create-document', record);
    emulator.state.emitter.on('update-document', record);
  }
  await emulator.start(port);
  return emulator;
}

/** The app's settings for Firebase mode writing to the emulator on `port` (short rounds). */
export function firestoreAppEnv(port: number) {
  // Read by firebase-admin when the sink first writes.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  return {
    FIREBASE_PROJECT_ID: PROJECT,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${port}`,
    BATTLE_DB_WORKER: '0',
    BATTLE_ROUND_SECONDS: '2',
    BATTLE_ROUND_DELAY_MS: '150',
  };
}

/** The app's Firestore writer (Firebase mode with the emulator has one). */
export function firestoreSinkOf(app: App): FirestoreSink {
  const sink = app.services.battles.sinks.find((s) => s instanceof FirestoreSink);
  if (!sink) throw new Error('the app publishes to Firestore in Firebase mode');
  return sink;
}

/** A client-SDK Firestore (what the app uses) on the emulator at `port`; one listener each. */
export async function clientFirestore(port: number) {
  const { initializeApp, deleteApp } = await import('firebase/app');
  const { getFirestore, connectFirestoreEmulator, setLogLevel } = await import('firebase/firestore');
  // The SDK logs each failed connection (some tests mean Firestore to be unreachable).
  setLogLevel('silent');
  const client = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, `client-${randomUUID()}`);
  const fs = getFirestore(client);
  connectFirestoreEmulator(fs, '127.0.0.1', port);
  return { fs, close: () => deleteApp(client) };
}

/** Battles on the test app `t`, whose sockets listen at `url`. */
export function firestoreBattles(t: () => TestApp, url: () => string) {
  const helpers = battleHelpers(t);
  const { ok, richPlayer, answerKey } = helpers;

  /** A player whose account is a Firebase one (its uid is what the rules compare). */
  async function firebasePlayer(): Promise<Player & { uid: string }> {
    const p = await richPlayer();
    const uid = randomUUID().replace(/-/g, '').slice(0, 28);
    await t().db.run(sql`UPDATE users SET firebase_id = ${uid} WHERE id = ${p.user.id}`);
    return { ...p, uid };
  }

  /**
   * A friend battle of `n` questions played to its result: `a` answers right; `b` wrong, or not
   * at all (`slow`: each round then runs to its deadline, as a Firestore client would see it).
   * `b` plays on the node at `urlB` when given.
   */
  async function friendBattle(
    n: number,
    o: { slow?: boolean; onRoom?: (roomId: string) => Promise<void> | void; urlB?: string } = {},
  ) {
    const a = await firebasePlayer();
    const b = await firebasePlayer();
    const room = await ok<RoomState>(a, 'create_room', {
      room_type: 'friend',
      category: 'science',
      no_of_que: n,
      entry_fee: 2,
    });
    await ok(b, 'join_room', { room_code: room.room_code });
    const [ca, cb] = [await connectPlayer(url(), a), await connectPlayer(o.urlB ?? url(), b)];
    await joinSocket(ca, room.room_id);
    await joinSocket(cb, room.room_id);
    const key = await answerKey(room.room_id);
    await o.onRoom?.(room.room_id);
    await ok(a, 'start_room', { room_id: room.room_id });
    const [ra] = await Promise.all([
      play(ca, room.room_id, (q) => key[String(q)]!),
      play(cb, room.room_id, () => (o.slow ? null : 'zz')),
    ]);
    ca.ws.close();
    cb.ws.close();
    return { a, b, roomId: room.room_id, key, result: ra.result, seen: ra.seen };
  }

  return { ...helpers, firebasePlayer, friendBattle };
}
