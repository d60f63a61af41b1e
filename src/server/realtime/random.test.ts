import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BattleStatistic, RoomResult, RoomState } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { createPlayer, type Player } from '../test-support/factories';
import {
  battleHelpers,
  connectPlayer,
  joinSocket,
  play,
  setBattleRules,
  listenForSockets,
} from '../test-support/battle';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let url: string;
beforeAll(async () => {
  // Short rounds and countdowns so that whole battles run in a few seconds.
  t = await buildTestApp({ BATTLE_ROUND_SECONDS: '2', BATTLE_ROUND_DELAY_MS: '100', BATTLE_DB_WORKER: '1' });
  url = await listenForSockets(t);
});
afterAll(() => t.close());

const { api, ok, balance, richPlayer, answerKey } = battleHelpers(() => t);
const connect = (p: Player) => connectPlayer(url, p);

const match = { language_id: 1, category: 'science' };

describe('random 1v1', () => {
  it('matches two players into one room and plays to the result: the winner takes the pot', async () => {
    const a = await richPlayer();
    const b = await richPlayer();
    const before = [await balance(a), await balance(b)];
    const waiting = await ok<RoomState>(a, 'get_random_questions', match);
    expect(waiting).toMatchObject({ kind: 'random', status: 'waiting', entry_fee: 10, max_players: 2, room_code: '' });
    expect(waiting.seats.map((s) => s.user_id)).toEqual([a.user.id]);
    expect(await balance(a)).toBe(before[0]! - 10);
    // Asking again without a match id answers the same waiting room, nothing charged twice.
    const again = await ok<RoomState>(a, 'get_random_questions', match);
    expect(again.room_id).toBe(waiting.room_id);
    expect(await balance(a)).toBe(before[0]! - 10);

    const ca = await connect(a);
    await joinSocket(ca, waiting.room_id);
    const started = await ok<RoomState>(b, 'get_random_questions', match);
    expect(started).toMatchObject({ room_id: waiting.room_id, status: 'playing', round: 1 });
    expect(started.seats.map((s) => s.user_id)).toEqual([a.user.id, b.user.id]);
    expect(await balance(b)).toBe(before[1]! - 10);
    // The first player hears the second seat and the first round on the socket.
    const heard = await ca.next();
    expect(heard).toMatchObject({ type: 'room', room: { status: 'playing' } });
    if (heard.type === 'room') expect(heard.room.seats).toHaveLength(2);
    const polled = await ok<RoomState>(a, 'get_random_questions', { match_id: waiting.room_id });
    expect(polled.status).toBe('playing');

    const cb = await connect(b);
    await joinSocket(cb, waiting.room_id);
    const key = await answerKey(waiting.room_id);
    const [ra, rb] = await Promise.all([
      play(ca, waiting.room_id, (q) => key[String(q)]!),
      play(cb, waiting.room_id, () => 'zz'),
    ]);
    expect(ra.result).toEqual(rb.result);
    expect(ra.result.standings[0]).toMatchObject({ user_id: a.user.id, result: 'win', payout: 20, win_streak: 1 });
    expect(ra.result.standings[1]).toMatchObject({ user_id: b.user.id, result: 'lose', payout: 0, win_streak: 0 });
    const after = [await balance(a), await balance(b)];
    expect(after).toEqual([before[0]! + 10, before[1]! - 10]);
    expect(after[0]! + after[1]!).toBe(before[0]! + before[1]!);
    const stored = await t.db.one<{ status: string; result: RoomResult }>(
      sql`SELECT status, result FROM rooms WHERE id = ${waiting.room_id}::uuid`,
    );
    expect(stored).toMatchObject({ status: 'finished', result: ra.result });
    const streaks = await t.db.rows<{ user_id: number; wins_in_row: number }>(
      sql`SELECT user_id, wins_in_row FROM random_battle_streaks WHERE user_id IN (${a.user.id}, ${b.user.id})
        ORDER BY wins_in_row DESC`,
    );
    expect(streaks).toEqual([
      { user_id: a.user.id, wins_in_row: 1 },
      { user_id: b.user.id, wins_in_row: 0 },
    ]);
    const stats = await api<BattleStatistic[]>(a, 'get_battle_statistics', {});
    expect(stats.status).toBe(200);
    expect(stats.body.total).toBe(1);
    expect(stats.body.data).toEqual([
      expect.objectContaining({
        room_id: waiting.room_id,
        kind: 'random',
        opponent_id: b.user.id,
        result: 'win',
        points: ra.result.standings[0]!.points,
        opponent_points: ra.result.standings[1]!.points,
      }),
    ]);
    const theirs = await ok<BattleStatistic[]>(b, 'get_battle_statistics', { sort: 'points', order: 'asc' });
    expect(theirs.map((x) => [x.opponent_id, x.result])).toEqual([[a.user.id, 'lose']]);
    ca.ws.close();
    cb.ws.close();
  });

  it('puts four players asking at once into two rooms of two', async () => {
    const players = await Promise.all([0, 1, 2, 3].map(() => richPlayer()));
    const start = await Promise.all(players.map((p) => balance(p)));
    const answers = await Promise.all(players.map((p) => ok<RoomState>(p, 'get_random_questions', match)));
    const rooms = await t.db.rows<{ id: string; status: string; n: number }>(sql`SELECT r.id, r.status,
        (SELECT count(*)::int FROM room_players p WHERE p.room_id = r.id) AS n
      FROM rooms r WHERE r.kind = 'random' AND r.id = ANY(${`{${answers.map((a) => a.room_id).join(',')}}`}::uuid[])`);
    expect(rooms).toHaveLength(2);
    for (const r of rooms) expect(r).toMatchObject({ status: 'playing', n: 2 });
    for (const [i, p] of players.entries()) expect(await balance(p)).toBe(start[i]! - 10);
    const waiting = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rooms WHERE kind = 'random' AND status = 'waiting'`,
    );
    expect(waiting!.n).toBe(0);
  });

  it('refunds the fee once when the creator cancels a waiting match', async () => {
    const a = await richPlayer();
    const start = await balance(a);
    const room = await ok<RoomState>(a, 'get_random_questions', match);
    expect(await balance(a)).toBe(start - 10);
    const cancelled = await ok<RoomState>(a, 'get_random_questions', { match_id: room.room_id, destroy_match: 1 });
    expect(cancelled.status).toBe('deleted');
    expect(await balance(a)).toBe(start);
    const twice = await ok<RoomState>(a, 'get_random_questions', { match_id: room.room_id, destroy_match: '1' });
    expect(twice.status).toBe('deleted');
    expect(await balance(a)).toBe(start);
    const refunds = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE op_id = ${`room:${room.room_id}:refund`}`,
    );
    expect(refunds!.n).toBe(1);
    // A cancelled room is never matched.
    const b = await richPlayer();
    const fresh = await ok<RoomState>(b, 'get_random_questions', match);
    expect(fresh.room_id).not.toBe(room.room_id);
    expect(fresh.status).toBe('waiting');
    await ok(b, 'get_random_questions', { match_id: fresh.room_id, destroy_match: 1 });
  });

  it('answers 4xx to hostile input', async () => {
    const a = await richPlayer();
    const b = await richPlayer();
    const stranger = await richPlayer();
    for (const fields of [
      { match_id: 'not-a-uuid' },
      { match_id: randomUUID() },
      { match_id: randomUUID(), destroy_match: 1 },
      { destroy_match: 1 },
      {},
      { category: 'no-such-category' },
      { ...match, destroy_match: 'maybe' },
    ]) {
      const r = await api(a, 'get_random_questions', fields);
      expect(r.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    const poor = await createPlayer(t.app);
    const coins = await balance(poor);
    if (coins > 0) await moveCoins(t.db, { userId: poor.user.id, delta: -coins, reason: 'test', opId: randomUUID() });
    const broke = await api(poor, 'get_random_questions', match);
    expect(broke.body.code).toBe('not_enough_coins');

    const startA = await balance(a);
    const startB = await balance(b);
    const room = await ok<RoomState>(a, 'get_random_questions', match);
    for (const fields of [{ match_id: room.room_id }, { match_id: room.room_id, destroy_match: 1 }]) {
      const r = await api(stranger, 'get_random_questions', fields);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('not_found');
    }
    // A friend room is not a match.
    const friend = await ok<RoomState>(stranger, 'create_room', { room_type: 'friend', category: 'science' });
    const notMatch = await api(stranger, 'get_random_questions', { match_id: friend.room_id });
    expect(notMatch.body.code).toBe('not_found');
    await ok(stranger, 'delete_room', { room_id: friend.room_id });

    await ok<RoomState>(b, 'get_random_questions', match);
    // Once started there is nothing to cancel: the room is answered, every fee stays held.
    for (const [p, start] of [
      [a, startA],
      [b, startB],
    ] as const) {
      const r = await ok<RoomState>(p, 'get_random_questions', { match_id: room.room_id, destroy_match: 1 });
      expect(r.status).toBe('playing');
      expect(await balance(p)).toBe(start - 10);
    }
    // Nor can its creator dissolve a matched battle (and refund both) through delete_room.
    expect((await api(a, 'delete_room', { room_id: room.room_id })).body.code).toBe('forbidden');
    expect(await balance(a)).toBe(startA - 10);
    expect((await api(a, 'play_with_bot', { category: 'science', no_of_que: 0 })).status).toBe(400);
    for (const fields of [{ order: 'sideways' }, { sort: 'name' }, { limit: 0 }, { offset: -1 }])
      expect((await api(a, 'get_battle_statistics', fields)).status, JSON.stringify(fields)).toBe(400);
    expect((await api(a, 'play_with_bot', { category: 'no-such-category' })).status).toBe(404);
  });
});

describe('Quiz Warrior', () => {
  it('unlocks once, on the third random battle won in a row; a loss starts the count again', async () => {
    const before = setBattleRules(t, { random_battle_questions: 1 });
    try {
      const w = await richPlayer();
      /** One random battle of `w` against a new player; `wWins` decides who answers right. */
      async function battle(wWins: boolean) {
        const o = await richPlayer();
        const waiting = await ok<RoomState>(w, 'get_random_questions', { ...match, category: 'history' });
        const cw = await connect(w);
        await joinSocket(cw, waiting.room_id);
        await ok<RoomState>(o, 'get_random_questions', { ...match, category: 'history' });
        const co = await connect(o);
        await joinSocket(co, waiting.room_id);
        const key = await answerKey(waiting.room_id);
        const right = (q: number) => key[String(q)]!;
        const [{ result }] = await Promise.all([
          play(cw, waiting.room_id, wWins ? right : () => 'zz'),
          play(co, waiting.room_id, wWins ? () => 'zz' : right),
        ]);
        cw.ws.close();
        co.ws.close();
        return result.standings.find((s) => s.user_id === w.user.id)!;
      }
      const badge = () =>
        t.db.rows(sql`SELECT badge, status FROM user_badges WHERE user_id = ${w.user.id} AND badge = 'quiz_warrior'`);
      // The first win also unlocks first game and Combat Winner.
      expect(await battle(true)).toMatchObject({
        result: 'win',
        win_streak: 1,
        badges: ['dashing_debut', 'combat_winner'],
      });
      expect(await battle(true)).toMatchObject({ result: 'win', win_streak: 2 });
      expect(await battle(false)).toMatchObject({ result: 'lose', win_streak: 0 });
      expect(await badge()).toEqual([]);
      await battle(true);
      await battle(true);
      const third = await battle(true);
      expect(third).toMatchObject({ result: 'win', win_streak: 3, badges: ['quiz_warrior'] });
      expect(await badge()).toEqual([{ badge: 'quiz_warrior', status: 1 }]);
      // A fourth win in a row unlocks nothing again.
      const fourth = await battle(true);
      expect(fourth.win_streak).toBe(4);
      expect(fourth.badges).toBeUndefined();
      expect(await badge()).toHaveLength(1);
    } finally {
      setBattleRules(t, before);
    }
  });
});

describe('play with the bot', () => {
  it('plays against the bot to the result: the bot answers, no coins move', async () => {
    const a = await richPlayer();
    const start = await balance(a);
    const room = await ok<RoomState>(a, 'play_with_bot', { ...match, no_of_que: 3 });
    expect(room).toMatchObject({ kind: 'bot', status: 'playing', entry_fee: 0, round: 1, no_of_que: 3 });
    expect(room.seats.map((s) => [s.slot, s.is_bot])).toEqual([
      [1, false],
      [2, true],
    ]);
    const bot = room.seats[1]!;
    expect(bot.name).toBe('Quiz Bot');
    const ca = await connect(a);
    await joinSocket(ca, room.room_id);
    const { result, seen } = await play(ca, room.room_id, () => 'zz');
    expect(result.standings.every((s) => s.payout === 0)).toBe(true);
    expect(result.standings.map((s) => s.user_id).sort()).toEqual([a.user.id, bot.user_id].sort());
    expect(result.standings.find((s) => s.user_id === a.user.id)).toMatchObject({ points: 0, correct: 0 });
    expect(seen.filter((m) => m.type === 'answered' && m.user_id === bot.user_id)).toHaveLength(3);
    const closes = seen.filter((m) => m.type === 'round_close');
    expect(closes).toHaveLength(3);
    for (const m of closes)
      if (m.type === 'round_close')
        expect(m.round.answers.find((x) => x.user_id === bot.user_id)?.answer).not.toBeNull();
    const answers = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM room_answers
      WHERE room_id = ${room.room_id}::uuid AND user_id = ${bot.user_id}`);
    expect(answers!.n).toBe(3);
    expect(await balance(a)).toBe(start);
    const moved = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE ref = ${room.room_id}`,
    );
    expect(moved!.n).toBe(0);
    const stats = await ok<BattleStatistic[]>(a, 'get_battle_statistics', {});
    expect(stats).toEqual([expect.objectContaining({ room_id: room.room_id, kind: 'bot', opponent_name: 'Quiz Bot' })]);
    // The bot user is made once.
    const again = await ok<RoomState>(a, 'play_with_bot', { ...match, no_of_que: 1 });
    expect(again.seats[1]!.user_id).toBe(bot.user_id);
    ca.ws.close();
  });
});
