import type { FastifyBaseLogger } from 'fastify';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { roomSeat, type RoomState, type ServerMessage } from '../../core/contract';
import type { ServiceAccount } from '../config';
import { sql, type Db } from '../db/client';
import { users } from '../db/schema';
import { intArray } from '../db/sql-helpers';
import { closeFirebaseApp, openFirebaseApp } from '../firebase-app';
import type { RoomBus } from './bus';
import { contestChannel, roomChannel, type RoomEventSink } from './room-event-sink';
import { SingleWriter } from './single-writer';

/** Firestore sustains about one write a second per document: never more often than this. */
export const MIN_WRITE_GAP_MS = 1000;
/** Idle documents and rooms are forgotten after this long (abandoned rooms never say goodbye). */
const FORGET_AFTER_MS = 10 * 60_000;
/** How long `close` waits for the last writes (Firestore may be unreachable). */
const CLOSE_WAIT_MS = 5_000;

// Room ids are UUIDs and contest ids integers: nothing else ever becomes a document path
// segment (a '/' or '..' in one would address another document).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (n: number) => Number.isSafeInteger(n) && n > 0;

type Fields = Record<string, unknown>;

/** One document's writes: at most one per MIN_WRITE_GAP_MS, the changes in between merged. */
interface DocQueue {
  /** Changes not yet written, latest value of each field. */
  patch: Fields | null;
  /** When the last write started (sink clock). */
  lastMs: number;
  timer: NodeJS.Timeout | undefined;
  writing: Promise<void> | undefined;
}

/** What the sink keeps of a room between its messages. */
interface RoomView {
  /** Each seated user's Firebase uid (null: an account that is not a Firebase one, or a bot). */
  readers: Map<number, string | null>;
  /** The room's messages, applied one change after the other (a uid look-up may come between). */
  chain: Promise<void>;
  seenMs: number;
}

export interface FirestoreSinkOptions {
  projectId: string;
  serviceAccount?: ServiceAccount;
  /** Where users' Firebase uids are read (`users.firebase_id`). */
  db: Db;
  log: FastifyBaseLogger;
  /** The clock (tests). */
  now?: () => number;
  /**
   * The room bus: with it, one node at a time writes a room's (a contest's) documents, from
   * every node's changes (SingleWriter). Without it, this node writes its own changes.
   */
  bus?: RoomBus;
}

/** A write as it went to Firestore (the test hook `onWrite` hears each one). */
export interface FirestoreWrite {
  path: string;
  fields: Fields;
  atMs: number;
}

/**
 * Firestore mode's live sync (ARCHITECTURE.md §6): each battle room's public state as
 * `rooms/{roomId}` and `rooms/{roomId}/players/{userId}`, each contest board as
 * `contests/{contestId}`, written with firebase-admin for clients to follow with `onSnapshot`.
 * A round's question is written only as it opens (round_ready announces it without), its
 * answer only from its round_close (round_open carries none), and each
 * document is written at most once a second: the first change at once, later ones merged and
 * written at the end of that second; with several nodes, one writes each room (SingleWriter).
 * `publish` only queues: the WebSocket fan-out never waits
 * on Firestore, and a failed write is logged and retried with the document's next change.
 * firebase-admin is loaded on the first write: the default mode never loads it.
 */
export class FirestoreSink implements RoomEventSink {
  private app: App | undefined;
  private store: Promise<Firestore> | undefined;
  private readonly docs = new Map<string, DocQueue>();
  private readonly rooms = new Map<string, RoomView>();
  private readonly now: () => number;
  private lastSweepMs = 0;
  private closed = false;
  /** Test hook: hears each write once Firestore has taken it. */
  onWrite: ((w: FirestoreWrite) => void) | undefined;

  private readonly writer: SingleWriter | undefined;

  constructor(private readonly opts: FirestoreSinkOptions) {
    this.now = opts.now ?? Date.now;
    this.writer = opts.bus ? new SingleWriter(opts.bus, opts.log, { now: this.now }) : undefined;
  }

  publish(roomId: string, events: readonly ServerMessage[]): Promise<void> {
    if (this.closed || events.length === 0) return Promise.resolve();
    if (!UUID.test(roomId)) {
      this.opts.log.warn({ roomId: String(roomId).slice(0, 80) }, 'firestore sink: not a room id, skipped');
      return Promise.resolve();
    }
    this.sweep();
    if (this.writer) this.writer.offer(roomChannel(roomId), events, (e) => this.enqueueRoom(roomId, e));
    else this.enqueueRoom(roomId, events);
    return Promise.resolve();
  }

  private enqueueRoom(roomId: string, events: readonly ServerMessage[]): void {
    let room = this.rooms.get(roomId);
    if (!room) this.rooms.set(roomId, (room = { readers: new Map(), chain: Promise.resolve(), seenMs: 0 }));
    room.seenMs = this.now();
    const view = room;
    view.chain = view.chain
      .then(() => this.applyRoom(roomId, view, events))
      .catch((err: unknown) => this.opts.log.error({ err }, 'firestore sink: room change not applied'));
  }

  publishContest(contestId: number, events: readonly ServerMessage[]): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!isId(contestId)) {
      this.opts.log.warn({ contestId: String(contestId).slice(0, 80) }, 'firestore sink: not a contest id, skipped');
      return Promise.resolve();
    }
    if (this.writer) this.writer.offer(contestChannel(contestId), events, (e) => this.applyContest(contestId, e));
    else this.applyContest(contestId, events);
    return Promise.resolve();
  }

  private applyContest(contestId: number, events: readonly ServerMessage[]): void {
    for (const e of events) {
      // `me` is the asking player's row: a shared board has none.
      if (e.type === 'contest_board') this.queue(`contests/${contestId}`, { board: { ...e.board, me: null } });
    }
  }

  /** Turns one change's messages into document changes, after looking up any new seat's uid. */
  private async applyRoom(roomId: string, view: RoomView, events: readonly ServerMessage[]): Promise<void> {
    const seats = events.flatMap((e) => (e.type === 'room' ? e.room.seats : []));
    const fresh = seats.filter((s) => !view.readers.has(s.user_id));
    let readersChanged = false;
    if (fresh.length > 0) {
      try {
        await this.lookUpReaders(
          view,
          fresh.map((s) => s.user_id),
        );
        readersChanged = true;
      } catch (err) {
        // The change still goes out; the look-up is tried again with the room's next change.
        this.opts.log.warn({ err }, 'firestore sink: room readers not looked up');
      }
    }
    const room: Fields = {};
    const players = new Map<number, Fields>();
    const player = (id: number) => {
      let p = players.get(id);
      if (!p) players.set(id, (p = {}));
      return p;
    };
    for (const e of events) {
      switch (e.type) {
        case 'room':
          Object.assign(room, roomFields(e.room));
          for (const s of e.room.seats) Object.assign(player(s.user_id), roomSeat(s));
          break;
        case 'round_ready': {
          // The round announced: its times only. Its question is written when it opens.
          const { round, opens_at, deadline } = e.round;
          room.next_round = { round, opens_at, deadline };
          break;
        }
        case 'round_open': {
          // Field by field: whatever else a round_open may carry one day, only these go out.
          const { question: q, round, opens_at, deadline } = e.round;
          room.next_round = null;
          room.open_round = {
            round,
            opens_at,
            deadline,
            question: {
              id: q.id,
              question: q.question,
              question_type: q.question_type,
              options: q.options.map((o) => ({ id: o.id, text: o.text })),
              image: q.image,
            },
          };
          break;
        }
        case 'round_close': {
          const r = e.round;
          room.last_close = {
            round: r.round,
            question_id: r.question_id,
            answer: r.answer,
            answers: r.answers.map((a) => ({
              user_id: a.user_id,
              answer: a.answer,
              correct: a.correct,
              points: a.points,
            })),
          };
          // The closed round is no longer open (a following round_open in this change replaces it).
          room.open_round = null;
          for (const a of r.answers) if (a.answer !== null) player(a.user_id).answered_round = r.round;
          break;
        }
        case 'answered':
          player(e.user_id).answered_round = e.round;
          break;
        case 'result':
          room.result = e.result;
          break;
        default:
          break;
      }
    }
    if (readersChanged) room.reader_uids = [...new Set([...view.readers.values()].filter((u) => u !== null))];
    if (typeof room.status === 'string' && room.status !== 'waiting' && room.status !== 'playing') {
      room.open_round = null;
      room.next_round = null;
    }
    if (Object.keys(room).length > 0) this.queue(`rooms/${roomId}`, { room_id: roomId, ...room });
    for (const [userId, p] of players) {
      if (isId(userId)) this.queue(`rooms/${roomId}/players/${userId}`, p);
    }
  }

  /** Reads the Firebase uids of users first seen in a room (our own account kinds have none). */
  private async lookUpReaders(view: RoomView, ids: number[]): Promise<void> {
    const valid = ids.filter(isId);
    const rows = await this.opts.db.orm
      .select({ id: users.id, firebase_id: users.firebase_id })
      .from(users)
      .where(sql`${users.id} = ANY(${intArray(valid)})`);
    const uid = new Map(rows.map((r) => [r.id, r.firebase_id]));
    for (const id of ids) {
      const f = uid.get(id);
      // `email:…`, `google:…` and `bot:…` are this server's own accounts: no Firebase user has them.
      view.readers.set(id, f && !f.includes(':') ? f : null);
    }
  }

  /** Merges changes into a document's pending write and starts it when its second allows. */
  private queue(path: string, fields: Fields): void {
    let q = this.docs.get(path);
    if (!q) this.docs.set(path, (q = { patch: null, lastMs: -Infinity, timer: undefined, writing: undefined }));
    q.patch = { ...q.patch, ...fields };
    this.kick(path, q);
  }

  private kick(path: string, q: DocQueue): void {
    if (q.timer || q.writing || !q.patch) return;
    const wait = q.lastMs + MIN_WRITE_GAP_MS - this.now();
    if (wait <= 0) {
      this.write(path, q);
      return;
    }
    // Timers may fire a millisecond early: the wait is checked again when it ends.
    q.timer = setTimeout(() => {
      q.timer = undefined;
      this.kick(path, q);
    }, wait);
  }

  private write(path: string, q: DocQueue): void {
    const fields = q.patch!;
    q.patch = null;
    const atMs = (q.lastMs = this.now());
    q.writing = (async () => {
      let failed = false;
      let meanwhile = false;
      try {
        const fs = await this.firestore();
        const data = { ...fields, updated_at: new Date(atMs) };
        // Top-level fields replace what was there (a question's options are not merged with the
        // last question's); fields not in this write are kept.
        await fs.doc(path).set(data, { mergeFields: Object.keys(data) });
        this.onWrite?.({ path, fields: data, atMs });
      } catch (err) {
        failed = true;
        meanwhile = q.patch !== null;
        this.opts.log.warn({ err, path }, 'firestore sink: write failed, retried with the next change');
        q.patch = { ...fields, ...q.patch };
      }
      q.writing = undefined;
      // Changes that came during the write go at the end of this second (with the failed
      // write's fields); a failed write alone waits for the document's next change.
      if (!failed || meanwhile) this.kick(path, q);
    })();
  }

  private firestore(): Promise<Firestore> {
    this.store ??= (async () => {
      const [app, { getFirestore }] = await Promise.all([
        openFirebaseApp(this.opts, 'firestore'),
        import('firebase-admin/firestore'),
      ]);
      this.app = app;
      return getFirestore(app);
    })();
    void this.store.catch(() => {
      this.store = undefined;
    });
    return this.store;
  }

  /** Forgets documents and rooms idle for long, so that finished and abandoned rooms free memory. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweepMs < 60_000) return;
    this.lastSweepMs = now;
    for (const [path, q] of this.docs)
      if (!q.patch && !q.timer && !q.writing && now - q.lastMs > FORGET_AFTER_MS) this.docs.delete(path);
    for (const [id, r] of this.rooms) if (now - r.seenMs > FORGET_AFTER_MS) this.rooms.delete(id);
  }

  /** Whether every queued change has been written or given up on (tests, close). */
  get idle(): boolean {
    for (const q of this.docs.values()) if (q.timer || q.writing) return false;
    return true;
  }

  /** Applies the queued room changes and waits (a few seconds at most) for their writes. */
  async flush(waitMs = CLOSE_WAIT_MS): Promise<void> {
    const until = Date.now() + waitMs;
    await Promise.all([...this.rooms.values()].map((r) => r.chain));
    // Failed writes get one more try now: there may be no next change to carry them.
    for (const [path, q] of this.docs) this.kick(path, q);
    while (!this.idle && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  }

  /** Flushes pending writes, then lets go of firebase-admin. */
  async close(): Promise<void> {
    await this.writer?.close();
    await this.flush();
    this.closed = true;
    for (const q of this.docs.values()) clearTimeout(q.timer);
    const app = this.app;
    this.app = undefined;
    this.store = undefined;
    if (!app) return;
    await closeFirebaseApp(app);
  }
}

/** The public fields of a room's state (no seat's answer, no answer key: the state has none). */
function roomFields(r: RoomState): Fields {
  return {
    kind: r.kind,
    status: r.status,
    round: r.round,
    no_of_que: r.no_of_que,
    entry_fee: r.entry_fee,
    max_players: r.max_players,
    category: r.category,
    owner_id: r.owner_id,
    // The players' user ids; the rules read `reader_uids`, their Firebase uids.
    readers: r.seats.map((s) => s.user_id),
    // The seats as the room shows them, so that a player's app follows the room with one
    // listener (each seat's live marks are in its own document).
    seats: r.seats.map(roomSeat),
  };
}

/** Firebase mode's Firestore publisher of rooms and contest boards. */
export function firestoreSink(o: FirestoreSinkOptions): FirestoreSink {
  return new FirestoreSink(o);
}
