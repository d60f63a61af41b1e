import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../core/contract';
import type { RoomBus } from './bus';
import { openBus } from './bus/index';
import { SingleWriter } from './single-writer';

// Two nodes' writers on Redis (CI has REDIS_URL): one writes a channel at a time, hearing every
// node's changes in the bus's order; it renews its claim, lets go when stopping, and a node
// that died loses the channel once its claim lapses.
const REDIS_URL = process.env.REDIS_URL;
const log = pino({ level: 'silent' });
const LEASE = 600;

const opened: { bus: RoomBus; writer: SingleWriter }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.writer.close();
    await o.bus.close();
  }
});

async function node(now?: () => number) {
  const bus = await openBus({ redisUrl: REDIS_URL, onError: () => {} });
  const writer = new SingleWriter(bus, log, { leaseMs: LEASE, idleMs: 60_000, now });
  const o = { bus, writer, applied: [] as number[] };
  opened.push(o);
  return o;
}

const change = (n: number): ServerMessage[] => [{ type: 'answered', room_id: 'r', round: n, user_id: n }];
const roundsOf = (events: readonly ServerMessage[]) => events.map((e) => (e.type === 'answered' ? e.round : -1));

/** A change made on `on`: offered to its writer and published on the bus, as the app does. */
async function changeOn(on: Awaited<ReturnType<typeof node>>, channel: string, n: number) {
  on.writer.offer(channel, change(n), (e) => on.applied.push(...roundsOf(e)));
  await on.bus.publish(channel, JSON.stringify(change(n)));
}

const until = async (ok: () => boolean, what: string, ms = 5000) => {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 10)))
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(!REDIS_URL)('SingleWriter across nodes (Redis)', () => {
  it("lets one node write a channel, with every node's changes in order, once each", async () => {
    const [a, b] = [await node(), await node()];
    const ch = `room:${randomUUID()}`;
    await changeOn(a, ch, 1);
    await until(() => a.writer.writes(ch), 'a to write the channel');
    for (let n = 2; n <= 20; n++) await changeOn(n % 2 ? a : b, ch, n);
    await until(() => a.applied.length >= 20, 'every change at a');
    expect(a.applied).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(b.applied).toEqual([]);
    expect(b.writer.writes(ch)).toBe(false);
  });

  it('hands the channel over when its writer stops, and when it dies (its claim lapses)', async () => {
    const [a, b, c] = [await node(), await node(), await node()];
    const ch = `room:${randomUUID()}`;
    await changeOn(a, ch, 1);
    await until(() => a.writer.writes(ch), 'a to write');
    await changeOn(b, ch, 2);
    // a stops (a server shutting down): it lets go; b takes over with its next change.
    await a.writer.close();
    await new Promise((r) => setTimeout(r, LEASE / 3 + 50));
    await changeOn(b, ch, 3);
    await until(() => b.writer.writes(ch), 'b to write after a stopped');
    await changeOn(c, ch, 4);
    await until(() => b.applied.includes(4), "c's change at b");
    expect(c.applied).toEqual([]);
    // b dies: no release, no renewal (its bus is gone); the claim lapses and c takes over.
    await b.bus.close();
    await new Promise((r) => setTimeout(r, LEASE + 100));
    await changeOn(c, ch, 5);
    await until(() => c.writer.writes(ch), 'c to write after b died');
    await changeOn(c, ch, 6);
    await until(() => c.applied.includes(6), 'c to apply its changes');
    expect(c.applied).toEqual([5, 6]);
  });

  it('forgets the channels another node writes once they are quiet', async () => {
    let clock = Date.now();
    const [a, b] = [await node(), await node(() => clock)];
    const ch = `room:${randomUUID()}`;
    await changeOn(a, ch, 1);
    await until(() => a.writer.writes(ch), 'a to write');
    await changeOn(b, ch, 2);
    expect(b.writer.channels).toBe(1);
    clock += 2 * 60_000 + 1;
    await changeOn(b, `room:${randomUUID()}`, 1);
    // The quiet one is gone; the new one is b's own to write.
    await until(() => b.writer.channels === 1 && b.applied.includes(1), 'b to forget the quiet channel');
  });
});
