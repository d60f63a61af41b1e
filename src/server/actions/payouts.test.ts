import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRequest, PaymentRequestResult } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { settlePaymentRequest } from '../domain/payouts';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A new player (10 welcome coins) funded up to `coins`. */
async function funded(coins: number): Promise<Player> {
  const p = await createPlayer(t.app);
  const extra = coins - p.user.coins;
  if (extra > 0) await moveCoins(t.db, { userId: p.user.id, delta: extra, reason: 'test', opId: randomUUID() });
  return p;
}

async function ledger(userId: number) {
  return (await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum
    FROM users u WHERE u.id = ${userId}`))!;
}

const good = { payment_type: 'paypal', payment_address: 'me@example.test', coin_used: 150 };

function request(p: Player, fields: Record<string, unknown>) {
  return call<PaymentRequestResult>(t.app, 'set_payment_request', fields, { token: p.token });
}

async function list(p: Player) {
  const res = await call<PaymentRequest[]>(t.app, 'get_payment_request', {}, { token: p.token });
  expect(res.status).toBe(200);
  return res.body;
}

describe('payout requests', () => {
  it('holds the coins, derives the amount and lists the request as pending', async () => {
    const p = await funded(200);
    const res = await request(p, { ...good, details: 'thanks' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.coins).toBe(50);
    expect(res.body.data.request).toMatchObject({
      payment_type: 'paypal',
      payment_address: 'me@example.test',
      payment_amount: 15,
      coin_used: 150,
      details: 'thanks',
      status: 'pending',
    });
    const l = await list(p);
    expect(l.total).toBe(1);
    expect(l.data[0]!.id).toBe(res.body.data.request.id);
    expect(await ledger(p.user.id)).toEqual({ coins: 50, sum: 50 });
    const rows = await t.db.rows<{ reason: string; delta: number }>(
      sql`SELECT reason, delta FROM coin_ledger WHERE user_id = ${p.user.id} AND reason LIKE 'payout%'`,
    );
    expect(rows).toEqual([{ reason: 'payout_hold', delta: -150 }]);
  });

  it('accepts a stated amount that matches and refuses one that does not', async () => {
    const p = await funded(300);
    const bad = await request(p, { ...good, payment_amount: '999' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_input', field: 'payment_amount' });
    expect((await ledger(p.user.id)).coins).toBe(300);
    const ok = await request(p, { ...good, payment_amount: '15.00' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('refuses missing, bad, oversized and hostile fields without touching coins', async () => {
    const p = await funded(500);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, payment_type: undefined }, 'invalid_input', 'payment_type'],
      [{ ...good, payment_address: '' }, 'invalid_input', 'payment_address'],
      [{ ...good, coin_used: undefined }, 'invalid_input', 'coin_used'],
      [{ ...good, coin_used: '12abc' }, 'invalid_input', 'coin_used'],
      [{ ...good, coin_used: '-150' }, 'invalid_input', 'coin_used'],
      [{ ...good, coin_used: '1e3' }, 'invalid_input', 'coin_used'],
      [{ ...good, payment_amount: 'NaN' }, 'invalid_input', 'payment_amount'],
      [{ ...good, payment_address: 'x'.repeat(201) }, 'invalid_input', 'payment_address'],
      [{ ...good, details: 'x'.repeat(501) }, 'invalid_input', 'details'],
      [{ ...good, payment_address: 'a\u0000b' }, 'invalid_input', 'payment_address'],
      [{ ...good, payment_type: 'cash' }, 'payout_method_invalid', 'payment_type'],
      [{ ...good, payment_type: "paypal'; DROP TABLE users; --" }, 'payout_method_invalid', 'payment_type'],
    ];
    for (const [fields, code, field] of cases) {
      const res = await request(p, fields);
      expect(res.status, JSON.stringify([fields, res.body])).toBe(400);
      expect(res.body, JSON.stringify(fields)).toMatchObject({ code, field });
    }
    // Markup is stored as text, never interpreted.
    const html = await request(p, { ...good, payment_address: '<img src=x onerror=alert(1)>' });
    expect(html.status).toBe(200);
    expect(html.body.data.request.payment_address).toBe('<img src=x onerror=alert(1)>');
    expect(await ledger(p.user.id)).toEqual({ coins: 350, sum: 350 });
    expect((await call(t.app, 'set_payment_request', good)).status).toBe(401);
  });

  it('refuses more coins than the balance and fewer than the minimum', async () => {
    const p = await funded(120);
    const more = await request(p, { ...good, coin_used: 121 });
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ code: 'not_enough_coins', field: 'coin_used' });
    const few = await request(p, { ...good, coin_used: 99 });
    expect(few.status).toBe(400);
    expect(few.body).toMatchObject({ code: 'payout_below_minimum', field: 'coin_used' });
    expect((await list(p)).total).toBe(0);
    expect(await ledger(p.user.id)).toEqual({ coins: 120, sum: 120 });
  });

  it('allows one request per 48 hours', async () => {
    const p = await funded(1000);
    const first = await request(p, good);
    expect(first.status).toBe(200);
    const again = await request(p, good);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('payment_request_wait');
    await t.db.run(sql`UPDATE payment_requests SET created_at = now() - interval '47 hours'
      WHERE id = ${first.body.data.request.id}`);
    expect((await request(p, good)).body.code).toBe('payment_request_wait');
    await t.db.run(sql`UPDATE payment_requests SET created_at = now() - interval '48 hours 1 minute'
      WHERE id = ${first.body.data.request.id}`);
    expect((await request(p, good)).status).toBe(200);
    expect(await ledger(p.user.id)).toEqual({ coins: 700, sum: 700 });
  });

  it('cancelling a pending request refunds once through the ledger; the request stays listed as cancelled', async () => {
    const p = await funded(200);
    const id = (await request(p, good)).body.data.request.id;
    const key = randomUUID();
    const c1 = await call<{ coins: number }>(
      t.app,
      'delete_pending_payment_request',
      { payment_id: id },
      { token: p.token, idempotencyKey: key },
    );
    expect(c1.status, JSON.stringify(c1.body)).toBe(200);
    expect(c1.body.data.coins).toBe(200);
    // The same call again (a retry with its key) answers the same, and pays nothing more.
    const retry = await call<{ coins: number }>(
      t.app,
      'delete_pending_payment_request',
      { payment_id: id },
      { token: p.token, idempotencyKey: key },
    );
    expect(retry.status).toBe(200);
    expect(retry.body.data.coins).toBe(200);
    // A new cancel of the cancelled request is refused with a stable code.
    const c2 = await call(t.app, 'delete_pending_payment_request', { payment_id: id }, { token: p.token });
    expect(c2.status).toBe(409);
    expect(c2.body.code).toBe('payment_not_pending');
    expect(await ledger(p.user.id)).toEqual({ coins: 200, sum: 200 });
    const refunds = await t.db.rows<{ delta: number }>(sql`SELECT delta FROM coin_ledger
      WHERE user_id = ${p.user.id} AND reason = 'payout_cancel' AND ref = ${String(id)}`);
    expect(refunds).toEqual([{ delta: 150 }]);
    // The money record is never deleted: it stays in the player's list as cancelled.
    const after = await list(p);
    expect(after.total).toBe(1);
    expect(after.data.map((r) => [r.id, r.status, r.coin_used])).toEqual([[id, 'cancelled', 150]]);
    // A cancelled request does not count for the 48-hour rule.
    expect((await request(p, good)).status).toBe(200);
  });

  it('parallel cancels of one request: one refund, the others payment_not_pending', async () => {
    const p = await funded(300);
    const id = (await request(p, good)).body.data.request.id;
    const all = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, 'delete_pending_payment_request', { payment_id: id }, { token: p.token }),
      ),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of all.filter((x) => x.status !== 200))
      expect(r.body.code, JSON.stringify(r.body)).toBe('payment_not_pending');
    expect(await ledger(p.user.id)).toEqual({ coins: 300, sum: 300 });
  });

  it('a cancel with bad, missing, oversized or hostile ids answers 4xx and changes nothing', async () => {
    const p = await funded(200);
    const id = (await request(p, good)).body.data.request.id;
    for (const fields of [
      {},
      { payment_id: '' },
      { payment_id: 'abc' },
      { payment_id: -1 },
      { payment_id: 0 },
      { payment_id: 1.5 },
      { payment_id: '9'.repeat(400) },
      { payment_id: `${id} OR 1=1` },
      { payment_id: `${id}; DELETE FROM payment_requests` },
      { payment_id: 999_999_999 },
    ]) {
      const res = await call(t.app, 'delete_pending_payment_request', fields, { token: p.token });
      expect(res.status, JSON.stringify([fields, res.body])).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.code).toBe('string');
    }
    const anonymous = await call(t.app, 'delete_pending_payment_request', { payment_id: id });
    expect(anonymous.status).toBe(401);
    expect((await list(p)).data.map((r) => r.status)).toEqual(['pending']);
    expect(await ledger(p.user.id)).toEqual({ coins: 50, sum: 50 });
  });

  it('an operator rejects (refund once) or completes (no coin change) a pending request', async () => {
    const p = await funded(400);
    const id = (await request(p, good)).body.data.request.id;
    const rejected = await settlePaymentRequest(t.db, id, 'rejected');
    expect(rejected.status).toBe('rejected');
    await expect(settlePaymentRequest(t.db, id, 'rejected')).rejects.toMatchObject({ code: 'payment_not_pending' });
    await expect(settlePaymentRequest(t.db, id, 'completed')).rejects.toMatchObject({ code: 'payment_not_pending' });
    expect(await ledger(p.user.id)).toEqual({ coins: 400, sum: 400 });
    const cancel = await call(t.app, 'delete_pending_payment_request', { payment_id: id }, { token: p.token });
    expect(cancel.body.code).toBe('payment_not_pending');
    expect(await ledger(p.user.id)).toEqual({ coins: 400, sum: 400 });
    expect((await list(p)).data[0]!.status).toBe('rejected');
    await expect(settlePaymentRequest(t.db, 999_999, 'completed')).rejects.toMatchObject({ code: 'not_found' });

    // Through the operator's action: players are refused, an admin completes.
    await t.db.run(sql`UPDATE payment_requests SET created_at = now() - interval '3 days' WHERE id = ${id}`);
    const id2 = (await request(p, good)).body.data.request.id;
    const asPlayer = await call(
      t.app,
      'set_payment_request_status',
      { payment_id: id2, status: 'completed' },
      { token: p.token },
    );
    expect(asPlayer.status).toBe(403);
    const admin = await createPlayer(t.app);
    await t.db.run(sql`UPDATE users SET role = 'admin' WHERE id = ${admin.user.id}`);
    const done = await call<PaymentRequest>(
      t.app,
      'set_payment_request_status',
      { payment_id: id2, status: 'completed' },
      { token: admin.token },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.status).toBe('completed');
    expect(await ledger(p.user.id)).toEqual({ coins: 250, sum: 250 });
  });

  it("another player's request is not found", async () => {
    const a = await funded(200);
    const b = await funded(200);
    const id = (await request(a, good)).body.data.request.id;
    const res = await call(t.app, 'delete_pending_payment_request', { payment_id: id }, { token: b.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect((await list(b)).total).toBe(0);
    expect((await list(a)).data.map((r) => r.status)).toEqual(['pending']);
    expect(await ledger(a.user.id)).toEqual({ coins: 50, sum: 50 });
  });

  it('50 parallel requests from one player: exactly one accepted', async () => {
    const p = await funded(1000);
    const all = await Promise.all(Array.from({ length: 50 }, () => request(p, good)));
    const accepted = all.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(1);
    for (const r of all.filter((x) => x.status !== 200)) {
      expect(r.body.code, JSON.stringify(r.body)).toBe('payment_request_wait');
    }
    expect(await ledger(p.user.id)).toEqual({ coins: 850, sum: 850 });
    expect((await list(p)).total).toBe(1);
  });

  it('takes the methods, conversion and minimum from system configuration', async () => {
    const cfg = await call<Record<string, unknown>>(t.app, 'get_system_configurations');
    expect(cfg.body.data).toMatchObject({
      payout_methods: ['paypal', 'upi', 'bank'],
      payout_coins_per_unit: 10,
      payout_min_coins: 100,
    });
    const p = await funded(100);
    expect((await request(p, { ...good, coin_used: 100 })).body.data.request.payment_amount).toBe(10);
  });

  it('follows an operator’s other methods, rate, minimum and interval', async () => {
    const before = await t.db.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = 'system'`);
    const rules = {
      payout_methods: ['crypto'],
      payout_coins_per_unit: 20,
      payout_min_coins: 300,
      payout_interval_hours: 1,
    };
    await t.db.run(sql`INSERT INTO settings (key, value) VALUES ('system', ${JSON.stringify(rules)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = settings.value || EXCLUDED.value`);
    t.app.services.settings.invalidate();
    try {
      const cfg = await call<Record<string, unknown>>(t.app, 'get_system_configurations');
      expect(cfg.body.data).toMatchObject(rules);
      const p = await funded(1000);
      const paypal = await request(p, { ...good, coin_used: 400 });
      expect(paypal.status).toBe(400);
      expect(paypal.body.code).toBe('payout_method_invalid');
      const low = await request(p, { ...good, payment_type: 'crypto', coin_used: 299 });
      expect(low.body.code).toBe('payout_below_minimum');
      const ok = await request(p, { ...good, payment_type: 'crypto', coin_used: 400 });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.request.payment_amount).toBe(20);
      // One request per configured interval (1 h here): the next one is refused, an hour on it is taken.
      expect((await request(p, { ...good, payment_type: 'crypto', coin_used: 300 })).body.code).toBe(
        'payment_request_wait',
      );
      await t.db.run(
        sql`UPDATE payment_requests SET created_at = created_at - interval '61 minutes' WHERE user_id = ${p.user.id}`,
      );
      expect((await request(p, { ...good, payment_type: 'crypto', coin_used: 300 })).status).toBe(200);
      expect(await ledger(p.user.id)).toEqual({ coins: 300, sum: 300 });
    } finally {
      if (before)
        await t.db.run(sql`UPDATE settings SET value = ${JSON.stringify(before.value)}::jsonb WHERE key = 'system'`);
      else await t.db.run(sql`DELETE FROM settings WHERE key = 'system'`);
      t.app.services.settings.invalidate();
    }
  });
});
