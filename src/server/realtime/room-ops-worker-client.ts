import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '../../core/contract';
import type { BattleRules } from '../../core/rules/battle';
import type { BattleSetup } from '../domain/battle/rooms';
import { clockReading } from '../domain/clock';
import { AppError } from '../errors';
import type { RoomOps } from './room-ops';

export interface RoomOpsWorkerData {
  databaseUrl: string;
  poolSize: number;
  /** The setup without its clock (a clock does not cross threads: each request carries its reading). */
  setup: Omit<BattleSetup, 'clock'>;
}

type OpName = Exclude<keyof RoomOps, 'close'>;
export interface WorkerRequest {
  id: number;
  op: OpName;
  args: unknown[];
  /** The instant of a test's clock when the call was made; absent with the system clock. */
  at?: number;
}
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { app: true; code: ErrorCode; field?: string; message: string } | { app: false; message: string };
    };
type WorkerNote = { ready: true } | { failed: string };

/**
 * Collects what one turn of the event loop sends the other thread into one message: under load
 * many answers finish in the same turn, and each message wakes the other thread.
 */
export function batcher<T>(post: (items: T[]) => void): (item: T) => void {
  let items: T[] = [];
  const flush = () => {
    const out = items;
    items = [];
    post(out);
  };
  return (item) => {
    if (items.push(item) === 1) setImmediate(flush);
  };
}

/** The worker's script: the sources' loader under tsx, else the built one beside the server. */
function workerScript(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./room-ops-worker.boot.mjs', here);
  // Bundled: this code sits in build/server.mjs or in build/chunks/.
  for (const rel of ['./room-ops-worker.mjs', '../room-ops-worker.mjs']) {
    const url = new URL(rel, here);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error('room-ops-worker.mjs is missing beside the built server');
}

/**
 * The room operations run by a worker thread with a PostgreSQL pool of its own: an answer's
 * transaction (its statements, their replies, the pool's socket writes) no longer holds up the
 * thread that reads the players' sockets and relays "answered". Calls are queued until the
 * worker is up; a worker that dies fails the calls under way and is started again at the next.
 */
export class WorkerRoomOps implements RoomOps {
  private worker: Promise<Worker> | null = null;
  private readonly waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: unknown) => void }>();
  private nextId = 1;
  /** Each worker's batched sender. */
  private readonly send = new WeakMap<Worker, (r: WorkerRequest) => void>();
  private closed = false;

  private readonly data: RoomOpsWorkerData;
  private readonly clock: BattleSetup['clock'];

  private constructor(
    o: Omit<RoomOpsWorkerData, 'setup'> & { setup: BattleSetup },
    private readonly onError: (e: unknown) => void,
  ) {
    const { clock, ...setup } = o.setup;
    this.clock = clock;
    this.data = { ...o, setup };
  }

  /** Starts the worker and waits until its pool is open (rejects when it cannot open). */
  static async start(
    data: Omit<RoomOpsWorkerData, 'setup'> & { setup: BattleSetup },
    onError: (e: unknown) => void,
  ): Promise<WorkerRoomOps> {
    const ops = new WorkerRoomOps(data, onError);
    await ops.spawn();
    return ops;
  }

  private spawn(): Promise<Worker> {
    const w = new Worker(workerScript(), { workerData: this.data });
    const started = new Promise<Worker>((ok, fail) => {
      const first = (m: WorkerNote | WorkerReply) => {
        if ('ready' in m) ok(w);
        else if ('failed' in m) fail(new Error(`room operations worker: ${m.failed}`));
        else return;
        w.off('message', first);
      };
      w.on('message', first);
      w.once('error', fail);
    });
    w.on('message', (replies: WorkerNote | WorkerReply[]) => {
      if (!Array.isArray(replies)) return;
      for (const m of replies) {
        const call = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        if (!call) continue;
        if (m.ok) call.ok(m.value);
        else if (m.error.app) call.fail(new AppError(m.error.code, { field: m.error.field, message: m.error.message }));
        else call.fail(new Error(m.error.message));
      }
    });
    const send = batcher<WorkerRequest>((batch) => w.postMessage(batch));
    w.on('error', (e) => this.onError(e));
    w.once('exit', (code) => {
      if (this.worker === started) this.worker = null;
      const gone = new Error(`room operations worker exited (${code})`);
      for (const call of this.waiting.values()) call.fail(gone);
      this.waiting.clear();
    });
    this.worker = started;
    this.send.set(w, send);
    started.catch(() => {
      if (this.worker === started) this.worker = null;
    });
    return started;
  }

  private call<T>(op: OpName, ...args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new Error('room operations closed'));
    const id = this.nextId++;
    const reply = new Promise<T>((ok, fail) => this.waiting.set(id, { ok: ok as (v: unknown) => void, fail }));
    const at = clockReading(this.clock);
    (this.worker ?? this.spawn()).then(
      (w) => this.send.get(w)!(at === undefined ? { id, op, args } : { id, op, args, at }),
      (e: unknown) => {
        this.waiting.get(id)?.fail(e);
        this.waiting.delete(id);
      },
    );
    return reply;
  }

  revealDueRounds(ids?: readonly string[]) {
    return this.call<Awaited<ReturnType<RoomOps['revealDueRounds']>>>('revealDueRounds', ids);
  }

  botMove() {
    return this.call<Awaited<ReturnType<RoomOps['botMove']>>>('botMove');
  }
  expireGrace() {
    return this.call<Awaited<ReturnType<RoomOps['expireGrace']>>>('expireGrace');
  }
  closeDueRounds() {
    return this.call<Awaited<ReturnType<RoomOps['closeDueRounds']>>>('closeDueRounds');
  }
  dissolveAbandoned() {
    return this.call<Awaited<ReturnType<RoomOps['dissolveAbandoned']>>>('dissolveAbandoned');
  }
  seatDropped(userId: number, roomId: string) {
    return this.call<Awaited<ReturnType<RoomOps['seatDropped']>>>('seatDropped', userId, roomId);
  }
  seatResumed(userId: number, roomId: string) {
    return this.call<Awaited<ReturnType<RoomOps['seatResumed']>>>('seatResumed', userId, roomId);
  }
  snapshot(userId: number, roomId: string) {
    return this.call<Awaited<ReturnType<RoomOps['snapshot']>>>('snapshot', userId, roomId);
  }
  submitAnswer(userId: number, m: Parameters<RoomOps['submitAnswer']>[1], receivedMs?: number) {
    return this.call<Awaited<ReturnType<RoomOps['submitAnswer']>>>('submitAnswer', userId, m, receivedMs);
  }
  leave(userId: number, roomId: string) {
    return this.call<Awaited<ReturnType<RoomOps['leave']>>>('leave', userId, roomId);
  }
  useRules(rules: BattleRules) {
    // A worker started later starts with them too.
    this.data.setup = { ...this.data.setup, rules };
    return this.call<void>('useRules', rules);
  }

  /** Lets the calls under way finish, then closes the worker's pool and ends the thread. */
  async close(): Promise<void> {
    this.closed = true;
    const w = await this.worker?.catch(() => null);
    if (!w) return;
    while (this.waiting.size) await new Promise((r) => setTimeout(r, 10));
    const exited = new Promise((r) => w.once('exit', r));
    w.postMessage('close');
    const t = setTimeout(() => void w.terminate(), 5000);
    await exited;
    clearTimeout(t);
  }
}
