import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { BusClosedError, type RoomBus } from './bus';
import { openBus } from './index';
import { openRedisBus } from './redis-bus';

// Redis tests run when REDIS_URL is set (CI); the memory bus runs the same contract always.
const REDIS_URL = process.env.REDIS_URL;
const noRedis = !REDIS_URL;

/** A channel no other test (or parallel test file) uses. */
const channel = () => `room:bus-test-${randomUUID()}`;

/** Polls until `check` holds; fails with `what` after `ms`. */
async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A handler that records what it receives. */
function recorder() {
  const got: string[] = [];
  return { got, on: (m: string) => void got.push(m) };
}

const opened: RoomBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

type Kind = 'memory' | 'redis';
async function open(kind: Kind, onError: (e: unknown) => void = () => {}): Promise<RoomBus> {
  const bus = await openBus({ redisUrl: kind === 'redis' ? REDIS_URL : undefined, onError });
  opened.push(bus);
  return bus;
}

/** Raw connection for inspecting the server (PUBSUB NUMSUB, CLIENT LIST). */
async function inspector() {
  const { createClient } = await import('redis');
  const c = createClient({ url: REDIS_URL });
  c.on('error', () => {});
  await c.connect();
  return {
    numsub: async (ch: string) => (await c.pubSubNumSub(ch))[ch] ?? 0,
    killConnection: async (name: string) => {
      const list = await c.clientList();
      const ids = list.filter((x) => x.name === name).map((x) => x.id);
      expect(ids).toHaveLength(1);
      await c.sendCommand(['CLIENT', 'KILL', 'ID', String(ids[0])]);
    },
    close: () => c.close(),
  };
}

function contract(kind: Kind, skip: boolean) {
  describe(`${kind} bus`, () => {
    it.skipIf(skip)('opens the kind asked for', async () => {
      expect((await open(kind)).kind).toBe(kind);
    });

    it.skipIf(skip)('delivers to every subscriber of the channel once, and to no other channel', async () => {
      const bus = await open(kind);
      const ch = channel();
      const [a, b, c, other] = [recorder(), recorder(), recorder(), recorder()];
      await bus.subscribe(ch, a.on);
      await bus.subscribe(ch, b.on);
      await bus.subscribe(ch, c.on);
      // The same function twice is two subscriptions.
      await bus.subscribe(ch, c.on);
      await bus.subscribe(channel(), other.on);
      await bus.publish(ch, 'hello');
      await bus.publish(ch, 'end');
      await until(() => a.got.length >= 2 && b.got.length >= 2 && c.got.length >= 4, 'delivery');
      expect(a.got).toEqual(['hello', 'end']);
      expect(b.got).toEqual(['hello', 'end']);
      expect(c.got).toEqual(['hello', 'hello', 'end', 'end']);
      expect(other.got).toEqual([]);
    });

    it.skipIf(skip)('keeps the order of 1000 messages from one publisher', async () => {
      const bus = await open(kind);
      const ch = channel();
      const a = recorder();
      await bus.subscribe(ch, a.on);
      const sent = Array.from({ length: 1000 }, (_, i) => `m${i}`);
      // Not awaited one by one: order must hold with many publishes in flight.
      await Promise.all(sent.map((m) => bus.publish(ch, m)));
      await until(() => a.got.length >= sent.length, '1000 messages');
      expect(a.got).toEqual(sent);
    });

    it.skipIf(skip)('stops delivering to a handler once it unsubscribes', async () => {
      const bus = await open(kind);
      const ch = channel();
      const [a, b] = [recorder(), recorder()];
      const offA = await bus.subscribe(ch, a.on);
      await bus.subscribe(ch, b.on);
      await bus.publish(ch, 'one');
      await until(() => a.got.length === 1 && b.got.length === 1, 'first message');
      await offA();
      await offA(); // a second call is harmless
      await bus.publish(ch, 'two');
      await until(() => b.got.length === 2, 'second message');
      expect(a.got).toEqual(['one']);
      expect(b.got).toEqual(['one', 'two']);
    });

    it.skipIf(skip)('delivers a message published on this node to its own subscribers exactly once', async () => {
      const bus = await open(kind);
      const ch = channel();
      const a = recorder();
      await bus.subscribe(ch, a.on);
      for (let i = 0; i < 50; i++) await bus.publish(ch, `m${i}`);
      await bus.publish(ch, 'end');
      await until(() => a.got.includes('end'), 'end marker');
      // Anything delivered twice would have come before the marker (one ordered path).
      await new Promise((r) => setTimeout(r, 20));
      expect(a.got).toEqual([...Array.from({ length: 50 }, (_, i) => `m${i}`), 'end']);
    });

    it.skipIf(skip)('reports a throwing handler and still delivers to the others', async () => {
      const errors: unknown[] = [];
      const bus = await open(kind, (e) => errors.push(e));
      const ch = channel();
      const [a, b] = [recorder(), recorder()];
      let calls = 0;
      await bus.subscribe(ch, a.on);
      await bus.subscribe(ch, () => {
        calls++;
        throw new Error('handler broke');
      });
      await bus.subscribe(ch, b.on);
      // The publisher never sees the handler's error.
      await expect(bus.publish(ch, 'one')).resolves.toBeUndefined();
      await bus.publish(ch, 'two');
      await until(() => a.got.length === 2 && b.got.length === 2 && calls === 2, 'delivery past the throwing handler');
      expect(a.got).toEqual(['one', 'two']);
      expect(b.got).toEqual(['one', 'two']);
      expect(errors).toHaveLength(2);
      expect((errors[0] as Error).message).toBe('handler broke');
    });

    it.skipIf(skip)('closes once, however often close() is called, and refuses work afterwards', async () => {
      const bus = await open(kind);
      const ch = channel();
      const a = recorder();
      const off = await bus.subscribe(ch, a.on);
      await Promise.all([bus.close(), bus.close()]);
      await expect(bus.close()).resolves.toBeUndefined();
      await expect(bus.publish(ch, 'late')).rejects.toBeInstanceOf(BusClosedError);
      await expect(bus.subscribe(ch, a.on)).rejects.toBeInstanceOf(BusClosedError);
      await expect(off()).resolves.toBeUndefined();
      expect(a.got).toEqual([]);
    });

    it.skipIf(skip)('measures the publish→receive round trip (1000 sequential messages)', async () => {
      const bus = await open(kind);
      const ch = channel();
      let arrived: (() => void) | undefined;
      await bus.subscribe(ch, () => arrived?.());
      const times: number[] = [];
      for (let i = 0; i < 1000; i++) {
        const got = new Promise<void>((r) => (arrived = r));
        const t0 = performance.now();
        await bus.publish(ch, `ping${i}`);
        await got;
        times.push(performance.now() - t0);
      }
      times.sort((x, y) => x - y);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
      if (process.env.BUS_LATENCY) {
        console.log(`${kind} bus round trip over 1000: p50 ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms`);
      }
      expect(times).toHaveLength(1000);
    });
  });
}

contract('memory', false);
contract('redis', noRedis);

describe('redis bus across nodes', () => {
  it.skipIf(noRedis)(
    'lets one node at a time hold a key: renewed by its holder, free once released or lapsed',
    async () => {
      const [a, b] = [await open('redis'), await open('redis')];
      const key = `claim-test:${randomUUID()}`;
      expect(await a.claim(key, 5_000)).toBe(true);
      expect(await b.claim(key, 5_000)).toBe(false);
      expect(await a.claim(key, 300)).toBe(true); // renewed, now for 300 ms
      await b.release(key); // not b's: nothing happens
      expect(await b.claim(key, 5_000)).toBe(false);
      await new Promise((r) => setTimeout(r, 400));
      expect(await b.claim(key, 5_000)).toBe(true); // a's lapsed
      expect(await a.claim(key, 5_000)).toBe(false);
      await b.release(key);
      expect(await a.claim(key, 5_000)).toBe(true);
      await a.release(key);
    },
  );

  it.skipIf(noRedis)('holds one Redis subscription per channel and releases it with the last handler', async () => {
    const bus = await open('redis');
    const redis = await inspector();
    try {
      const ch = channel();
      const [a, b] = [recorder(), recorder()];
      const offA = await bus.subscribe(ch, a.on);
      const offB = await bus.subscribe(ch, b.on);
      expect(await redis.numsub(ch)).toBe(1);
      await offA();
      expect(await redis.numsub(ch)).toBe(1);
      await offB();
      expect(await redis.numsub(ch)).toBe(0);

      // Racing subscribe and unsubscribe calls settle on what is live at the end.
      const offs = await Promise.all([bus.subscribe(ch, a.on), bus.subscribe(ch, b.on)]);
      const c = recorder();
      const [, , offC] = await Promise.all([offs[0]!(), offs[1]!(), bus.subscribe(ch, c.on)]);
      expect(await redis.numsub(ch)).toBe(1);
      await bus.publish(ch, 'after the race');
      await until(() => c.got.length === 1, 'delivery after the race');
      await offC!();
      expect(await redis.numsub(ch)).toBe(0);
    } finally {
      await redis.close();
    }
  });

  it.skipIf(noRedis)(
    "two nodes each see every message of both, exactly once and in each publisher's order",
    async () => {
      const [nodeA, nodeB] = [await open('redis'), await open('redis')];
      const ch = channel();
      const handlers = [recorder(), recorder(), recorder()];
      await nodeA.subscribe(ch, handlers[0]!.on);
      await nodeB.subscribe(ch, handlers[1]!.on);
      await nodeB.subscribe(ch, handlers[2]!.on);
      const fromA = [...Array.from({ length: 100 }, (_, i) => `a${i}`), 'a-end'];
      const fromB = [...Array.from({ length: 100 }, (_, i) => `b${i}`), 'b-end'];
      await Promise.all([...fromA.map((m) => nodeA.publish(ch, m)), ...fromB.map((m) => nodeB.publish(ch, m))]);
      for (const h of handlers) {
        await until(() => h.got.includes('a-end') && h.got.includes('b-end'), 'both end markers');
      }
      await new Promise((r) => setTimeout(r, 20));
      for (const h of handlers) {
        expect(h.got).toHaveLength(fromA.length + fromB.length);
        expect(h.got.filter((m) => m.startsWith('a'))).toEqual(fromA);
        expect(h.got.filter((m) => m.startsWith('b'))).toEqual(fromB);
      }
    },
  );

  it.skipIf(noRedis)('reconnects and re-subscribes after the connections drop', async () => {
    const errors: unknown[] = [];
    const name = `bus-test-${randomUUID()}`;
    const bus = await openRedisBus({ url: REDIS_URL!, onError: (e) => errors.push(e), name });
    opened.push(bus);
    const redis = await inspector();
    try {
      const ch = channel();
      const a = recorder();
      await bus.subscribe(ch, a.on);
      await redis.killConnection(`${name}:sub`);
      await redis.killConnection(`${name}:pub`);
      // Pub/sub is at-most-once: what is published while the subscriber reconnects is lost, so probe.
      const end = Date.now() + 10_000;
      for (let i = 0; a.got.length === 0; i++) {
        if (Date.now() > end) throw new Error('no message after reconnecting');
        // A publish caught in flight by the drop rejects; the next ones queue until reconnected.
        await bus.publish(ch, `probe${i}`).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await redis.numsub(ch)).toBe(1);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await redis.close();
    }
  });
});

describe('opening the redis bus', () => {
  // Needs no Redis: nothing listens on port 1.
  it('gives up when Redis cannot be reached at start', async () => {
    const errors: unknown[] = [];
    const opening = openRedisBus({ url: 'redis://127.0.0.1:1', onError: (e) => errors.push(e), connectAttempts: 2 });
    await expect(opening).rejects.toThrow('cannot connect to Redis');
    expect(errors.length).toBeGreaterThan(0);
  });
});
