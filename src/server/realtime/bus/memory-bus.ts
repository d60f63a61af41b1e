import { BusClosedError, deliver, type RoomBus, type Subscription } from './bus';

/**
 * The single-process bus: publish fans out on a microtask (in publish order, so per-channel
 * order holds) and never throws a handler's error into the publisher.
 */
export class MemoryBus implements RoomBus {
  readonly kind = 'memory' as const;
  private readonly channels = new Map<string, Set<Subscription>>();
  private closed = false;

  constructor(private readonly onError: (e: unknown) => void) {}

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) throw new BusClosedError();
    const subs = this.channels.get(channel);
    if (!subs) return;
    // Who is subscribed now receives it; who unsubscribes before the microtask runs does not.
    const snapshot = [...subs];
    queueMicrotask(() => deliver(snapshot, message, this.onError));
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>> {
    if (this.closed) throw new BusClosedError();
    let subs = this.channels.get(channel);
    if (!subs) {
      subs = new Set();
      this.channels.set(channel, subs);
    }
    const sub: Subscription = { onMessage, active: true };
    subs.add(sub);
    const own = subs;
    return async () => {
      if (!sub.active) return;
      sub.active = false;
      own.delete(sub);
      if (own.size === 0 && this.channels.get(channel) === own) this.channels.delete(channel);
    };
  }

  /** One node: every key is this node's. */
  async claim(): Promise<boolean> {
    if (this.closed) throw new BusClosedError();
    return true;
  }

  async release(): Promise<void> {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const subs of this.channels.values()) for (const sub of subs) sub.active = false;
    this.channels.clear();
  }
}
