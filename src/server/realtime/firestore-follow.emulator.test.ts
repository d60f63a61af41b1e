// The app's Firestore follower (src/web/lib/firestore-follow.ts), run in Node against
// `@firestore-emulator/server` (TOOLCHAIN.md "Firebase": client-SDK listeners work there in Node,
// one per Firestore instance, never in a browser): it hears real battles through the server's
// writes, and says `unreachable` when Firestore does not answer (the socket then carries the room).
import type { FirestoreServer } from '@firestore-emulator/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestBoard, ServerMessage } from '../../core/contract';
// eslint-disable-next-line no-restricted-imports -- the app's own follower, run against the server's writes
import { followContest, followRoom, type FollowStatus } from '../../web/lib/firestore-follow';
import { listenForSockets, sleep } from '../test-support/battle';
import {
  clientFirestore,
  firestoreAppEnv,
  firestoreSinkOf,
  firestoreBattles,
  freePort,
  PROJECT,
  startFirestoreEmulator,
} from '../test-support/firestore-emulator';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { FirestoreSink } from './firestore-sink';

let emulator: FirestoreServer;
let port: number;
let t: TestApp;
let url: string;
let sink: FirestoreSink;

beforeAll(async () => {
  port = await freePort();
  emulator = await startFirestoreEmulator(port);
  t = await buildTestApp(firestoreAppEnv(port));
  url = await listenForSockets(t);
  sink = firestoreSinkOf(t.app);
});
afterAll(async () => {
  await t?.close();
  emulator?.stop();
});

const { friendBattle } = firestoreBattles(
  () => t,
  () => url,
);

async function until(what: string, ok: () => boolean, ms = 10_000) {
  for (const end = Date.now() + ms; !ok(); await sleep(50))
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}

const ofType = <T extends ServerMessage['type']>(ms: ServerMessage[], type: T) =>
  ms.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);

describe("the app's Firestore follower", () => {
  it("hears a real battle through the server's writes: each round, each close and the result, once", async () => {
    const client = await clientFirestore(port);
    const heard: ServerMessage[] = [];
    const statuses: FollowStatus[] = [];
    let stop = () => {};
    try {
      const b = await friendBattle(3, {
        slow: true,
        onRoom: (roomId) => {
          stop = followRoom(client.fs, roomId, { messages: (m) => heard.push(...m), status: (s) => statuses.push(s) });
        },
      });
      await sink.flush(10_000);
      await until('the result', () => heard.some((m) => m.type === 'result'));
      expect(statuses).toEqual(['connecting', 'live']);
      // Rounds of 2 s: the document had each of them, as the socket said them.
      const rounds = ofType(heard, 'round_open').map((m) => m.round);
      expect(rounds).toEqual(ofType(b.seen, 'round_open').map((m) => m.round));
      expect(ofType(heard, 'round_close').map((m) => m.round)).toEqual(
        ofType(b.seen, 'round_close').map((m) => m.round),
      );
      expect(heard.at(-1)).toEqual({ type: 'result', result: b.result });
      const rooms = ofType(heard, 'room').map((m) => m.room);
      expect(rooms.at(-1)).toMatchObject({ room_id: b.roomId, status: 'finished', round: 3 });
      // Never the same state twice in a row, never a room taken back.
      for (let i = 1; i < rooms.length; i++) {
        expect(rooms[i]).not.toEqual(rooms[i - 1]);
        expect(rooms[i]!.round).toBeGreaterThanOrEqual(rooms[i - 1]!.round);
      }
    } finally {
      stop();
      await client.close();
    }
  });

  it("hears each new board of its contest, and nothing written for another contest's", async () => {
    const client = await clientFirestore(port);
    const boards: ContestBoard[] = [];
    const contestId = 4_000_000 + Math.floor(Math.random() * 1000);
    const entry = (score: number) => ({
      rank: 1,
      user_id: 1,
      name: 'A',
      profile: '',
      score,
      correct_answers: 1,
      prize: 0,
    });
    const board = (total: number, id = contestId): ContestBoard => ({
      contest_id: id,
      name: 'Weekly',
      status: 'live',
      closed: false,
      total,
      entries: [entry(total * 10)],
      me: entry(10),
    });
    const stop = followContest(client.fs, contestId, { board: (b) => boards.push(b), status: () => undefined });
    // As the app publishes a board: to each of its sinks (the bus's fan-out, Firestore).
    const publish = (b: ContestBoard) =>
      Promise.all(
        t.app.services.battles.sinks.map((k) => k.publishContest(contestId, [{ type: 'contest_board', board: b }])),
      );
    try {
      await publish(board(1));
      await until('the first board', () => boards.length === 1);
      expect(boards[0]).toEqual({ ...board(1), me: null });
      // The document of this contest holding another contest's board (a bug, or a hostile write).
      await sleep(1100);
      await publish(board(2, contestId + 1));
      await sink.flush(5_000);
      await sleep(1100);
      await publish(board(3));
      await until('the next board', () => boards.length === 2);
      expect(boards.map((b) => b.total)).toEqual([1, 3]);
    } finally {
      stop();
      await client.close();
    }
  });

  it("says 'unreachable' when Firestore does not answer, tries again, and follows once it answers", async () => {
    const quietPort = await freePort();
    const client = await clientFirestore(quietPort);
    const heard: ServerMessage[] = [];
    const statuses: FollowStatus[] = [];
    const roomId = '0b7f9a9e-4c1a-4f5e-9d7a-7c3e2b1a0f00';
    const stop = followRoom(
      client.fs,
      roomId,
      { messages: (m) => heard.push(...m), status: (s) => statuses.push(s) },
      { answerWithinMs: 1000, retryMs: [500] },
    );
    let late: FirestoreServer | undefined;
    try {
      await until('a second try', () => statuses.length >= 3, 5000);
      expect(statuses.slice(0, 3)).toEqual(['connecting', 'unreachable', 'connecting']);
      expect(heard).toEqual([]);
      // Firestore comes back (on the address the app knows) with the room in it.
      late = await startFirestoreEmulator(quietPort);
      const { initializeApp, deleteApp } = await import('firebase-admin/app');
      const { getFirestore } = await import('firebase-admin/firestore');
      const admin = initializeApp({ projectId: PROJECT }, `late-${roomId}`);
      // firebase-admin takes its emulator from the environment (the sink's was made already).
      const sinks = process.env.FIRESTORE_EMULATOR_HOST;
      process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${quietPort}`;
      try {
        const fs = getFirestore(admin);
        const seat = {
          slot: 1,
          user_id: 5,
          name: 'A',
          image: '',
          correct: 0,
          points: 0,
          state: 'connected',
          is_bot: false,
        };
        await fs
          .doc(`rooms/${roomId}`)
          .set({ room_id: roomId, kind: 'friend', status: 'waiting', round: 0, seats: [seat] });
      } finally {
        process.env.FIRESTORE_EMULATOR_HOST = sinks;
        await deleteApp(admin);
      }
      await until('the room, once Firestore answers', () => heard.length > 0, 30_000);
      expect(statuses.at(-1)).toBe('live');
      expect(heard).toEqual([
        {
          type: 'room',
          room: expect.objectContaining({
            room_id: roomId,
            status: 'waiting',
            seats: [expect.objectContaining({ user_id: 5 })],
          }),
        },
      ]);
    } finally {
      stop();
      await client.close();
      late?.stop();
    }
  }, 60_000);
});
