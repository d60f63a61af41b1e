import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { call } from './client';
import { createPlayer, type Player } from './factories';
import type { TestApp } from './test-app';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A signed-in socket with a queue of what the server sent and a record of every frame. */
export async function connectPlayer(url: string, p: Player) {
  const ws = new WebSocket(url);
  const inbox: ServerMessage[] = [];
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d) => {
    frames.push(d.toString());
    inbox.push(JSON.parse(d.toString()) as ServerMessage);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  const next = async (): Promise<ServerMessage> => {
    while (inbox.length === 0) await new Promise<void>((ok) => waiters.push(ok));
    return inbox.shift()!;
  };
  const send = (m: unknown) => ws.send(JSON.stringify(m));
  send({ type: 'hello', token: p.token });
  expect(await next()).toMatchObject({ type: 'welcome' });
  return { ws, next, send, frames };
}
export type Client = Awaited<ReturnType<typeof connectPlayer>>;

/** Subscribes a socket to a room it has a seat in; answers the room message. */
export async function joinSocket(c: Client, roomId: string) {
  c.send({ type: 'join', room_id: roomId });
  const m = await c.next();
  expect(m).toMatchObject({ type: 'room', room: { room_id: roomId } });
  return m;
}

/**
 * Plays until the result: on each round_open waits for the opening, then answers what `pick`
 * says (null: no answer). Answers the result and every message seen.
 */
export async function play(c: Client, roomId: string, pick: (questionId: number) => string | null) {
  const seen: ServerMessage[] = [];
  for (;;) {
    const m = await c.next();
    seen.push(m);
    if (m.type === 'error') throw new Error(`server error: ${m.code} ${m.message}`);
    if (m.type === 'round_open') {
      await sleep(Math.max(0, Date.parse(m.round.opens_at) - Date.now() + 15));
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
