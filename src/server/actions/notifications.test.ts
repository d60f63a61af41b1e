import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationView } from '../../core/contract';
import { randomUUID } from 'node:crypto';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { settlePaymentRequest } from '../domain/payouts';
import { call } from '../test-support/client';
import { createPlayer, perfectLevel, type Player } from '../test-support/factories';
import { matureReferralOf } from '../test-support/referrals';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = async (p: Player, fields: Record<string, unknown> = {}) => {
  const res = await call<NotificationView[]>(t.app, 'get_notifications', fields, { token: p.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const read = (p: Player, fields: Record<string, unknown>) =>
  call<{ unread: number }>(t.app, 'set_notifications_read', fields, { token: p.token });

describe('notifications', () => {
  it('tells a player of the badges a quiz unlocked and of a friend who joined with their code', async () => {
    const p = await createPlayer(t.app);
    expect((await list(p)).data).toEqual([]);
    await perfectLevel(t.app, p);
    const after = await list(p);
    expect(after.total).toBe(3);
    expect(after.data.map((n) => n.params.badge).sort()).toEqual(['brainiac', 'dashing_debut', 'super_sonic']);
    expect(after.data.every((n) => n.type === 'badge' && n.link === '/profile/badges' && !n.read)).toBe(true);
    // The referral pays (and tells) once the friend's account is real.
    await matureReferralOf(t.app, await createPlayer(t.app, { friends_code: p.user.refer_code }));
    const withFriend = await list(p);
    expect(withFriend.total).toBe(4);
    expect(withFriend.data[0]).toMatchObject({ type: 'referral', params: { coins: 100 }, link: '/profile/refer' });
  });

  it('tells a player when an operator completes or rejects their payout', async () => {
    const p = await createPlayer(t.app);
    await moveCoins(t.db, { userId: p.user.id, delta: 290, reason: 'test', opId: randomUUID() });
    const ask = async () => {
      const res = await call<{ request: { id: number } }>(
        t.app,
        'set_payment_request',
        { payment_type: 'paypal', payment_address: 'me@example.test', coin_used: 150 },
        { token: p.token },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.request.id;
    };
    await settlePaymentRequest(t.db, await ask(), 'rejected');
    let mine = (await list(p)).data;
    expect(mine[0]).toMatchObject({ type: 'payout_rejected', params: { coins: 150 }, link: '/profile/redeem' });
    // The 48 hours are counted from the last request: move it back to ask again.
    await t.db.run(
      sql`UPDATE payment_requests SET created_at = now() - interval '49 hours' WHERE user_id = ${p.user.id}`,
    );
    await settlePaymentRequest(t.db, await ask(), 'completed');
    mine = (await list(p)).data;
    expect(mine[0]).toMatchObject({ type: 'payout_completed', params: { coins: 150 } });
  });

  it('pages newest first, marks read by id or all, and never shows or marks another player’s', async () => {
    const a = await createPlayer(t.app);
    const b = await createPlayer(t.app);
    for (let i = 0; i < 5; i++)
      await t.db.run(
        sql`INSERT INTO notifications (user_id, type, params) VALUES (${a.user.id}, 'test', ${JSON.stringify({ i })}::jsonb)`,
      );
    const theirs = await t.db.one<{ id: number }>(
      sql`INSERT INTO notifications (user_id, type) VALUES (${b.user.id}, 'test') RETURNING id`,
    );
    const everyone = await t.db.one<{ id: number }>(
      sql`INSERT INTO notifications (user_id, type, title, message) VALUES (NULL, 'general', 'Hello', 'To all') RETURNING id`,
    );
    const page1 = await list(a, { limit: 2 });
    expect(page1.total).toBeGreaterThanOrEqual(6);
    expect(page1.data[0]!.id).toBe(everyone!.id);
    const asc = await list(a, { order: 'asc', limit: 100 });
    expect(asc.data.map((n) => n.id)).toEqual([...asc.data.map((n) => n.id)].sort((x, y) => x - y));
    expect(asc.data.some((n) => n.id === theirs!.id)).toBe(false);

    // By date: one notification dated earlier than its id says comes first oldest-first, last newest-first.
    const backdated = asc.data[asc.data.length - 1]!.id;
    await t.db.run(sql`UPDATE notifications SET created_at = now() - interval '3 days' WHERE id = ${backdated}`);
    expect((await list(a, { sort: 'date', order: 'asc', limit: 100 })).data[0]!.id).toBe(backdated);
    const newest = (await list(a, { sort: 'date', order: 'desc', limit: 100 })).data;
    expect(newest[newest.length - 1]!.id).toBe(backdated);
    expect((await list(a, { sort: 'id', order: 'asc', limit: 100 })).data[0]!.id).not.toBe(backdated);

    const first = asc.data[0]!.id;
    const res = await read(a, { ids: `${first},${theirs!.id}` });
    expect(res.status).toBe(200);
    expect((await list(a, { order: 'asc', limit: 1 })).data[0]!.read).toBe(true);
    // b's own notification is still unread for b.
    expect((await list(b)).data.find((n) => n.id === theirs!.id)!.read).toBe(false);
    expect((await read(a, { all: 1 })).body.data.unread).toBe(0);
    // A broadcast read by a is still unread for b.
    expect((await list(b)).data.find((n) => n.id === everyone!.id)!.read).toBe(false);
  });

  it('refuses bad input and anonymous calls', async () => {
    const p = await createPlayer(t.app);
    for (const fields of [
      {},
      { ids: 'x' },
      { ids: '1,,2' },
      { ids: '1;DROP TABLE notifications' },
      { ids: '1'.repeat(3000) },
      { ids: '9999999999' },
      { ids: '0' },
      { ids: '1,2147483648' },
      { all: 2 },
    ])
      expect((await read(p, fields)).status, JSON.stringify(fields).slice(0, 50)).toBe(400);
    for (const fields of [{ order: 'sideways' }, { sort: 'title' }, { limit: 0 }, { offset: -1 }])
      expect((await call(t.app, 'get_notifications', fields, { token: p.token })).status).toBe(400);
    expect((await call(t.app, 'get_notifications', {}, {})).status).toBe(401);
  });
});
