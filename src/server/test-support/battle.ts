import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { serverMessages, type ServerMessage } from '../../core/contract';
import type { BattleRules } from '../../core/rules/battle';
import { DEFAULT_REWARD_RULES } from '../../core/rules/reward-rules';
import { sql } from '../db/client';
import type { TestClock } from '../domain/clock';
import { moveCoins } from '../domain/ledger';
import { call } from './client';
import { createPlayer, type Player } from './factories';
import type { TestApp } from './test-app';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How long after a round opens the tests' players answer: past the default human floor (an
 * answer sooner earns nothing), as a person would.
 */
export const HUMAN_ANSWER_MS = DEFAULT_REWARD_RULES.human_floor_ms + 60;

/** Starts a test app listening on a free port; answers its WebSocket URL. */
export async function listenForSockets(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}/ws`;
}

/**
 * A signed-in socket with a queue of what the server sent and a record of every message (a frame
 * carrying several messages of one change is recorded message by message, in order).
 */
export async function connectPlayer(url: string, p: Player) {
  const ws = new WebSocket(url);
  const inbox: ServerMessage[] = [];
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d) => {
    const raw = d.toString();
    const ms = serverMessages(raw);
    frames.push(...(ms.length === 1 ? [raw] : ms.map((m) => JSON.stringify(m))));
    inbox.push(...ms);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  const next = async (): Promise<ServerMessage> => {
    while (inbox.length === 0) await new Promise<void>((ok) => waiters.push(ok));
    return inbox.shift()!;
  };
  const send = (m: unknown) => ws.send(JSON.stringify(m));
  /** Puts messages back at the front of the queue, in order (read past while looking for another). */
  const putBack = (ms: ServerMessage[]) => inbox.unshift(...ms);
  send({ type: 'hello', token: p.token });
  expect(await next()).toMatchObject({ type: 'welcome' });
  return { ws, next, send, frames, putBack };
}
export type Client = Awaited<ReturnType<typeof connectPlayer>>;

/**
 * Subscribes a socket to a room it has a seat in; answers the room message of its snapshot. The
 * room's channel may say something first (a round opening as the socket joins): kept in order.
 */
export async function joinSocket(c: Client, roomId: string) {
  c.send({ type: 'join', room_id: roomId });
  const before: ServerMessage[] = [];
  for (;;) {
    const m = await c.next();
    if (m.type === 'room' && m.room.room_id === roomId) {
      c.putBack(before);
      return m;
    }
    expect(m.type, JSON.stringify(m)).not.toBe('error');
    before.push(m);
  }
}

/**
 * Plays until the result: on each round_open lets a human's reading time pass after the opening
 * (on the app's test clock when given, else by waiting), then answers what `pick` says (null: no
 * answer). Answers the result and every message seen.
 */
export async function play(
  c: Client,
  roomId: string,
  pick: (questionId: number) => string | null,
  o: { clock?: TestClock } = {},
) {
  const seen: ServerMessage[] = [];
  let answered = 0;
  for (;;) {
    const m = await c.next();
    seen.push(m);
    if (m.type === 'error') throw new Error(`server error: ${m.code} ${m.message}`);
    // On a test clock the countdown is over as soon as it is announced.
    if (m.type === 'round_ready' && o.clock) o.clock.follow(Date.parse(m.round.opens_at));
    // A round opening just as the socket joins comes twice (the join's snapshot and the room's
    // channel): answered once, as an app does.
    if (m.type === 'round_open' && m.round.round > answered) {
      answered = m.round.round;
      const readAt = Date.parse(m.round.opens_at) + HUMAN_ANSWER_MS;
      if (o.clock) o.clock.follow(readAt);
      else await sleep(Math.max(0, readAt - Date.now()));
      const a = pick(m.round.question.id);
      if (a !== null)
        c.send({ type: 'answer', room_id: roomId, round: m.round.round, question_id: m.round.question.id, answer: a });
    }
    if (m.type === 'result') return { result: m.result, seen };
  }
}

/** Calls, balances and players of one test app, for the battle tests. */
export function battleHelpers(app: () => TestApp) {
  const api = <T>(p: Player, action: string, fields: Record<string, unknown>) =>
    call<T>(app().app, action, fields, { token: p.token, ip: p.ip });
  return {
    api,
    async ok<T>(p: Player, action: string, fields: Record<string, unknown>): Promise<T> {
      const r = await api<T>(p, action, fields);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    },
    /** The player's coins, checked equal to the sum of their ledger. */
    async balance(p: Player): Promise<number> {
      const r = await app().db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
        (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum
        FROM users u WHERE u.id = ${p.user.id}`);
      expect(r!.coins, 'balance equals the sum of the ledger').toBe(r!.sum);
      return r!.coins;
    },
    async richPlayer(coins = 100): Promise<Player> {
      const p = await createPlayer(app().app);
      await moveCoins(app().db, { userId: p.user.id, delta: coins, reason: 'test', opId: randomUUID() });
      return p;
    },
    /** The answers a room drew (read from the database: players never get them early). */
    async answerKey(roomId: string): Promise<Record<string, string>> {
      const r = await app().db.one<{ answer_key: Record<string, string> }>(
        sql`SELECT answer_key FROM rooms WHERE id = ${roomId}::uuid`,
      );
      return r!.answer_key;
    },
  };
}

/**
 * One pass of the app's round ticker that starts after this call (it waits for a pass under way,
 * then runs its own): what is due by the clock now has been done when it resolves.
 */
export async function tickerPass(t: TestApp): Promise<void> {
  await t.app.services.battles.tick();
  await t.app.services.battles.tick();
}

/** Overrides the battle rules of a running test app (its ticker reads them on every tick). */
export function setBattleRules(t: TestApp, rules: Partial<BattleRules>): BattleRules {
  return t.app.services.battles.setRules(rules);
}

/** Takes messages until one matches; throws on a server error unless `errors` is set. */
export async function until<T extends ServerMessage>(
  c: Client,
  pred: (m: ServerMessage) => m is T,
  o: { errors?: boolean } = {},
): Promise<T> {
  for (;;) {
    const m = await c.next();
    if (m.type === 'error' && !o.errors) throw new Error(`server error: ${m.code} ${m.message}`);
    if (pred(m)) return m;
  }
}

/** Keys that carry an answer: only a round_close frame may have them. */
const ANSWER_KEYS = new Set(['answer', 'answer_key', 'is_correct', 'bot_plan', 'correct_answer']);

function answerKeysIn(v: unknown, path = ''): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => answerKeysIn(x, `${path}[${i}]`));
  if (v && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => [
      ...(ANSWER_KEYS.has(k) ? [`${path}.${k}`] : []),
      ...answerKeysIn(x, `${path}.${k}`),
    ]);
  return [];
}

/**
 * Checks every frame a socket received, in order: no frame but a round's round_close carries an
 * answer (no answer-like key anywhere, round_open questions and options only with their public
 * fields, no question id next to its right option), and a round_close answers only its own
 * round's question. `keys`: each room's answer key (question id → right option).
 */
export function expectNoAnswerBeforeClose(frames: readonly string[], keys: Map<string, Record<string, string>>) {
  const closed = new Set<string>();
  let opens = 0;
  for (const raw of frames) {
    const m = JSON.parse(raw) as ServerMessage;
    if (m.type === 'round_close') {
      const key = keys.get(m.round.room_id);
      if (key) expect(m.round.answer, raw).toBe(key[String(m.round.question_id)]);
      closed.add(`${m.round.room_id}:${m.round.question_id}`);
      continue;
    }
    expect(answerKeysIn(m), raw).toEqual([]);
    if (m.type === 'round_open') {
      opens++;
      const q = m.round.question;
      expect(Object.keys(q).sort(), raw).toEqual(['id', 'image', 'options', 'question', 'question_type']);
      for (const o of q.options) expect(Object.keys(o).sort(), raw).toEqual(['id', 'text']);
    }
    for (const [roomId, key] of keys) {
      if (!raw.includes(roomId)) continue;
      for (const [qid, answer] of Object.entries(key)) {
        if (closed.has(`${roomId}:${qid}`)) continue;
        expect(raw, `answer of question ${qid} before its round closed`).not.toContain(`"${qid}":"${answer}"`);
      }
    }
  }
  return opens;
}
