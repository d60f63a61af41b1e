import type { FastifyBaseLogger } from 'fastify';
import type { ClientMessage, ContestBoard, ServerMessage } from '../../core/contract';
import type { Db } from '../db/client';
import type { Clock } from '../domain/clock';
import { closeDueContest, contestBoard } from '../domain/contests';
import { AppError } from '../errors';
import type { RoomBus } from './bus';
import type { Send } from './gateway';
import { contestChannel, type RoomEventSink } from './room-event-sink';

/** Entries a live board message carries. */
export const LIVE_BOARD_SIZE = 20;
/** A contest's board goes out at most this often from one node (a burst of answers is one message). */
const BOARD_EVERY_MS = 500;
/** How often each node looks for contests to close. */
const CLOSE_EVERY_MS = 5_000;

export type ContestMessage = Extract<ClientMessage, { type: 'watch_contest' | 'unwatch_contest' }>;

/**
 * Live contest leaderboards on this node: sockets watch a contest's board (`watch_contest`) and
 * hear it through the bus whenever it changes, whichever node took the answer; `changed` is
 * called once a score change has committed and publishes the board to every sink, coalescing
 * bursts. Also runs the closing job: every node looks for contests past their end, and the
 * database lets exactly one close each.
 */
export class ContestLive {
  private subs = new Map<Send, Map<number, Promise<() => Promise<void>>>>();
  private gone = new WeakSet<Send>();
  private due = new Map<number, NodeJS.Timeout>();
  private timer: NodeJS.Timeout | undefined;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: RoomBus,
    private readonly log: FastifyBaseLogger,
    private readonly sinks: readonly RoomEventSink[],
    /** The clock of contests' starts and ends (a test's own in tests). */
    private readonly clock: Clock,
  ) {}

  private async board(contestId: number): Promise<ContestBoard> {
    return contestBoard(this.db, this.clock, 0, { contestId, offset: 0, limit: LIVE_BOARD_SIZE });
  }

  /** A contest's scores changed (committed): its board goes out within BOARD_EVERY_MS. */
  changed(contestId: number): void {
    if (this.due.has(contestId)) return;
    this.due.set(
      contestId,
      setTimeout(() => {
        this.due.delete(contestId);
        void this.publishNow(contestId);
      }, BOARD_EVERY_MS),
    );
  }

  private async publishNow(contestId: number): Promise<void> {
    try {
      const events: ServerMessage[] = [{ type: 'contest_board', board: await this.board(contestId) }];
      await Promise.all(
        this.sinks.map((k) =>
          k
            .publishContest(contestId, events)
            .catch((err: unknown) => this.log.error({ err }, 'contest publish failed')),
        ),
      );
    } catch (err) {
      this.log.error({ err }, 'contest board failed');
    }
  }

  handle(_userId: number, msg: ContestMessage, send: Send): void {
    this.run(msg, send).catch((err: unknown) => {
      if (err instanceof AppError) send({ type: 'error', code: err.code, message: err.message });
      else {
        this.log.error({ err }, 'contest message failed');
        send({ type: 'error', code: 'internal_error', message: 'Internal error occurred.' });
      }
    });
  }

  private async run(msg: ContestMessage, send: Send): Promise<void> {
    const mine = this.subs.get(send);
    if (msg.type === 'unwatch_contest') {
      const off = mine?.get(msg.contest_id);
      mine?.delete(msg.contest_id);
      if (off) await (await off)();
      return;
    }
    // The board first: an unknown contest is refused before anything is subscribed.
    const board = await this.board(msg.contest_id);
    if (this.gone.has(send)) return;
    let subs = mine;
    if (!subs) this.subs.set(send, (subs = new Map()));
    if (!subs.has(msg.contest_id)) subs.set(msg.contest_id, this.bus.subscribe(contestChannel(msg.contest_id), send));
    await subs.get(msg.contest_id);
    send({ type: 'contest_board', board });
  }

  disconnected(send: Send): void {
    this.gone.add(send);
    const mine = this.subs.get(send);
    this.subs.delete(send);
    for (const p of mine?.values() ?? []) void p.then((off) => off()).catch(() => undefined);
  }

  /** Closes every contest that is due, one per transaction, and publishes each final board. */
  async closeDue(): Promise<number[]> {
    const closed: number[] = [];
    for (let i = 0; i < 20; i++) {
      const done = await this.db.tx((tx) => closeDueContest(tx, this.clock));
      if (!done) break;
      closed.push(done.contestId);
      await this.publishNow(done.contestId);
    }
    return closed;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.closing) return;
      this.closing = this.closeDue()
        .then(() => undefined)
        .catch((err: unknown) => this.log.error({ err }, 'contest close failed'))
        .finally(() => {
          this.closing = null;
        });
    }, CLOSE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const t of this.due.values()) clearTimeout(t);
    this.due.clear();
    await this.closing;
    const all = [...this.subs.values()].flatMap((m) => [...m.values()]);
    this.subs.clear();
    await Promise.all(all.map((p) => p.then((off) => off()).catch(() => undefined)));
  }
}
