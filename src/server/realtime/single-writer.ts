import type { FastifyBaseLogger } from 'fastify';
import { serverMessages, type ServerMessage } from '../../core/contract';
import type { RoomBus } from './bus';

export interface SingleWriterOptions {
  /** How long a node holds a channel without renewing (a dead node's channels lapse in this). */
  leaseMs?: number;
  /** A channel quiet this long is let go (a finished room, a closed contest). */
  idleMs?: number;
  now?: () => number;
}

interface Lane {
  state: 'deciding' | 'writer' | 'other';
  /** Changes heard while the claim is being decided, in order. */
  buffer: ServerMessage[][];
  /** When this node last tried to claim the channel. */
  checkedMs: number;
  /** When the channel last had a change (local or from the bus). */
  lastMs: number;
  apply: (events: readonly ServerMessage[]) => void;
  off?: () => Promise<void>;
  renewal?: NodeJS.Timeout;
}

/**
 * One node at a time handles a channel's changes, from every node: the node that claims the
 * channel on the bus (RoomBus.claim) hears all its changes through the bus and applies them
 * in the bus's order; the others skip theirs. Firebase mode uses it so that one node writes a
 * room's (or a contest board's) Firestore documents: within Firestore's 1 write/s per document
 * however many nodes serve the room's players, and never an older change written over a newer
 * one from another node. The holder renews its claim while the channel is active; when it dies,
 * the claim lapses and the next node with a change takes over.
 */
export class SingleWriter {
  private readonly lanes = new Map<string, Lane>();
  private readonly leaseMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private closed = false;
  private lastSweepMs = 0;

  constructor(
    private readonly bus: RoomBus,
    private readonly log: FastifyBaseLogger,
    o: SingleWriterOptions = {},
  ) {
    this.leaseMs = o.leaseMs ?? 15_000;
    this.idleMs = o.idleMs ?? 120_000;
    this.now = o.now ?? Date.now;
  }

  /**
   * A change of `channel` made on this node (the bus carries it to every node too): applied
   * here if this node writes the channel, through `apply`, once, in order with the others.
   */
  offer(channel: string, events: readonly ServerMessage[], apply: (events: readonly ServerMessage[]) => void): void {
    if (this.closed) return;
    const now = this.now();
    this.sweep(now);
    let lane = this.lanes.get(channel);
    if (lane) {
      lane.lastMs = now;
      // The writer hears this change from the bus, as every other node's.
      if (lane.state === 'writer') return;
      if (lane.state === 'deciding') {
        lane.buffer.push([...events]);
        return;
      }
      // Another node writes it; its claim is looked at again now and then (it may have let go).
      if (now - lane.checkedMs < this.leaseMs / 3) return;
      lane.state = 'deciding';
      lane.buffer = [[...events]];
      lane.checkedMs = now;
    } else {
      lane = { state: 'deciding', buffer: [[...events]], checkedMs: now, lastMs: now, apply };
      this.lanes.set(channel, lane);
    }
    void this.decide(channel, lane);
  }

  /** Forgets the channels another node writes once they are quiet (the writer's own let go on renewal). */
  private sweep(now: number): void {
    if (now - this.lastSweepMs < 60_000) return;
    this.lastSweepMs = now;
    for (const [channel, lane] of this.lanes)
      if (lane.state === 'other' && now - lane.lastMs > this.idleMs) this.lanes.delete(channel);
  }

  private key(channel: string) {
    return `single-writer:${channel}`;
  }

  private async decide(channel: string, lane: Lane): Promise<void> {
    try {
      if (!(await this.bus.claim(this.key(channel), this.leaseMs))) {
        lane.state = 'other';
        lane.buffer = [];
        return;
      }
      lane.off ??= await this.bus.subscribe(channel, (frame) => this.heard(lane, frame));
      // Changes heard meanwhile (this node's, and the bus's since the subscription) in order.
      for (const events of lane.buffer.splice(0)) lane.apply(events);
      lane.state = 'writer';
      lane.renewal ??= setInterval(() => void this.renew(channel, lane), this.leaseMs / 3);
      lane.renewal.unref();
    } catch (err) {
      // The bus is down: this node's own changes still go out; the claim is tried again later.
      this.log.warn({ err, channel }, 'single writer: claim failed, applying this node’s changes');
      for (const events of lane.buffer.splice(0)) lane.apply(events);
      lane.state = 'other';
    }
  }

  private heard(lane: Lane, frame: string): void {
    let events: ServerMessage[];
    try {
      events = serverMessages(frame);
    } catch {
      return;
    }
    lane.lastMs = this.now();
    if (lane.state === 'deciding') lane.buffer.push(events);
    else if (lane.state === 'writer') lane.apply(events);
  }

  private async renew(channel: string, lane: Lane): Promise<void> {
    if (this.closed || this.lanes.get(channel) !== lane) return;
    if (this.now() - lane.lastMs > this.idleMs) {
      await this.drop(channel, lane, true);
      return;
    }
    try {
      if (await this.bus.claim(this.key(channel), this.leaseMs)) return;
    } catch (err) {
      this.log.warn({ err, channel }, 'single writer: claim not renewed');
      return;
    }
    // Taken over (this node was cut off for longer than the lease): the other node writes now.
    await this.drop(channel, lane, false);
  }

  private async drop(channel: string, lane: Lane, release: boolean): Promise<void> {
    clearInterval(lane.renewal);
    lane.renewal = undefined;
    lane.state = 'other';
    lane.checkedMs = this.now();
    const off = lane.off;
    lane.off = undefined;
    if (release) this.lanes.delete(channel);
    await off?.();
    if (release) await this.bus.release(this.key(channel)).catch(() => undefined);
  }

  /** How many channels this node keeps track of (tests). */
  get channels(): number {
    return this.lanes.size;
  }

  /** Whether this node writes `channel` now (tests). */
  writes(channel: string): boolean {
    return this.lanes.get(channel)?.state === 'writer';
  }

  /** Lets go of every channel (the server is stopping: other nodes take over at once). */
  async close(): Promise<void> {
    if (this.closed) return;
    const lanes = [...this.lanes];
    await Promise.all(lanes.map(([channel, lane]) => this.drop(channel, lane, lane.state === 'writer')));
    this.closed = true;
  }
}
