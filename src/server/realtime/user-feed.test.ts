import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomState, ServerMessage } from '../../core/contract';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { openDatabase, sql, type Database } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { notify } from '../domain/notifications';
import { connectPlayer, listenForSockets, battleHelpers, type Client } from '../test-support/battle';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Issue 21 §7: a player's coin balance and notifications reach their open app as they change,
// whoever changed them, and reach nobody else. Every wait here is for a message, never a sleep:
// "nothing reached B" is shown by B's next message being B's own, later change (the database
// announces changes in commit order).

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  url = await listenForSockets(t);
});
afterAll(() => t.close());

const { ok, richPlayer, balance } = battleHelpers(() => t);

type Of<K extends ServerMessage['type']> = Extract<ServerMessage, { type: K }>;

/** The next message of a type that fits `f` (others are passed over). */
async function nextOf<K extends ServerMessage['type']>(
  c: Client,
  type: K,
  f: (m: Of<K>) => boolean = () => true,
): Promise<Of<K>> {
  for (;;) {
    const m = await c.next();
    if (m.type === type && f(m as Of<K>)) return m as Of<K>;
    expect(m.type, JSON.stringify(m)).not.toBe('error');
  }
}

/**
 * Reads up to the message `f` fits; answers what came before it. The player's own earlier
 * balances may come first (the welcome bonus of a player just made is announced after commit,
 * possibly after the socket started watching).
 */
async function upTo(c: Client, f: (m: ServerMessage) => boolean): Promise<ServerMessage[]> {
  return (await reach(c, f)).before;
}

/** Reads up to the message `f` fits: answers it and what came before it. */
async function reach(c: Client, f: (m: ServerMessage) => boolean) {
  const before: ServerMessage[] = [];
  for (;;) {
    const m = await c.next();
    if (f(m)) return { hit: m, before };
    before.push(m);
  }
}

/**
 * A socket following the player's account: answers it and the unread count it started with.
 * Movements committed before it watched (a new player's welcome bonus) may still be announced
 * after it started: its `next` passes over those, so each test reads what it caused.
 */
async function watching(p: Player, at = url): Promise<{ c: Client; unread: number }> {
  const c = await connectPlayer(at, p);
  c.send({ type: 'watch_account' });
  // Where the account stands: its balance, then its unread count.
  const { hit: first, before } = await reach(c, (m) => m.type === 'notifications');
  const balance = (await t.db.one<{ coins: number }>(sql`SELECT coins FROM users WHERE id = ${p.user.id}`))!.coins;
  expect(before.at(-1)).toMatchObject({ type: 'coins', coins: balance });
  expect(first).toMatchObject({ type: 'notifications', latest: null });
  const seen = await t.db.one<{ id: number | null }>(sql`SELECT max(id)::int AS id FROM coin_ledger
    WHERE user_id = ${p.user.id}`);
  const next = c.next;
  c.next = async () => {
    for (;;) {
      const m = await next();
      if (m.type !== 'coins' || m.ledger_id > (seen?.id ?? 0)) return m;
    }
  };
  return { c, unread: (first as Of<'notifications'>).unread };
}

const credit = (p: Player, delta: number) =>
  moveCoins(t.db, { userId: p.user.id, delta, reason: 'test', opId: randomUUID() });

describe('coins', () => {
  it('a ledger movement reaches the player’s sockets with the balance, and not another player’s', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    const { c: a1 } = await watching(a);
    const { c: a2 } = await watching(a);
    const { c: b1 } = await watching(b);
    const moved = await credit(a, 7);
    for (const c of [a1, a2]) expect(await c.next()).toMatchObject({ type: 'coins', coins: moved.balance });
    // Up to B's own later movement, B heard nothing of A's.
    const mine = await credit(b, 3);
    const before = await upTo(b1, (m) => m.type === 'coins' && m.coins === mine.balance);
    expect(before.filter((m) => m.type !== 'coins' || m.coins === moved.balance)).toEqual([]);
    for (const c of [a1, a2, b1]) c.ws.close();
  });

  it('a socket that starts watching hears where the account stands: a movement it missed is not lost', async () => {
    const a = await createPlayer(t.app);
    const missed = await credit(a, 13);
    const c = await connectPlayer(url, a);
    c.send({ type: 'watch_account' });
    const { before } = await reach(c, (m) => m.type === 'notifications');
    const row = await t.db.one<{ id: number }>(
      sql`SELECT max(id)::int AS id FROM coin_ledger WHERE user_id = ${a.user.id}`,
    );
    expect(before.at(-1)).toEqual({ type: 'coins', coins: missed.balance, ledger_id: row!.id });
    c.ws.close();
  });

  it('a movement rolled back tells nobody; the one after it comes with the balance', async () => {
    const a = await createPlayer(t.app);
    const { c } = await watching(a);
    await expect(
      t.db.tx(async (tx) => {
        await moveCoins(tx, { userId: a.user.id, delta: 500, reason: 'test', opId: randomUUID() });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await credit(a, 2);
    const m = await c.next();
    expect(m).toMatchObject({ type: 'coins', coins: after.balance });
    expect(after.balance).toBeLessThan(500);
    c.ws.close();
  });

  it('the joiner of a friend room hears the refund when the owner deletes it (the badge of issue 21 §7)', async () => {
    const owner = await richPlayer(50);
    const joiner = await richPlayer(40);
    const start = await balance(joiner);
    const { c } = await watching(joiner);
    const room = await ok<RoomState>(owner, 'create_room', {
      room_type: 'friend',
      category: 'science',
      no_of_que: 3,
      entry_fee: 10,
    });
    await ok(joiner, 'join_room', { room_code: room.room_code });
    // The credit that made the player rich may still be on its way: the fee's balance is the one.
    await nextOf(c, 'coins', (m) => m.coins === start - 10);
    await ok(owner, 'delete_room', { room_id: room.room_id });
    const refunded = await nextOf(c, 'coins');
    expect(refunded.coins).toBe(start);
    const row = await t.db.one<{ id: number }>(sql`SELECT max(id)::int AS id FROM coin_ledger
      WHERE user_id = ${joiner.user.id}`);
    expect(refunded.ledger_id).toBe(row!.id);
    c.ws.close();
  });
});

describe('notifications', () => {
  it('a notification made for a player reaches them with the unread count, and not another player', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    const { c: ca, unread: before } = await watching(a);
    const { c: cb, unread: bBefore } = await watching(b);
    await notify(t.db, a.user.id, { type: 'badge', params: { badge: 'dashing_debut' }, link: '/profile/badges' });
    const m = await ca.next();
    expect(m).toMatchObject({
      type: 'notifications',
      unread: before + 1,
      latest: { type: 'badge', params: { badge: 'dashing_debut' }, link: '/profile/badges', read: false },
    });
    await notify(t.db, b.user.id, { type: 'badge', params: { badge: 'quiz_warrior' } });
    expect(await cb.next()).toMatchObject({
      type: 'notifications',
      unread: bBefore + 1,
      latest: { params: { badge: 'quiz_warrior' } },
    });
    // Read on another device: the next count is the one the server has.
    await ok(a, 'set_notifications_read', { all: 1 });
    await notify(t.db, a.user.id, { type: 'badge', params: { badge: 'quiz_warrior' } });
    expect(await ca.next()).toMatchObject({ type: 'notifications', unread: 1 });
    ca.ws.close();
    cb.ws.close();
  });

  it('one to everyone reaches every player; one to another language reaches only its players', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    await t.db.run(sql`UPDATE users SET web_language = 'ar' WHERE id = ${b.user.id}`);
    const { c: ca } = await watching(a);
    const { c: cb } = await watching(b);
    await t.db.run(sql`INSERT INTO notifications (user_id, type, title, message, language_code)
      VALUES (NULL, 'general', 'Hello all', 'Everyone', NULL)`);
    for (const c of [ca, cb])
      expect(await c.next()).toMatchObject({ type: 'notifications', latest: { title: 'Hello all' } });
    const aLanguage = (await t.db.one<{ l: string }>(sql`SELECT web_language AS l FROM users WHERE id = ${a.user.id}`))!
      .l;
    expect(aLanguage).not.toBe('ar');
    await t.db.run(sql`INSERT INTO notifications (user_id, type, title, message, language_code)
      VALUES (NULL, 'general', 'مرحبا', 'للعربية', 'ar')`);
    expect(await cb.next()).toMatchObject({ type: 'notifications', latest: { title: 'مرحبا' } });
    // A's next is its own later notification: the Arabic one never came to it.
    await notify(t.db, a.user.id, { type: 'badge', params: { badge: 'quiz_warrior' } });
    expect(await ca.next()).toMatchObject({ type: 'notifications', latest: { type: 'badge' } });
    ca.ws.close();
    cb.ws.close();
  });
});

describe('the account feed refuses what is not the player’s', () => {
  it('asks for a signed-in socket; another user’s id in the message is ignored', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    const WebSocket = (await import('ws')).default;
    const anon = new WebSocket(url);
    await new Promise((ok, fail) => anon.once('open', ok).once('error', fail));
    const said = new Promise<string>((ok) => anon.once('message', (d) => ok(d.toString())));
    anon.send(JSON.stringify({ type: 'watch_account' }));
    expect(JSON.parse(await said)).toMatchObject({ type: 'error', code: 'unauthorized' });
    anon.close();

    // B names A's id: B still follows its own account only.
    const cb = await connectPlayer(url, b);
    cb.send({ type: 'watch_account', user_id: a.user.id });
    const standing = await reach(cb, (m) => m.type === 'notifications');
    const bCoins = (await t.db.one<{ coins: number }>(sql`SELECT coins FROM users WHERE id = ${b.user.id}`))!.coins;
    const aCoins = (await credit(a, 1)).balance;
    expect(aCoins).not.toBe(bCoins);
    expect(standing.before.at(-1)).toMatchObject({ type: 'coins', coins: bCoins });
    const theirs = await credit(a, 50);
    await notify(t.db, a.user.id, { type: 'badge', params: { badge: 'dashing_debut' } });
    const own = await credit(b, 4);
    const before = await upTo(cb, (m) => m.type === 'coins' && m.coins === own.balance);
    expect(before.filter((m) => m.type !== 'coins' || m.coins === theirs.balance)).toEqual([]);
    cb.ws.close();
  });

  it('a socket stays its first user’s: another account’s hello on it does not switch the feed', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    const { c: cb } = await watching(b);
    cb.send({ type: 'hello', token: a.token });
    cb.send({ type: 'watch_account' });
    const theirs = await credit(a, 21);
    const own = await credit(b, 2);
    const before = await upTo(cb, (m) => m.type === 'coins' && m.coins === own.balance);
    expect(before.filter((m) => m.type === 'coins' && m.coins === theirs.balance)).toEqual([]);
    expect(before.filter((m) => m.type === 'welcome')).toEqual([]);
    cb.ws.close();
  });

  it('a socket that does not watch its account hears none of it; an oversized frame closes the socket', async () => {
    const a = await createPlayer(t.app);
    const quiet = await connectPlayer(url, a);
    const { c: loud } = await watching(a);
    const moved = await credit(a, 9);
    expect(await loud.next()).toMatchObject({ type: 'coins', coins: moved.balance });
    // Both sockets would have been sent the movement at once: the quiet one's next is its pong.
    quiet.send({ type: 'ping', t: 2 });
    expect(await quiet.next()).toMatchObject({ type: 'pong', t: 2 });
    loud.send({ type: 'watch_account', extra: 'x'.repeat(5000) });
    const closed = await new Promise<number>((ok) => loud.ws.once('close', (code) => ok(code)));
    expect(closed).toBe(1009);
    quiet.ws.close();
  });
});

describe('two nodes on one database', () => {
  let nodeB: App;
  let dbB: Database | undefined;
  let urlB: string;
  beforeAll(async () => {
    // On PostgreSQL node B has a pool of its own (as another process would); PGlite has one handle.
    dbB = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2 }) : undefined;
    nodeB = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', BATTLE_DB_WORKER: '0' }),
      db: dbB ?? t.db,
    });
    const http = await nodeB.listen({ port: 0, host: '127.0.0.1' });
    urlB = `${http.replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await nodeB.close();
    await dbB?.close();
  });

  it('a movement committed on node A reaches the player’s socket on node B', async () => {
    const a = await createPlayer(t.app);
    const { c } = await watching(a, urlB);
    const moved = await credit(a, 11);
    expect(await c.next()).toMatchObject({ type: 'coins', coins: moved.balance });
    await notify(t.db, a.user.id, { type: 'badge', params: { badge: 'dashing_debut' } });
    expect(await c.next()).toMatchObject({ type: 'notifications', latest: { type: 'badge' } });
    c.ws.close();
  });
});
