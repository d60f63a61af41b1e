import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../core/contract';
import { createPlayer } from '../test-support/factories';
import { listenForSockets } from '../test-support/battle';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { CLOSE } from './gateway';
import { MessageBudget, SocketsPerIp } from './socket-limits';

/** A real socket that keeps what the server sent and how it closed. */
async function open(url: string) {
  const ws = new WebSocket(url);
  const got: ServerMessage[] = [];
  ws.on('message', (d) => got.push(JSON.parse(d.toString()) as ServerMessage));
  const closed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  const send = (m: unknown) => ws.send(JSON.stringify(m));
  return { ws, got, closed, send };
}

describe('WebSocket limits against the app (small limits)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({ WS_MAX_SOCKETS_PER_IP: '3', WS_MESSAGES_PER_10S: '20' });
    url = await listenForSockets(t);
  });
  afterAll(() => t.close());

  it('refuses a socket over the per-IP cap with a typed message and a policy close, and takes one again once a socket closes', async () => {
    const held = [await open(url), await open(url), await open(url)];
    const over = await open(url);
    expect(await over.closed).toBe(CLOSE.policy);
    expect(over.got).toEqual([{ type: 'rate_limited', reason: 'sockets_per_ip', retry_after_s: 30 }]);
    held[0]!.ws.close();
    await held[0]!.closed;
    const again = await open(url);
    const p = await createPlayer(t.app);
    again.send({ type: 'hello', token: p.token });
    await expect.poll(() => again.got[0]?.type).toBe('welcome');
    for (const s of [held[1]!, held[2]!, again]) s.ws.close();
    await Promise.all([held[1]!.closed, held[2]!.closed, again.closed]);
  });

  it('answers a socket’s budget of messages, then says so and closes it', async () => {
    const p = await createPlayer(t.app);
    const c = await open(url);
    c.send({ type: 'hello', token: p.token });
    for (let i = 0; i < 50; i++) c.send({ type: 'ping', t: i });
    expect(await c.closed).toBe(CLOSE.policy);
    // hello + 19 pings fill the budget of 20; the 21st message is refused and nothing after it read.
    expect(c.got.filter((m) => m.type === 'pong')).toHaveLength(19);
    const last = c.got.at(-1)!;
    expect(last).toMatchObject({ type: 'rate_limited', reason: 'message_budget' });
    if (last.type === 'rate_limited') expect(last.retry_after_s).toBeGreaterThanOrEqual(1);
    if (last.type === 'rate_limited') expect(last.retry_after_s).toBeLessThanOrEqual(10);
  });
});

describe('socket limits (pure counters)', () => {
  it('renews a socket’s budget each window, on the clock it is given', () => {
    let now = 1_000;
    const b = new MessageBudget(2, 10_000, () => now);
    expect([b.spend(), b.spend(), b.spend()]).toEqual([true, true, false]);
    now += 4_000;
    expect(b.retryAfterS()).toBe(6);
    now += 6_000;
    expect(b.spend()).toBe(true);
  });

  it('counts sockets per address and frees a place when one closes', () => {
    const s = new SocketsPerIp(2);
    expect([s.tryOpen('a'), s.tryOpen('a'), s.tryOpen('a'), s.tryOpen('b')]).toEqual([true, true, false, true]);
    s.closed('a');
    expect(s.tryOpen('a')).toBe(true);
  });
});
