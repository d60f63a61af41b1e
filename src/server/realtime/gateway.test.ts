import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../core/contract';
import { createPlayer } from '../test-support/factories';
import { listenForSockets } from '../test-support/battle';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { sql } from '../db/client';
import { CLOSE } from './gateway';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp({ BATTLE_DB_WORKER: '1' });
  url = await listenForSockets(t);
});
afterAll(() => t.close());

/** A socket with a queue of what the server sent, and how it closed. */
async function connect() {
  const ws = new WebSocket(url);
  const inbox: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number } | undefined;
  ws.on('message', (d) => {
    inbox.push(JSON.parse(d.toString()) as ServerMessage);
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('close', (code) => {
    closed = { code };
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  const next = async (): Promise<ServerMessage> => {
    while (inbox.length === 0) {
      if (closed) throw new Error(`closed ${closed.code}`);
      await new Promise<void>((ok) => waiters.push(ok));
    }
    return inbox.shift()!;
  };
  const closing = async () => {
    while (!closed) await new Promise<void>((ok) => waiters.push(ok));
    return closed.code;
  };
  const send = (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  return { ws, next, closing, send };
}

describe('the WebSocket gateway', () => {
  it('authenticates with the api_token in the first message and answers the server clock', async () => {
    const p = await createPlayer(t.app);
    const c = await connect();
    c.send({ type: 'join', room_id: '00000000-0000-4000-8000-000000000000' });
    expect(await c.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    c.send({ type: 'hello', token: p.token });
    const welcome = await c.next();
    expect(welcome).toMatchObject({ type: 'welcome', user_id: p.user.id });
    const before = Date.now();
    c.send({ type: 'ping', t: 42 });
    const pong = await c.next();
    expect(pong).toMatchObject({ type: 'pong', t: 42 });
    if (pong.type === 'pong') expect(Math.abs(Date.parse(pong.server_time) - before)).toBeLessThan(5000);
    c.ws.close();
  });

  it('closes on a bad token or a deactivated account', async () => {
    const c = await connect();
    c.send({ type: 'hello', token: 'not-a-token' });
    expect(await c.closing()).toBe(CLOSE.unauthorized);
    const p = await createPlayer(t.app);
    await t.db.run(sql`UPDATE users SET status = 0 WHERE id = ${p.user.id}`);
    const d = await connect();
    d.send({ type: 'hello', token: p.token });
    expect(await d.closing()).toBe(CLOSE.unauthorized);
  });

  it('answers hostile frames with an error and stays up; refuses oversized frames', async () => {
    const p = await createPlayer(t.app);
    const c = await connect();
    c.send({ type: 'hello', token: p.token });
    await c.next();
    for (const bad of [
      '{',
      'null',
      '[]',
      '{"type":"answer","room_id":"x"}',
      '{"type":"nope"}',
      '{"type":"ping","t":"1"}',
    ]) {
      c.send(bad);
      expect(await c.next()).toMatchObject({ type: 'error', code: 'invalid_input' });
    }
    c.send({ type: 'ping', t: 1 });
    expect(await c.next()).toMatchObject({ type: 'pong' });
    c.send('x'.repeat(5000));
    // ws closes with 1009 (message too big)
    expect(await c.closing()).toBe(1009);
  });

  it('does not answer a flood: 5,000 pings get at most the default budget, then a policy close', async () => {
    const p = await createPlayer(t.app);
    const c = await connect();
    c.send({ type: 'hello', token: p.token });
    await c.next();
    for (let i = 0; i < 5000; i++) c.send({ type: 'ping', t: i });
    expect(await c.closing()).toBe(CLOSE.policy);
    let pongs = 0;
    let last: ServerMessage | undefined;
    for (;;) {
      const m = await c.next().catch(() => undefined);
      if (!m) break;
      if (m.type === 'pong') pongs++;
      last = m;
    }
    expect(pongs).toBeLessThan(100);
    expect(last).toMatchObject({ type: 'rate_limited', reason: 'message_budget' });
  });
});
