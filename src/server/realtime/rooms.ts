import type { FastifyBaseLogger } from 'fastify';
import type { ClientMessage, ServerMessage } from '../../core/contract';
import type { Db } from '../db/client';
import { closeDueRound, leaveRoom, roomSnapshot, submitAnswer, type BattleSetup } from '../domain/battle/rooms';
import { botMove } from '../domain/battle/random';
import { AppError } from '../http/errors';
import type { RoomBus } from './bus';
import type { RoomMessages } from './gateway';

/** How often each node looks for rounds that are due. */
const TICK_MS = 200;

export const roomChannel = (roomId: string) => `room:${roomId}`;

/**
 * Live battles on this node: publishes room changes on the bus, runs the round ticker, and
 * serves the gateway's room messages (join, answer, leave).
 */
export class Battles implements RoomMessages {
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  /** Each socket's (by its send function) room subscriptions. */
  private subs = new Map<(m: ServerMessage) => void, Map<string, Promise<() => Promise<void>>>>();
  /** Sockets that have closed: a join still under way for one subscribes nothing. */
  private gone = new WeakSet<(m: ServerMessage) => void>();

  constructor(
    readonly setup: BattleSetup,
    private readonly db: Db,
    readonly bus: RoomBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends a room's messages, in order, to its subscribers on every node. */
  publish(roomId: string, events: readonly ServerMessage[]): Promise<void> {
    let chain = Promise.resolve();
    for (const e of events) chain = chain.then(() => this.bus.publish(roomChannel(roomId), JSON.stringify(e)));
    return chain.catch((err: unknown) => this.log.error({ err }, 'room publish failed'));
  }

  /** Starts the round ticker (every node runs one; the database decides who closes a round). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const all = [...this.subs.values()].flatMap((m) => [...m.values()]);
    this.subs.clear();
    await Promise.all(all.map((p) => p.then((off) => off()).catch(() => undefined)));
  }

  /** Stores the bots' answers that are due, then closes every round that is due, one room per transaction. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      for (let i = 0; i < 50 && this.timer; i++) {
        const moved = await this.db.tx((tx) => botMove(tx, this.setup.rules));
        if (!moved) break;
        await this.publish(moved.roomId, moved.events);
      }
      for (let i = 0; i < 50 && this.timer; i++) {
        const closed = await this.db.tx((tx) => closeDueRound(tx, this.setup));
        if (!closed) break;
        await this.publish(closed.roomId, closed.events);
      }
    } catch (err) {
      this.log.error({ err }, 'battle tick failed');
    } finally {
      this.ticking = false;
    }
  }

  handle(userId: number, msg: Exclude<ClientMessage, { type: 'hello' | 'ping' }>, send: (m: ServerMessage) => void) {
    this.run(userId, msg, send).catch((err: unknown) => {
      if (err instanceof AppError) {
        send({ type: 'error', code: err.code, message: err.message });
      } else {
        this.log.error({ err }, 'room message failed');
        send({ type: 'error', code: 'internal_error', message: 'Internal error occurred.' });
      }
    });
  }

  disconnected(_userId: number, send?: (m: ServerMessage) => void): void {
    if (!send) return;
    this.gone.add(send);
    const mine = this.subs.get(send);
    this.subs.delete(send);
    for (const p of mine?.values() ?? []) void p.then((off) => off()).catch(() => undefined);
  }

  private async run(
    userId: number,
    msg: Exclude<ClientMessage, { type: 'hello' | 'ping' }>,
    send: (m: ServerMessage) => void,
  ) {
    switch (msg.type) {
      case 'join': {
        // Membership first: a socket hears only rooms it has a seat in.
        await roomSnapshot(this.db, userId, msg.room_id);
        if (this.gone.has(send)) return;
        let mine = this.subs.get(send);
        if (!mine) this.subs.set(send, (mine = new Map()));
        if (!mine.has(msg.room_id)) {
          mine.set(
            msg.room_id,
            this.bus.subscribe(roomChannel(msg.room_id), (raw) => send(JSON.parse(raw) as ServerMessage)),
          );
        }
        await mine.get(msg.room_id);
        for (const m of await roomSnapshot(this.db, userId, msg.room_id)) send(m);
        return;
      }
      case 'answer': {
        const events = await this.db.tx((tx) => submitAnswer(tx, this.setup.rules, userId, msg));
        await this.publish(msg.room_id, events);
        return;
      }
      case 'leave': {
        const change = await this.db.tx((tx) => leaveRoom(tx, userId, msg.room_id));
        await this.publish(msg.room_id, change.events);
        const off = this.subs.get(send)?.get(msg.room_id);
        this.subs.get(send)?.delete(msg.room_id);
        if (off) await (await off)();
        send({ type: 'room', room: change.state });
        return;
      }
    }
  }
}
