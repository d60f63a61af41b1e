import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTEST_CATEGORY_TYPE,
  type ContestBoard,
  type ContestFinish,
  type ContestLists,
  type ContestPlay,
  type ContestStep,
  type ServerMessage,
} from '../../core/contract';
import { sql } from '../db/client';
import { insertEventQuestions } from '../db/seed/seed-events';
import { closeDueContest, createContest } from '../domain/contests';
import { moveCoins } from '../domain/ledger';
import { connectPlayer, listenForSockets, sleep } from '../test-support/battle';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { TestClock } from '../domain/clock';

let t: TestApp;
let languageId: number;
// Answer times are what these tests are about: the server's clock is the test's, moved on by it.
const clock = new TestClock();
beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  languageId = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
  // The tests run the closing job themselves (the app's timer would race them to it).
  await t.app.services.contests.stop();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** A contest of three questions whose answers are b, a, c. */
async function newContest(
  o: { startsIn?: number; hours?: number; fee?: number; prizes?: { rank: number; coins: number }[] } = {},
) {
  const ids = await insertEventQuestions(t.db, languageId, CONTEST_CATEGORY_TYPE, [
    { type: 'mcq', question: 'C one', options: ['w', 'right', 'x'], answer: 1, explanation: 'secret' },
    { type: 'true_false', question: 'C two', options: ['True', 'False'], answer: 0, explanation: '' },
    { type: 'mcq', question: 'C three', options: ['w', 'x', 'right'], answer: 2, explanation: '' },
  ]);
  const startsAt = new Date(clock.now().getTime() + (o.startsIn ?? -HOUR));
  const id = await createContest(t.db, {
    languageId,
    name: `Contest ${randomUUID().slice(0, 6)}`,
    description: 'Test',
    startsAt,
    endsAt: new Date(startsAt.getTime() + (o.hours ?? 2) * HOUR),
    entryFee: o.fee ?? 5,
    prizes: o.prizes ?? [
      { rank: 1, coins: 100 },
      { rank: 2, coins: 50 },
    ],
    questionIds: ids,
  });
  return {
    id,
    ids,
    answers: new Map([
      [ids[0]!, 'b'],
      [ids[1]!, 'a'],
      [ids[2]!, 'c'],
    ]),
  };
}
type Contest = Awaited<ReturnType<typeof newContest>>;

async function funded(coins: number): Promise<Player> {
  const p = await createPlayer(t.app);
  const extra = coins - p.user.coins;
  if (extra > 0) await moveCoins(t.db, { userId: p.user.id, delta: extra, reason: 'test', opId: randomUUID() });
  return p;
}

const enter = (p: Player, id: number) =>
  call<ContestPlay>(t.app, 'get_questions_by_contest', { contest_id: id }, { token: p.token });
const answer = (p: Player, id: number, questionId: number, a: string) =>
  call<ContestStep>(
    t.app,
    'set_contest_answer',
    { contest_id: id, question_id: questionId, answer: a },
    { token: p.token },
  );
const finish = (p: Player, id: number, extra: Record<string, unknown> = {}) =>
  call<ContestFinish>(t.app, 'set_contest_leaderboard', { contest_id: id, ...extra }, { token: p.token });
const board = (p: Player, id: number, extra: Record<string, unknown> = {}) =>
  call<ContestBoard>(t.app, 'get_contest_leaderboard', { contest_id: id, ...extra }, { token: p.token });

async function coins(userId: number) {
  return (await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum
    FROM users u WHERE u.id = ${userId}`))!;
}

/** Plays every question: right answers (after the human floor) or `wrong` ones. */
async function playAll(p: Player, c: Contest, o: { wrong?: boolean; waitMs?: number } = {}): Promise<ContestPlay> {
  let play = (await enter(p, c.id)).body.data;
  while (play.question) {
    clock.advance(o.waitMs ?? 400);
    const right = c.answers.get(play.question.id)!;
    const res = await answer(p, c.id, play.question.id, o.wrong ? (right === 'a' ? 'b' : 'a') : right);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    play = res.body.data.play;
  }
  return play;
}

describe('contests', () => {
  it('lists live, upcoming and past contests with times in the player zone', async () => {
    const p = await createPlayer(t.app);
    const live = await newContest();
    const soon = await newContest({ startsIn: 5 * HOUR });
    const over = await newContest({ startsIn: -10 * HOUR, hours: 1 });
    const res = await call<ContestLists>(t.app, 'get_contest', { timezone: 'Asia/Kolkata' }, { token: p.token });
    expect(res.status).toBe(200);
    const find = (l: keyof ContestLists, id: number) => res.body.data[l].find((c) => c.id === id);
    const l = find('live', live.id)!;
    expect(l).toMatchObject({ status: 'live', entry_fee: 5, total_questions: 3, my_play: 'none', participants: 0 });
    expect(l.prizes).toEqual([
      { rank: 1, coins: 100 },
      { rank: 2, coins: 50 },
    ]);
    // Kolkata is UTC+05:30.
    const startUtc = new Date(l.starts_at);
    expect(l.start_date).toBe(new Date(startUtc.getTime() + 5.5 * HOUR).toISOString().slice(0, 16).replace('T', ' '));
    expect(find('upcoming', soon.id)?.status).toBe('upcoming');
    expect(find('past', over.id)?.status).toBe('past');
    expect(JSON.stringify(res.body)).not.toContain('secret');
    const west = await call<ContestLists>(t.app, 'get_contest', { gmt_format: '-11:00' }, { token: p.token });
    const w = west.body.data.live.find((c) => c.id === live.id)!;
    expect(w.start_date).toBe(new Date(startUtc.getTime() - 11 * HOUR).toISOString().slice(0, 16).replace('T', ' '));
  });

  it('takes the entry fee once: 50 parallel entries of one player make one play and one fee', async () => {
    const p = await funded(50);
    const c = await newContest({ fee: 7 });
    const all = await Promise.all(Array.from({ length: 50 }, () => enter(p, c.id)));
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(all.map((r) => r.body.data.question?.id)).size).toBe(1);
    const fees = await t.db.one<{
      n: number;
      sum: number;
    }>(sql`SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS sum
      FROM coin_ledger WHERE user_id = ${p.user.id} AND reason = 'contest_fee'`);
    expect(fees).toEqual({ n: 1, sum: -7 });
    expect(await coins(p.user.id)).toEqual({ coins: 43, sum: 43 });
    const plays = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM contest_plays
      WHERE contest_id = ${c.id} AND user_id = ${p.user.id}`);
    expect(plays!.n).toBe(1);
  });

  it("refuses a player who can't pay, and writes nothing", async () => {
    const p = await createPlayer(t.app);
    const c = await newContest({ fee: p.user.coins + 1 });
    const res = await enter(p, c.id);
    expect([res.status, res.body]).toMatchObject([
      409,
      { code: 'not_enough_coins', message: "You don't have enough coins." },
    ]);
    const n = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM contest_plays WHERE contest_id = ${c.id}`,
    );
    expect(n!.n).toBe(0);
    expect((await coins(p.user.id)).coins).toBe(p.user.coins);
  });

  it('refuses contests that are not live, unknown ones and bad fields', async () => {
    const p = await createPlayer(t.app);
    const soon = await newContest({ startsIn: HOUR });
    expect((await enter(p, soon.id)).body).toMatchObject({ code: 'contest_not_live' });
    const over = await newContest({ startsIn: -3 * HOUR, hours: 1 });
    expect((await enter(p, over.id)).body).toMatchObject({ code: 'contest_not_live' });
    expect((await enter(p, 99_999_999)).status).toBe(404);
    for (const fields of [{ contest_id: 'abc' }, { contest_id: '1 OR 1=1' }, { contest_id: -1 }, {}]) {
      const res = await call(t.app, 'get_questions_by_contest', fields, { token: p.token });
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
    const live = await newContest({ fee: 0 });
    const big = await call(
      t.app,
      'set_contest_answer',
      { contest_id: live.id, question_id: live.ids[0], answer: 'x'.repeat(201) },
      { token: p.token },
    );
    expect(big.status).toBe(400);
    expect((await answer(p, live.id, live.ids[0]!, 'b')).body).toMatchObject({ code: 'contest_not_started' });
    expect((await finish(p, live.id)).body).toMatchObject({ code: 'contest_not_started' });
  });

  it('grades each answer by the server clock, one question at a time, never revealing the answer', async () => {
    const p = await funded(20);
    const c = await newContest();
    const first = await enter(p, c.id);
    expect(first.body.data).toMatchObject({ index: 1, total_questions: 3, score: 0, coins: 15 });
    expect(JSON.stringify(first.body)).not.toMatch(/"answer"|secret/);
    // Only the question on screen can be answered.
    const ahead = await answer(p, c.id, c.ids[1]!, 'a');
    expect([ahead.status, ahead.body]).toMatchObject([409, { code: 'question_not_served' }]);
    // Faster than a human: recorded, not scored.
    const fast = await answer(p, c.id, c.ids[0]!, 'b');
    expect(fast.body.data).toMatchObject({ accepted: true, play: { index: 2, score: 0 } });
    expect(JSON.stringify(fast.body)).not.toMatch(/"answer"|"correct/);
    // Right within 2 s: 4 points + 10.
    clock.advance(350);
    const quick = await answer(p, c.id, c.ids[1]!, 'a');
    expect(quick.body.data).toMatchObject({ accepted: true, play: { index: 3, score: 14 } });
    // Late: the question was served 30 s ago.
    clock.advance(30_000);
    const late = await answer(p, c.id, c.ids[2]!, 'c');
    expect(late.body.data).toMatchObject({ accepted: false, play: { index: 4, score: 14, question: null } });
    // A repeat of an answer whose reply was lost: where the play is, nothing scored twice.
    const repeat = await answer(p, c.id, c.ids[1]!, 'a');
    expect(repeat.body.data.play.score).toBe(14);
    // The client's figures are ignored.
    const done = await finish(p, c.id, { score: 9999, correct_answers: 3, questions_attended: 3 });
    expect(done.body.data).toMatchObject({
      score: 14,
      // The right answer under the human floor does not count as correct.
      correct_answers: 1,
      questions_attended: 2,
      total_questions: 3,
      rank: 1,
    });
    const again = await enter(p, c.id);
    expect([again.status, again.body]).toMatchObject([
      409,
      { code: 'already_played', message: 'You have already played.' },
    ]);
    // A repeat still answers where the play is; anything else is "already played".
    expect((await answer(p, c.id, c.ids[2]!, 'c')).body.data).toMatchObject({ accepted: false, play: { score: 14 } });
    expect((await answer(p, c.id, 424_242, 'c')).body).toMatchObject({ code: 'already_played' });
  });

  it('resumes a play: a question whose time ran out while away counts as unanswered', async () => {
    const p = await funded(20);
    const c = await newContest();
    await enter(p, c.id);
    clock.advance(5 * 60_000);
    const back = await enter(p, c.id);
    expect(back.body.data).toMatchObject({ index: 2, score: 0, questions_attended: 0 });
    expect(back.body.data.question!.id).toBe(c.ids[1]);
    expect(Date.parse(back.body.data.deadline) - Date.parse(back.body.data.served_at)).toBe(20_000);
  });

  it('ranks the board with shared ranks, shows the own row, and pays prizes once on close (two jobs at once)', async () => {
    const c = await newContest({
      prizes: [
        { rank: 1, coins: 100 },
        { rank: 2, coins: 50 },
        { rank: 3, coins: 9 },
      ],
    });
    const [a, b, d, e] = [await funded(10), await funded(10), await funded(10), await funded(10)];
    await playAll(a, c);
    await playAll(b, c);
    await playAll(d, c, { wrong: true });
    await finish(a, c.id);
    const live = await board(e, c.id);
    expect(live.body.data).toMatchObject({ status: 'live', closed: false, total: 3, me: null });
    expect(live.body.data.entries.map((x) => [x.user_id, x.rank, x.prize])).toEqual([
      [a.user.id, 1, 0],
      [b.user.id, 1, 0],
      [d.user.id, 3, 0],
    ]);
    expect((await board(d, c.id)).body.data.me).toMatchObject({ user_id: d.user.id, rank: 3, score: 0 });
    const page = await board(a, c.id, { offset: 1, limit: 1 });
    expect(page.body.data.entries.map((x) => x.user_id)).toEqual([b.user.id]);

    await t.db.run(sql`UPDATE contests SET ends_at = ${clock.sql()} - interval '1 second' WHERE id = ${c.id}`);
    // Two nodes' jobs at once, then again: one closes it, the rest find nothing to do.
    const closeAll = async () => {
      const ids: number[] = [];
      for (
        let r = await t.db.tx((tx) => closeDueContest(tx, clock));
        r;
        r = await t.db.tx((tx) => closeDueContest(tx, clock))
      )
        ids.push(r.contestId);
      return ids;
    };
    const runs = (await Promise.all([0, 1, 2].map(closeAll))).flat();
    expect(runs.filter((id) => id === c.id)).toHaveLength(1);
    expect(await closeAll()).toEqual([]);
    const prizes = await t.db.rows<{ user_id: number; delta: number }>(sql`SELECT user_id, delta FROM coin_ledger
      WHERE reason = 'contest_prize' AND ref = ${String(c.id)} ORDER BY user_id`);
    // a and b tie for first: they share 100 + 50; d (no points) wins nothing.
    expect(prizes).toEqual(
      [
        { user_id: a.user.id, delta: 75 },
        { user_id: b.user.id, delta: 75 },
      ].sort((x, y) => x.user_id - y.user_id),
    );
    for (const p of [a, b]) expect(await coins(p.user.id)).toEqual({ coins: 10 - 5 + 75, sum: 80 });
    const closed = await board(a, c.id);
    expect(closed.body.data).toMatchObject({ status: 'past', closed: true, me: { prize: 75, rank: 1 } });
    const notes = await t.db.rows<{ user_id: number; params: Record<string, unknown> }>(sql`SELECT user_id, params
      FROM notifications WHERE type = 'contest_prize' AND link = ${`/contest-play/${c.id}/leaderboard`}`);
    expect(notes.map((n) => n.user_id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(notes[0]!.params).toMatchObject({ rank: 1, coins: 75 });
    // First place (shared) unlocks the contest winner badge; third does not.
    const winners = await t.db.rows<{ user_id: number }>(sql`SELECT user_id FROM user_badges
      WHERE badge = 'contest_winner' AND user_id = ANY(${`{${[a, b, d].map((x) => x.user.id).join(',')}}`}::integer[])
      ORDER BY user_id`);
    expect(winners.map((w) => w.user_id)).toEqual([a.user.id, b.user.id].sort((x, y) => x - y));
    // b never called set_contest_leaderboard: the close finished the play.
    expect((await enter(b, c.id)).body).toMatchObject({ code: 'already_played' });
  });

  it('a close that dies half way pays nothing; the next one pays each prize once', async () => {
    const c = await newContest({ fee: 0 });
    const a = await createPlayer(t.app);
    await playAll(a, c);
    await t.db.run(sql`UPDATE contests SET ends_at = ${clock.sql()} - interval '1 second' WHERE id = ${c.id}`);
    await expect(
      t.db.tx(async (tx) => {
        await closeDueContest(tx, clock);
        throw new Error('server restarted mid-payout');
      }),
    ).rejects.toThrow('mid-payout');
    expect(await coins(a.user.id)).toEqual({ coins: a.user.coins, sum: a.user.coins });
    await t.db.tx((tx) => closeDueContest(tx, clock));
    await t.db.tx((tx) => closeDueContest(tx, clock));
    expect(await coins(a.user.id)).toEqual({ coins: a.user.coins + 100, sum: a.user.coins + 100 });
    // The job of the running server (every few seconds) finds nothing left either.
    await t.app.services.contests.closeDue();
    expect((await coins(a.user.id)).coins).toBe(a.user.coins + 100);
  });

  it('development helpers make a contest of existing questions and end it; bad input is refused', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/dev/contests',
      payload: { name: 'Dev cup', entry_fee: 2, questions: 2, prizes: [{ rank: 1, coins: 30 }] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    const p = await createPlayer(t.app);
    const play = await enter(p, id);
    expect(play.body.data).toMatchObject({ total_questions: 2, index: 1 });
    const end = await t.app.inject({ method: 'POST', url: `/dev/contests/${id}/end` });
    expect(end.statusCode).toBe(200);
    expect(await t.app.services.contests.closeDue()).toContain(id);
    expect((await t.app.inject({ method: 'POST', url: `/dev/contests/${id}/end` })).statusCode).toBe(404);
    for (const payload of [{}, { name: '' }, { name: 'x', entry_fee: -1 }, { name: 'x', questions: 'many' }]) {
      expect((await t.app.inject({ method: 'POST', url: '/dev/contests', payload })).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/dev/contests/abc/end' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/dev/contests/${id}/later` })).statusCode).toBe(404);
  });

  it('the development helper starts an upcoming contest now, its length kept; a started one is left alone', async () => {
    const c = await newContest({ startsIn: HOUR, hours: 2, fee: 0 });
    const p = await createPlayer(t.app);
    expect((await enter(p, c.id)).body).toMatchObject({ code: 'contest_not_live' });
    const start = await t.app.inject({ method: 'POST', url: `/dev/contests/${c.id}/start` });
    expect(start.statusCode, start.body).toBe(200);
    const row = await t.db.one<{ starts: number; ends: number }>(sql`SELECT
        (extract(epoch FROM starts_at) * 1000)::float8 AS starts, (extract(epoch FROM ends_at) * 1000)::float8 AS ends
      FROM contests WHERE id = ${c.id}`);
    expect(row).toEqual({ starts: clock.now().getTime(), ends: clock.now().getTime() + 2 * HOUR });
    expect((await enter(p, c.id)).body.data).toMatchObject({ index: 1 });
    expect((await t.app.inject({ method: 'POST', url: `/dev/contests/${c.id}/start` })).statusCode).toBe(404);
  });

  it('pushes the board to watching sockets when a score changes', async () => {
    const url = await listenForSockets(t);
    const c = await newContest({ fee: 0 });
    const [watcher, player] = [await createPlayer(t.app), await createPlayer(t.app)];
    const ws = await connectPlayer(url, watcher);
    ws.send({ type: 'watch_contest', contest_id: c.id });
    const first = (await ws.next()) as Extract<ServerMessage, { type: 'contest_board' }>;
    expect(first).toMatchObject({ type: 'contest_board', board: { contest_id: c.id, total: 0, entries: [] } });
    await playAll(player, c, { waitMs: 320 });
    let last = first;
    const end = Date.now() + 5_000;
    while (last.board.entries[0]?.score !== 42 && Date.now() < end) {
      last = (await Promise.race([ws.next(), sleep(5_000).then(() => last)])) as typeof last;
    }
    expect(last.board.entries).toEqual([
      expect.objectContaining({ user_id: player.user.id, rank: 1, score: 42, correct_answers: 3 }),
    ]);
    // Bursts are coalesced: far fewer boards than answers.
    const boards = ws.frames.filter((f) => f.includes('contest_board')).length;
    expect(boards).toBeLessThanOrEqual(4);
    ws.send({ type: 'watch_contest', contest_id: 99_999_999 });
    expect(await ws.next()).toMatchObject({ type: 'error', code: 'not_found' });
    ws.send({ type: 'watch_contest', contest_id: 'x' });
    expect(await ws.next()).toMatchObject({ type: 'error', code: 'invalid_input' });
    ws.ws.close();
  });
});
