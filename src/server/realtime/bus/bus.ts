/**
 * Fan-out of live battle-room messages (channels like `room:<id>`) across server nodes: every
 * node's subscribers see each message published on any node, once.
 */
export interface RoomBus {
  /** Sends `message` to every subscriber of `channel`, on this node and the others. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Adds a local handler for `channel`; resolves once it is live. The returned function removes
   * this handler only (it never rejects and may be called more than once).
   */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Holds `key` for this node for `ttlMs` (renewed when this node holds it already): true while
   * it is this node's, false while another node's. One node at a time does a job of all nodes
   * (Firebase mode: writing one room's Firestore documents); if it dies, the key lapses.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Lets go of `key` if this node holds it. */
  release(key: string): Promise<void>;
  /** Drops every subscription and closes connections; later calls return the same promise. */
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

/** What publish and subscribe reject with once close() has been called. */
export class BusClosedError extends Error {
  constructor() {
    super('room bus is closed');
    this.name = 'BusClosedError';
  }
}

/** One local handler; `active` turns false on unsubscribe so deliveries already queued skip it. */
export interface Subscription {
  readonly onMessage: (message: string) => void;
  active: boolean;
}

/** Calls each live handler once; a handler that throws is reported, never rethrown. */
export function deliver(subs: Iterable<Subscription>, message: string, onError: (e: unknown) => void): void {
  // A snapshot: a handler subscribed by another handler starts with the next message.
  for (const sub of [...subs]) {
    if (!sub.active) continue;
    try {
      sub.onMessage(message);
    } catch (e) {
      onError(e);
    }
  }
}
