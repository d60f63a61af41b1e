import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomState } from '../../core/contract';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { call } from '../test-support/client';
import { connectPlayer, type Client } from '../test-support/battle';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Two server nodes on one database, fanning out through Redis: a player on each node plays the
// same friend battle. Needs REDIS_URL (CI has it); the in-process bus cannot cross nodes.
const REDIS_URL = process.env.REDIS_URL;
const ENV = { BATTLE_ROUND_SECONDS: '2', BATTLE_ROUND_DELAY_MS: '150' };

let t: TestApp;
let nodeB: App;
const urls: string[] = [];
beforeAll(async () => {
  if (!REDIS_URL) return;
  t = await buildTestApp({ ...ENV, REDIS_URL });
  nodeB = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', REDIS_URL, ...ENV }),
    db: t.db,
  });
  for (const app of [t.app, nodeB]) {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`${address.replace('http', 'ws')}/ws`);
  }
});
afterAll(async () => {
  if (!REDIS_URL) return;
  await nodeB.close();
  await t.close();
});

describe.skipIf(!REDIS_URL)('two nodes', () => {
  it('plays one battle with a player on each node; both see every round and the same result', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    for (const p of [a, b]) await moveCoins(t.db, { userId: p.user.id, delta: 50, reason: 'test', opId: randomUUID() });
    const created = await call<RoomState>(
      t.app,
      'create_room',
      { room_type: 'friend', category: 'science', no_of_que: 3, entry_fee: 5 },
      { token: a.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const room = created.body.data;
    // b joins through the other node's API.
    const joined = await call<RoomState>(nodeB, 'join_room', { room_code: room.room_code }, { token: b.token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const ca = await connectPlayer(urls[0]!, a);
    const cb = await connectPlayer(urls[1]!, b);
    for (const c of [ca, cb]) {
      c.send({ type: 'join', room_id: room.room_id });
      expect(await c.next()).toMatchObject({ type: 'room' });
    }
    const key = (await t.db.one<{ answer_key: Record<string, string> }>(
      sql`SELECT answer_key FROM rooms WHERE id = ${room.room_id}::uuid`,
    ))!.answer_key;
    const started = await call(t.app, 'start_room', { room_id: room.room_id }, { token: a.token });
    expect(started.status).toBe(200);

    const play = async (c: Client, right: boolean) => {
      const rounds: number[] = [];
      for (;;) {
        const m = await c.next();
        if (m.type === 'round_open') {
          await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(m.round.opens_at) - Date.now() + 15)));
          const q = m.round.question.id;
          c.send({
            type: 'answer',
            room_id: room.room_id,
            round: m.round.round,
            question_id: q,
            answer: right ? key[String(q)] : 'zz',
          });
        }
        if (m.type === 'round_close') rounds.push(m.round.round);
        if (m.type === 'result') return { rounds, result: m.result };
      }
    };
    const [ra, rb] = await Promise.all([play(ca, false), play(cb, true)]);
    // Each round closed exactly once, whichever node's ticker closed it.
    expect(ra.rounds).toEqual([1, 2, 3]);
    expect(rb.rounds).toEqual([1, 2, 3]);
    expect(ra.result).toEqual(rb.result);
    expect(ra.result.standings[0]).toMatchObject({ user_id: b.user.id, result: 'win', payout: 10 });
    const coins = await t.db.rows<{ coins: number }>(
      sql`SELECT coins FROM users WHERE id IN (${a.user.id}, ${b.user.id}) ORDER BY id`,
    );
    expect(coins.map((c) => c.coins).reduce((x, y) => x + y, 0)).toBe(2 * (10 + 50));
    ca.ws.close();
    cb.ws.close();
  });
});
