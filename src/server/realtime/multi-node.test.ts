import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_CATEGORY_TYPE, type RoomState } from '../../core/contract';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { sql } from '../db/client';
import { insertEventQuestions } from '../db/seed/seed-events';
import { createContest } from '../domain/contests';
import { moveCoins } from '../domain/ledger';
import { call } from '../test-support/client';
import { connectPlayer, HUMAN_ANSWER_MS, type Client } from '../test-support/battle';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Two server nodes on one database, fanning out through Redis: a player on each node plays the
// same friend battle. Needs REDIS_URL (CI has it); the in-process bus cannot cross nodes. On
// PostgreSQL the second node is a server process of its own (`src/server/server.ts`, as
// deployed); on PGlite, which one process owns, it is a second app in this process on the same
// database handle.
const REDIS_URL = process.env.REDIS_URL;
const ENV = { BATTLE_ROUND_SECONDS: '2', BATTLE_ROUND_DELAY_MS: '150' };

let t: TestApp;
/** Node B: its HTTP base and, when in this process, its app (else its process). */
let nodeB: { http: string; app?: App; proc?: ChildProcess };
const urls: string[] = [];

/** A port nobody listens on now (the OS picks it). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** Starts `src/server/server.ts` as a process of its own on the test's database and Redis. */
async function serverProcess(databaseUrl: string): Promise<{ http: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: new URL('../../../', import.meta.url).pathname,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...ENV,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      SEED_DEMO: '0',
      STATIC_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  const http = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 45_000; ;) {
    if (proc.exitCode !== null) throw new Error(`node B exited with ${proc.exitCode}`);
    if (Date.now() > deadline) throw new Error('node B did not start in 45 s');
    try {
      if ((await fetch(`${http}/healthz`)).ok) return { http, proc };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  if (!REDIS_URL) return;
  t = await buildTestApp({ ...ENV, REDIS_URL, BATTLE_DB_WORKER: '1' });
  if (t.databaseUrl) {
    nodeB = await serverProcess(t.databaseUrl);
  } else {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', REDIS_URL, ...ENV }),
      db: t.db,
    });
    nodeB = { http: await app.listen({ port: 0, host: '127.0.0.1' }), app };
  }
  const addressA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const http of [addressA, nodeB.http]) urls.push(`${http.replace('http', 'ws')}/ws`);
}, 60_000);
afterAll(async () => {
  if (!REDIS_URL) return;
  if (nodeB.proc) {
    const exited = new Promise((ok) => nodeB.proc!.once('exit', ok));
    nodeB.proc.kill('SIGTERM');
    await exited;
  }
  await nodeB.app?.close();
  await t.close();
});

/** An action on node B over HTTP, as a browser would call it. */
async function callB<T>(action: string, fields: Record<string, unknown>, token: string) {
  const res = await fetch(`${nodeB.http}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(fields),
  });
  return { status: res.status, body: (await res.json()) as { data: T } };
}

describe.skipIf(!REDIS_URL)('two nodes', () => {
  it('plays one battle with a player on each node; both see every round and the same result', async () => {
    // On PostgreSQL node B is a process of its own.
    if (t.databaseUrl) expect(nodeB.proc?.pid).toEqual(expect.any(Number));
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
    const joined = await callB<RoomState>('join_room', { room_code: room.room_code }, b.token);
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
          await new Promise((r) =>
            setTimeout(r, Math.max(0, Date.parse(m.round.opens_at) - Date.now() + HUMAN_ANSWER_MS)),
          );
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

  it("a contest's live board reaches a watcher on the other node", async () => {
    const lang = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
    const ids = await insertEventQuestions(t.db, lang, CONTEST_CATEGORY_TYPE, [
      { type: 'true_false', question: 'Across nodes?', options: ['True', 'False'], answer: 0, explanation: '' },
    ]);
    const contestId = await createContest(t.db, {
      languageId: lang,
      name: 'Two nodes cup',
      description: '',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
      entryFee: 0,
      prizes: [],
      questionIds: ids,
    });
    const [watcher, player] = [await createPlayer(t.app), await createPlayer(t.app)];
    const cw = await connectPlayer(urls[1]!, watcher);
    cw.send({ type: 'watch_contest', contest_id: contestId });
    expect(await cw.next()).toMatchObject({ type: 'contest_board', board: { contest_id: contestId, total: 0 } });
    // The player enters and answers on node A.
    expect(
      (await call(t.app, 'get_questions_by_contest', { contest_id: contestId }, { token: player.token })).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 350));
    const answered = await call(
      t.app,
      'set_contest_answer',
      { contest_id: contestId, question_id: ids[0], answer: 'a' },
      { token: player.token },
    );
    expect(answered.status).toBe(200);
    for (;;) {
      const m = await cw.next();
      if (m.type !== 'contest_board') continue;
      if (m.board.entries[0]?.score) {
        expect(m.board.entries[0]).toMatchObject({ user_id: player.user.id, rank: 1, score: 14 });
        break;
      }
    }
    cw.ws.close();
  });
});
