// Firestore mode's publisher against `@firestore-emulator/server` (TOOLCHAIN.md "Firebase"),
// started here in-process: real battles on the real app write their rooms to it with
// firebase-admin (the app's listener follows them in firestore-follow.emulator.test.ts).
import { randomUUID } from 'node:crypto';
import type { FirestoreServer } from '@firestore-emulator/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '../../core/contract';
import { connectPlayer, joinSocket, listenForSockets, sleep } from '../test-support/battle';
import {
  firestoreAppEnv,
  firestoreSinkOf,
  firestoreBattles,
  freePort,
  PROJECT,
  startFirestoreEmulator,
} from '../test-support/firestore-emulator';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { FirestoreSink, type FirestoreWrite } from './firestore-sink';

/** Firestore's sustained write rate per document (the test's own figure, not the sink's). */
const MIN_WRITE_GAP_MS = 1000;

type Doc = Record<string, unknown>;

const DOCS = `projects/${PROJECT}/databases/(default)/documents/`;

/** Every write the emulator took, in order: the document path (under `documents/`) and when. */
const landed: { path: string; atMs: number }[] = [];
let emulator: FirestoreServer;
let port: number;

async function startEmulator() {
  emulator = await startFirestoreEmulator(port, (path) =>
    landed.push({ path: path.replace(DOCS, ''), atMs: Date.now() }),
  );
}

let t: TestApp;
let url: string;
let sink: FirestoreSink;
/** Every write the sink made, with what it wrote (its own clock). */
const written: FirestoreWrite[] = [];
/** When each question's round_close reached the sink (same clock). */
const closedAt = new Map<number, number>();
/** When each question's round_open reached the sink (same clock): as its round opened. */
const openedAt = new Map<number, number>();

beforeAll(async () => {
  port = await freePort();
  await startEmulator();
  t = await buildTestApp(firestoreAppEnv(port));
  url = await listenForSockets(t);
  sink = firestoreSinkOf(t.app);
  sink.onWrite = (w) => written.push(w);
  const publish = sink.publish.bind(sink);
  sink.publish = (roomId, events) => {
    for (const e of events) {
      if (e.type === 'round_close') closedAt.set(e.round.question_id, Date.now());
      if (e.type === 'round_open') openedAt.set(e.round.question.id, Date.now());
    }
    return publish(roomId, events);
  };
});
afterAll(async () => {
  await t?.close();
  emulator?.stop();
});

const { friendBattle } = firestoreBattles(
  () => t,
  () => url,
);

/** firebase-admin as a test reads with it (its own app, on the same emulator). */
async function adminStore() {
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const app = initializeApp({ projectId: PROJECT }, `reader-${randomUUID()}`);
  return { fs: getFirestore(app), close: () => deleteApp(app) };
}

/** Waits until the sink has written everything queued. */
const settled = () => sleep(50).then(() => sink.flush(10_000));

const ANSWER_KEYS = new Set(['answer', 'answer_key', 'is_correct', 'bot_plan', 'correct_answer']);

function answerKeyPaths(v: unknown, path = ''): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => answerKeyPaths(x, `${path}[${i}]`));
  if (v && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => [
      ...(ANSWER_KEYS.has(k) ? [`${path}.${k}`] : []),
      ...answerKeyPaths(x, `${path}.${k}`),
    ]);
  return [];
}

/**
 * Every write of a room's documents: answers only under `last_close`, and only of a question
 * whose round_close had reached the sink before the write; an open question only once its
 * round_open had (as its round opened), never one that had closed, and only with its public
 * fields; a round announced with its times only; players' documents carry no answer at all.
 */
function expectNoAnswerBeforeClose(roomId: string, key: Record<string, string>) {
  const mine = written.filter((w) => w.path === `rooms/${roomId}` || w.path.startsWith(`rooms/${roomId}/`));
  let reveals = 0;
  let opens = 0;
  // The document as Firestore holds it after each write (top-level fields replaced).
  let doc: Doc = {};
  for (const w of mine) {
    if (w.path !== `rooms/${roomId}`) {
      expect(answerKeyPaths(w.fields), JSON.stringify(w.fields)).toEqual([]);
      continue;
    }
    doc = { ...doc, ...w.fields };
    const raw = JSON.stringify(doc);
    if (w.fields.last_close) reveals++;
    if (w.fields.open_round) opens++;
    const open = doc.open_round as { round: number; question: { id: number; options: object[] } } | null | undefined;
    const close = doc.last_close as { question_id: number; answer: string } | undefined;
    expect(
      answerKeyPaths(doc).filter((p) => !p.startsWith('.last_close.')),
      raw,
    ).toEqual([]);
    if (close) {
      const at = closedAt.get(close.question_id);
      expect(at !== undefined && at <= w.atMs, `answer of ${close.question_id} written before its round closed`).toBe(
        true,
      );
      expect(close.answer).toBe(key[String(close.question_id)]);
    }
    // A round announced carries its times only; a question is written once its round opened.
    const next = doc.next_round as Doc | null | undefined;
    if (next) expect(Object.keys(next).sort(), raw).toEqual(['deadline', 'opens_at', 'round']);
    if (open) {
      const opened = openedAt.get(open.question.id);
      expect(opened !== undefined && opened <= w.atMs, `question ${open.question.id} before its round opened`).toBe(
        true,
      );
      expect(Object.keys(open.question).sort(), raw).toEqual(['id', 'image', 'options', 'question', 'question_type']);
      for (const o of open.question.options) expect(Object.keys(o).sort(), raw).toEqual(['id', 'text']);
      const at = closedAt.get(open.question.id);
      expect(at === undefined || at > w.atMs, `question ${open.question.id} still open after it closed`).toBe(true);
      // Nothing in the document pairs the open question with its right option.
      expect(raw).not.toContain(`"${open.question.id}":"${key[String(open.question.id)]}"`);
    }
  }
  return { reveals, opens };
}

/**
 * Each document's writes ≥ 1 s apart as the sink started them; as the emulator took them (network
 * time in between, and the first write also connects), at most one a second plus one.
 */
function expectOneWritePerSecond(prefix: string) {
  const byPath = (rows: { path: string; atMs: number }[]) => {
    const by = new Map<string, number[]>();
    for (const r of rows) if (r.path.startsWith(prefix)) by.set(r.path, [...(by.get(r.path) ?? []), r.atMs]);
    return by;
  };
  const bySink = byPath(written);
  for (const [path, at] of bySink)
    for (let i = 1; i < at.length; i++)
      expect(at[i]! - at[i - 1]!, `${path}: writes ${i - 1} and ${i}`).toBeGreaterThanOrEqual(MIN_WRITE_GAP_MS);
  const byEmulator = byPath(landed);
  for (const [path, at] of byEmulator)
    expect(at.length, path).toBeLessThanOrEqual(Math.ceil((at.at(-1)! - at[0]!) / MIN_WRITE_GAP_MS) + 1);
  // The same writes reached the emulator as the sink made.
  expect([...byEmulator].map(([p, a]) => [p, a.length])).toEqual([...bySink].map(([p, a]) => [p, a.length]));
  return bySink;
}

describe('Firestore publisher', () => {
  it('writes a room and its players through a whole battle: no early answer, ≤ 1 write/s per document', async () => {
    const b = await friendBattle(3, { slow: true });
    await settled();
    const { reveals, opens } = expectNoAnswerBeforeClose(b.roomId, b.key);
    // Rounds of 2 s: each round's question and each reveal had a write of its own.
    expect(opens).toBeGreaterThanOrEqual(3);
    expect(reveals).toBeGreaterThanOrEqual(3);
    const perDoc = expectOneWritePerSecond(`rooms/${b.roomId}`);
    const players = [b.a.user.id, b.b.user.id].map((id) => `rooms/${b.roomId}/players/${id}`);
    expect([...perDoc.keys()].sort()).toEqual([`rooms/${b.roomId}`, ...players].sort());
    // Changes were merged: the room saw more messages than it had writes.
    const roomMessages = b.seen.filter((m) => m.type !== 'answered').length;
    expect(perDoc.get(`rooms/${b.roomId}`)!.length).toBeLessThan(roomMessages);

    const reader = await adminStore();
    try {
      const room = (await reader.fs.doc(`rooms/${b.roomId}`).get()).data()!;
      expect(room).toMatchObject({
        room_id: b.roomId,
        kind: 'friend',
        status: 'finished',
        round: 3,
        no_of_que: 3,
        entry_fee: 2,
        open_round: null,
        last_close: { round: 3 },
        result: b.result,
        readers: [b.a.user.id, b.b.user.id],
      });
      expect([...(room.reader_uids as string[])].sort()).toEqual([b.a.uid, b.b.uid].sort());
      const docs = (await reader.fs.collection(`rooms/${b.roomId}/players`).get()).docs;
      expect(docs.map((d) => d.id).sort()).toEqual([String(b.a.user.id), String(b.b.user.id)].sort());
      const [pa, pb] = [b.a, b.b].map((p) => docs.find((d) => d.id === String(p.user.id))!.data()) as [Doc, Doc];
      const sa = b.result.standings.find((s) => s.user_id === b.a.user.id)!;
      expect(pa).toMatchObject({ slot: 1, points: sa.points, correct: 3, answered_round: 3 });
      expect(pb).toMatchObject({ slot: 2, correct: 0, points: 0 });
      expect(pb.answered_round).toBeUndefined();
      const fields = 'answered_round correct image is_bot name points slot state updated_at user_id'.split(' ');
      expect(Object.keys(pa).sort()).toEqual(fields);
    } finally {
      await reader.close();
    }
  });

  it('writes only the public fields of a round_open, whatever else the message carries', async () => {
    const roomId = randomUUID();
    const [opens_at, deadline] = [new Date().toISOString(), new Date(Date.now() + 5000).toISOString()];
    const options = [{ id: 'b', text: 'B', is_correct: true }];
    const question = { id: 7, question: 'Q?', question_type: 'mcq', image: '', answer: 'b', options };
    const round = { room_id: roomId, round: 1, opens_at, deadline, question, answer_key: { 7: 'b' } };
    const hostile = { type: 'round_open', round } as unknown as ServerMessage;
    await sink.publish(roomId, [hostile]);
    await settled();
    const w = written.filter((x) => x.path === `rooms/${roomId}`);
    expect(w).toHaveLength(1);
    expect(answerKeyPaths(w[0]!.fields)).toEqual([]);
    expect(w[0]!.fields.open_round).toMatchObject({ question: { id: 7, options: [{ id: 'b', text: 'B' }] } });
  });

  it('never uses what is not a room id or contest id as a document path', async () => {
    const before = written.length;
    const open: ServerMessage = { type: 'answered', room_id: 'x', round: 1, user_id: 1 };
    for (const id of ['../contests/1', 'a/b', '', 'rooms', `${randomUUID()}/players/1`, '__proto__'])
      await expect(sink.publish(id, [open])).resolves.toBeUndefined();
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 60])
      await expect(sink.publishContest(id, [{ type: 'contest_board', board: {} as never }])).resolves.toBeUndefined();
    await settled();
    // (Contest boards the app itself publishes meanwhile are written: only well-formed paths.)
    const paths = written.slice(before).map((w) => w.path);
    for (const p of paths) expect(p).toMatch(/^contests\/[1-9][0-9]*$/);
  });

  it('keeps the battle going while Firestore is unreachable, and writes the final state once it is back', async () => {
    let publishMs = 0;
    let calls = 0;
    const publish = sink.publish.bind(sink);
    sink.publish = (roomId, events) => {
      const t0 = performance.now();
      const p = publish(roomId, events);
      publishMs = Math.max(publishMs, performance.now() - t0);
      calls++;
      return p;
    };
    try {
      let downMs = Infinity;
      const b = await friendBattle(2, {
        onRoom: () => {
          downMs = Date.now();
          emulator.stop();
        },
      });
      // The battle ran to its result over the WebSocket as ever.
      expect(b.result.standings.map((s) => s.user_id)).toEqual([b.a.user.id, b.b.user.id]);
      expect(calls).toBeGreaterThan(3);
      expect(publishMs).toBeLessThan(50);
      // Nothing of the battle got through meanwhile (firebase-admin waits for the server; the
      // changes piled up behind each document's write under way are merged).
      expect(written.filter((w) => w.path.startsWith(`rooms/${b.roomId}`) && w.atMs >= downMs)).toEqual([]);
      await startEmulator();
      await sink.flush(20_000);
      const reader = await adminStore();
      try {
        for (let i = 0; i < 100; i++) {
          const room = (await reader.fs.doc(`rooms/${b.roomId}`).get()).data();
          if (room?.status === 'finished') break;
          await sleep(200);
          if (i % 10 === 9) await sink.flush(5_000);
        }
        const room = (await reader.fs.doc(`rooms/${b.roomId}`).get()).data();
        expect(room).toMatchObject({ status: 'finished', result: b.result });
      } finally {
        await reader.close();
      }
    } finally {
      sink.publish = publish;
    }
  }, 60_000);

  it('logs the writes Firestore refuses and retries them with the next change, the battle unaffected', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    // The emulator prints each refusal's stack.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const state = emulator.state as unknown as { writeV1Document: unknown };
    // Firestore refusing every write (as with a service account that lost its role).
    state.writeV1Document = () => {
      throw new Error('refused by the test');
    };
    let roomId = '';
    let b!: Awaited<ReturnType<typeof friendBattle>>;
    try {
      b = await friendBattle(2, { onRoom: (id) => void (roomId = id) });
      expect(b.result.standings).toHaveLength(2);
      await settled();
      expect(warn.mock.calls.some(([o]) => (o as { path?: string }).path === `rooms/${roomId}`)).toBe(true);
    } finally {
      delete state.writeV1Document;
      warn.mockRestore();
      quiet.mockRestore();
    }
    // Firestore takes writes again: the room's next change (a seat's, say) carries the refused
    // ones with it (the result, the readers), with no flush to help.
    const c = await connectPlayer(url, b.a);
    await t.app.services.battles.publish(roomId, [await joinSocket(c, roomId)]);
    c.ws.close();
    const reader = await adminStore();
    try {
      let room: Doc | undefined;
      for (let i = 0; i < 30 && room?.status !== 'finished'; i++, await sleep(100))
        room = (await reader.fs.doc(`rooms/${roomId}`).get()).data();
      expect(room).toMatchObject({ room_id: roomId, status: 'finished', result: b.result, open_round: null });
      expect(room?.reader_uids).toHaveLength(2);
    } finally {
      await reader.close();
    }
  });
});
