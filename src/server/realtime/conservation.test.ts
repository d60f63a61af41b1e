import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomState, ServerMessage } from '../../core/contract';
import { sql } from '../db/client';
import { TestClock } from '../domain/clock';
import {
  battleHelpers,
  connectPlayer,
  expectNoAnswerBeforeClose,
  setBattleRules,
  sleep,
  tickerPass,
  type Client,
  listenForSockets,
} from '../test-support/battle';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Many random battles at once, players answering, idling, leaving, dropping (for good or for a
// moment) and cancelling their search: no coin is made or lost, every room ends finished or
// deleted, and no frame gives an answer away before its round closes. The battles run on a
// clock the test moves (running with the system's time, moved on past countdowns and at the end
// past every round and grace), so that how loaded the machine is changes the mix, not the result.

const clock = new TestClock(new Date(), { running: true });
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp({ BATTLE_ROUND_SECONDS: '1', BATTLE_ROUND_DELAY_MS: '0', BATTLE_DB_WORKER: '1' }, { clock });
  setBattleRules(t, { random_battle_questions: 2, reconnect_grace_seconds: 1 });
  url = await listenForSockets(t);
});
afterAll(() => t.close());

const { api, richPlayer } = battleHelpers(() => t);
const match = { language_id: 1, category: 'science' };

/** A small seeded generator (mulberry32), so that a failing mix can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Reads a socket's frames in order, waiting at most `ms` for the next one (null: none came). */
function reader(c: Client) {
  let i = 0;
  return async (ms: number): Promise<ServerMessage | null> => {
    const end = Date.now() + ms;
    while (i >= c.frames.length) {
      const left = end - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((ok) => {
        const done = () => {
          clearTimeout(timer);
          c.ws.off('message', done);
          ok();
        };
        const timer = setTimeout(done, left);
        c.ws.on('message', done);
      });
    }
    return JSON.parse(c.frames[i++]!) as ServerMessage;
  };
}

type Behaviour = 'answer' | 'idle' | 'leave' | 'leave_http' | 'drop' | 'blip';
const BEHAVIOURS: [Behaviour, number][] = [
  ['answer', 0.45],
  ['idle', 0.1],
  ['leave', 0.1],
  ['leave_http', 0.05],
  ['drop', 0.15],
  ['blip', 0.15],
];

describe('random battles under churn', () => {
  it('conserves every coin over 200 battles with answers, leavers, drops, reconnects and cancelled searches', async () => {
    const PLAYERS = 40;
    const ROOMS = Number(process.env.CHURN_ROOMS ?? 200); // battles played
    const random = rng(Number(process.env.CHURN_SEED ?? 4242));
    const quiet =
      (
        await t.db.one<{ slug: string }>(sql`SELECT slug FROM categories
          WHERE language_id = 1 AND type = 1 AND premium_price = 0 AND slug <> 'science' ORDER BY id LIMIT 1`)
      )?.slug ?? 'science';
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => richPlayer(300)));
    const ids = `{${players.map((p) => p.user.id).join(',')}}`;
    const total = async () =>
      (await t.db.one<{ n: number }>(sql`SELECT coalesce(sum(coins), 0)::int AS n FROM users
        WHERE id = ANY(${ids}::integer[])`))!.n;
    const start = await total();
    const clients: Client[] = [];
    const rooms = new Set<string>();
    /** Rooms that were matched (a battle was played). */
    const battles = new Set<string>();
    const keys = new Map<string, Record<string, string>>();
    const tally: Record<string, number> = { sessions: 0, cancelled: 0 };
    for (const [b] of BEHAVIOURS) tally[b] = 0;

    const pick = (): Behaviour => {
      let x = random();
      for (const [b, w] of BEHAVIOURS) if ((x -= w) < 0) return b;
      return 'answer';
    };
    const keyOf = async (roomId: string) => {
      if (!keys.has(roomId)) {
        const r = await t.db.one<{ answer_key: Record<string, string> }>(
          sql`SELECT answer_key FROM rooms WHERE id = ${roomId}::uuid`,
        );
        keys.set(roomId, r!.answer_key);
      }
      return keys.get(roomId)!;
    };
    const open = async (p: Player, roomId: string) => {
      const c = await connectPlayer(url, p);
      clients.push(c);
      c.send({ type: 'join', room_id: roomId });
      return c;
    };

    /** One search and (when matched) one battle of a player, played as `behaviour` says. */
    async function session(p: Player) {
      tally.sessions!++;
      // Now and then a quieter category, where searches wait and get cancelled.
      const where = random() < 0.1 ? { ...match, category: quiet } : match;
      const r = await api<RoomState>(p, 'get_random_questions', where);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const roomId = r.body.data.room_id;
      rooms.add(roomId);
      let status = r.body.data.status;
      const cancel = async () => {
        const d = await api<RoomState>(p, 'get_random_questions', { match_id: roomId, destroy_match: 1 });
        expect(d.status).toBe(200);
        return d.body.data.status;
      };
      if (status === 'waiting' && random() < 0.1) status = await cancel();
      let c = await open(p, roomId);
      let read = reader(c);
      const waitUntil = Date.now() + 1000;
      while (status === 'waiting') {
        const m = await read(waitUntil - Date.now());
        if (m === null) status = await cancel();
        else if (m.type === 'room' && m.room.room_id === roomId) status = m.room.status;
      }
      if (status === 'playing' || status === 'finished') battles.add(roomId);
      if (status !== 'playing') {
        // Cancelled, or matched and already over before this socket got there.
        if (status === 'deleted') tally.cancelled!++;
        c.ws.close();
        return;
      }
      const behaviour = pick();
      tally[behaviour]!++;
      const right = random() < 0.5;
      let rounds = 0;
      for (;;) {
        const m = await read(10_000);
        expect(m, `no result in room ${roomId} (${behaviour})`).not.toBeNull();
        if (
          m!.type === 'result' ||
          (m!.type === 'room' && m!.room.status !== 'playing' && m!.room.status !== 'waiting')
        )
          break;
        if (m!.type !== 'round_open' || m!.round.room_id !== roomId) continue;
        rounds++;
        const q = m!.round;
        if (rounds === 1 && behaviour !== 'answer' && behaviour !== 'idle') {
          if (behaviour === 'leave') c.send({ type: 'leave', room_id: roomId });
          if (behaviour === 'leave_http') expect((await api(p, 'leave_room', { room_id: roomId })).status).toBe(200);
          if (behaviour !== 'blip') {
            // Gone (left, or dropped for good): the battle goes on without this player.
            await sleep(50);
            c.ws.close();
            return;
          }
          c.ws.close();
          await sleep(Math.floor(random() * 400));
          c = await open(p, roomId);
          read = reader(c);
          continue;
        }
        if (behaviour === 'idle') continue;
        const key = await keyOf(roomId);
        clock.follow(Date.parse(q.opens_at) + 5);
        const answer = right ? key[String(q.question.id)]! : 'zz';
        c.send({ type: 'answer', room_id: roomId, round: q.round, question_id: q.question.id, answer });
      }
      c.ws.close();
    }

    // Each player searches again and again until enough rooms have been made.
    await Promise.all(
      players.map(async (p) => {
        while (battles.size < ROOMS) await session(p);
      }),
    );

    // Everything settles: the clock moves past every round and grace, a second at a time, and
    // the ticker ends the battles still running.
    const list = `{${[...rooms].join(',')}}`;
    for (let passes = 0; ; passes++) {
      const pending = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM rooms
        WHERE id = ANY(${list}::uuid[]) AND status NOT IN ('finished', 'deleted')`);
      if (pending!.n === 0) break;
      expect(passes, `${pending!.n} rooms still open after ${passes} s of the clock`).toBeLessThan(60);
      clock.advance(1000);
      await tickerPass(t);
    }
    const statuses = await t.db.rows<{ status: string; n: number }>(sql`SELECT status, count(*)::int AS n
      FROM rooms WHERE id = ANY(${list}::uuid[]) GROUP BY status ORDER BY status`);
    const finished = statuses.find((s) => s.status === 'finished')?.n ?? 0;
    expect(battles.size).toBeGreaterThanOrEqual(ROOMS);
    expect(finished, JSON.stringify({ quiet, statuses, tally })).toBeGreaterThanOrEqual(ROOMS);
    // No random room of these players anywhere else is still open either.
    const stray = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM rooms
      WHERE owner_id = ANY(${ids}::integer[]) AND status NOT IN ('finished', 'deleted')`);
    expect(stray!.n).toBe(0);

    // Coins: the players' sum is what it was; each balance is its ledger's sum and never below 0.
    expect(await total()).toBe(start);
    const books = await t.db.rows<{ id: number; coins: number; ledger: number }>(sql`SELECT u.id, u.coins,
        (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger l WHERE l.user_id = u.id) AS ledger
      FROM users u WHERE u.id = ANY(${ids}::integer[]) ORDER BY u.id`);
    expect(books).toHaveLength(players.length);
    for (const b of books) {
      expect(b.coins, `player ${b.id}: balance equals the sum of the ledger`).toBe(b.ledger);
      expect(b.coins, `player ${b.id}`).toBeGreaterThanOrEqual(0);
    }
    // Per room: a fee from each seat; a finished room paid out its pot, a deleted one refunded each fee.
    const bad = await t.db.rows<{ id: string }>(sql`SELECT r.id FROM rooms r
      WHERE r.id = ANY(${list}::uuid[]) AND
        (SELECT coalesce(sum(delta), 0) FROM coin_ledger l WHERE l.ref = r.id::text) <> 0`);
    expect(bad).toEqual([]);

    // Every frame every client got: no answer before its round closed.
    for (const id of rooms) await keyOf(id);
    for (const c of clients) expectNoAnswerBeforeClose(c.frames, keys);
    expect(tally.sessions).toBeGreaterThan(ROOMS);
  }, 120_000);
});
