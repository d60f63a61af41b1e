import { randomUUID } from 'node:crypto';
import type { createClient } from 'redis';
import { BusClosedError, deliver, type RoomBus, type Subscription } from './bus';

type RedisClient = ReturnType<typeof createClient>;

export interface RedisBusOptions {
  url: string;
  onError: (e: unknown) => void;
  /** Connection attempts before openRedisBus gives up; once connected, reconnects never stop. */
  connectAttempts?: number;
  /** Connection name in CLIENT LIST: `<name>:pub` and `<name>:sub` (default "room-bus"). */
  name?: string;
}

/** Wait before reconnect attempt `retries` (0-based): doubling from 100 ms, capped at 5 s, plus jitter. */
export function reconnectDelay(retries: number): number {
  return Math.min(100 * 2 ** retries, 5_000) + Math.floor(Math.random() * 100);
}

/**
 * Connects the Redis bus: one connection publishes, a duplicate subscribes. node-redis
 * reconnects both and re-subscribes the channels; messages published while the subscriber is
 * disconnected are lost (Redis pub/sub is at-most-once). `redis` loads only here.
 */
export async function openRedisBus(o: RedisBusOptions): Promise<RoomBus> {
  const { createClient } = await import('redis');
  const attempts = o.connectAttempts ?? 6;
  const name = o.name ?? 'room-bus';
  let connected = false;
  const publisher = createClient({
    url: o.url,
    name: `${name}:pub`,
    socket: {
      // At start an unreachable Redis fails openBus (6 attempts, ~3 s, by default) instead of hanging.
      reconnectStrategy: (retries, cause) =>
        !connected && retries + 1 >= attempts
          ? new Error(`room bus: cannot connect to Redis`, { cause })
          : reconnectDelay(retries),
    },
  });
  const subscriber = publisher.duplicate({ name: `${name}:sub` });
  // Without a listener an 'error' event (each failed reconnect attempt) would crash the process.
  publisher.on('error', o.onError);
  subscriber.on('error', o.onError);
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (e) {
    for (const c of [publisher, subscriber]) if (c.isOpen) c.destroy();
    throw e;
  }
  connected = true;
  return new RedisBus(publisher, subscriber, o.onError);
}

/** Takes a free key, or renews it for its holder (ARGV[1]); 1 when the key is the caller's. */
const CLAIM = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if v then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** Deletes a key only for its holder. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

interface ChannelState {
  readonly subs: Set<Subscription>;
  /** Whether the subscriber connection holds SUBSCRIBE for the channel (or has it queued). */
  subscribed: boolean;
  /** SUBSCRIBE and UNSUBSCRIBE of one channel run one after another. */
  queue: Promise<void>;
}

/** Local handlers are ref-counted per channel: one SUBSCRIBE while any is live, none after. */
class RedisBus implements RoomBus {
  readonly kind = 'redis' as const;
  private readonly channels = new Map<string, ChannelState>();
  private closing: Promise<void> | undefined;
  /** This node, as the holder of the keys it claims. */
  private readonly node = randomUUID();

  constructor(
    private readonly publisher: RedisClient,
    private readonly subscriber: RedisClient,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** The one node-redis listener of every channel; local delivery happens only here. */
  private readonly listener = (message: string, channel: string) => {
    const state = this.channels.get(channel);
    if (state) deliver(state.subs, message, this.onError);
  };

  async publish(channel: string, message: string): Promise<void> {
    if (this.closing) throw new BusClosedError();
    await this.publisher.publish(channel, message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>> {
    if (this.closing) throw new BusClosedError();
    let state = this.channels.get(channel);
    if (!state) {
      state = { subs: new Set(), subscribed: false, queue: Promise.resolve() };
      this.channels.set(channel, state);
    }
    const sub: Subscription = { onMessage, active: true };
    state.subs.add(sub);
    try {
      await this.sync(channel, state);
    } catch (e) {
      sub.active = false;
      state.subs.delete(sub);
      this.sync(channel, state).catch(this.onError);
      throw e;
    }
    const own = state;
    let done: Promise<void> | undefined;
    return () => (done ??= this.unsubscribe(channel, own, sub));
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    if (this.closing) throw new BusClosedError();
    const held = await this.publisher.eval(CLAIM, { keys: [key], arguments: [this.node, String(Math.ceil(ttlMs))] });
    return held === 1;
  }

  async release(key: string): Promise<void> {
    if (this.closing) return;
    await this.publisher.eval(RELEASE, { keys: [key], arguments: [this.node] });
  }

  close(): Promise<void> {
    return (this.closing ??= this.shutdown());
  }

  private async unsubscribe(channel: string, state: ChannelState, sub: Subscription): Promise<void> {
    sub.active = false;
    state.subs.delete(sub);
    if (this.closing) return;
    // Delivery has stopped already; a failed UNSUBSCRIBE is reported, never thrown at the caller.
    await this.sync(channel, state).catch(this.onError);
  }

  /** Brings the channel's Redis subscription in line with its local handlers, in turn. */
  private sync(channel: string, state: ChannelState): Promise<void> {
    const run = async () => {
      const wanted = state.subs.size > 0 && !this.closing;
      if (wanted && !state.subscribed) {
        await this.subscriber.subscribe(channel, this.listener);
        state.subscribed = true;
      } else if (!wanted && state.subscribed) {
        state.subscribed = false;
        await this.subscriber.unsubscribe(channel, this.listener);
      }
      if (state.subs.size === 0 && !state.subscribed && this.channels.get(channel) === state) {
        this.channels.delete(channel);
      }
    };
    const done = state.queue.then(run);
    state.queue = done.catch(() => undefined);
    return done;
  }

  private async shutdown(): Promise<void> {
    for (const state of this.channels.values()) for (const sub of state.subs) sub.active = false;
    this.channels.clear();
    await Promise.all([this.end(this.subscriber), this.end(this.publisher)]);
  }

  /** Closes a connection after its pending commands; one that is reconnecting is dropped. */
  private async end(client: RedisClient): Promise<void> {
    try {
      if (client.isReady) await client.close();
      else if (client.isOpen) client.destroy();
    } catch (e) {
      this.onError(e);
    }
  }
}
