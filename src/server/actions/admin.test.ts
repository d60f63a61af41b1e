import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type AdminBroadcast,
  type AdminPaymentRequest,
  type AdminReport,
  type AdminUser,
  type AuditEntry,
  type LedgerEntry,
} from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { call } from '../test-support/client';
import { createAdmin, createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.db);
});
afterAll(() => t.close());

function as<T>(p: Player, action: string, fields: Record<string, unknown> = {}, key?: string) {
  return call<T>(t.app, action, fields, { token: p.token, ip: p.ip, idempotencyKey: key });
}

async function ledger(userId: number) {
  return (await t.db.one<{ coins: number; sum: number; rows: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum,
    (SELECT count(*)::int FROM coin_ledger WHERE user_id = u.id) AS rows
    FROM users u WHERE u.id = ${userId}`))!;
}

async function auditOf(target: string) {
  return t.db.rows<{
    action: string;
    admin_id: number;
    before: unknown;
    after: unknown;
    input: Record<string, unknown>;
  }>(sql`SELECT action, admin_id, before, after, input FROM audit_log WHERE target = ${target} ORDER BY id`);
}

const ADMIN_ACTIONS = Object.entries(ACTIONS)
  .filter(([, spec]) => spec.access === 'admin')
  .map(([name]) => name);

describe('access to the console', () => {
  it('refuses every admin action without a token (401) and for a player (403), before reading input', async () => {
    expect(ADMIN_ACTIONS.length).toBeGreaterThan(15);
    const player = await createPlayer(t.app);
    for (const name of ADMIN_ACTIONS) {
      const anon = await call(t.app, name, {});
      expect(anon.status, name).toBe(401);
      expect(anon.body.code, name).toBe('unauthorized');
      const denied = await as(player, name, {});
      expect(denied.status, name).toBe(403);
      expect(denied.body.code, name).toBe('forbidden');
    }
    const audit = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE admin_id = ${player.user.id}`,
    );
    expect(audit!.n).toBe(0);
  });

  it('lets a demo console look but not change anything', async () => {
    const demo = await buildTestApp({ DEMO_MODE: '1' });
    try {
      const a = await createAdmin(demo.app, demo.db);
      const look = await call(demo.app, 'admin_get_users', {}, { token: a.token, ip: a.ip });
      expect(look.status).toBe(200);
      const change = await call(demo.app, 'admin_reset_sessions', { user_id: a.user.id }, { token: a.token, ip: a.ip });
      expect(change.status).toBe(403);
      expect(change.body.code).toBe('demo_mode');
    } finally {
      await demo.close();
    }
  });
});

describe('players', () => {
  it('finds accounts by name, e-mail or id, filters and sorts them, a page at a time', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await createPlayer(t.app, { name: `Zed ${tag}` });
    const b = await createPlayer(t.app, { name: `Amy ${tag}` });
    await moveCoins(t.db, { userId: b.user.id, delta: 500, reason: 'test', opId: randomUUID() });
    const res = await as<AdminUser[]>(admin, 'admin_get_users', { search: tag, sort: 'coins', order: 'desc' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((u) => u.id)).toEqual([b.user.id, a.user.id]);
    expect(res.body.data[0]).toMatchObject({ role: 'player', status: 1, sessions: 1 });
    const byName = await as<AdminUser[]>(admin, 'admin_get_users', {
      search: tag,
      sort: 'name',
      order: 'asc',
      limit: 1,
    });
    expect(byName.body.data.map((u) => u.id)).toEqual([b.user.id]);
    expect(byName.body.total).toBe(2);
    const byEmail = await as<AdminUser[]>(admin, 'admin_get_users', { search: a.email.toUpperCase() });
    expect(byEmail.body.data.map((u) => u.id)).toEqual([a.user.id]);
    const admins = await as<AdminUser[]>(admin, 'admin_get_users', { role: 'admin', search: admin.email });
    expect(admins.body.data.map((u) => u.id)).toEqual([admin.user.id]);
    // Wildcards are text, not patterns.
    const wild = await as<AdminUser[]>(admin, 'admin_get_users', { search: '%_%' });
    expect(wild.status).toBe(200);
    expect(wild.body.total).toBe(0);
  });

  it('refuses bad list input with the field', async () => {
    for (const bad of [
      { sort: 'password' },
      { limit: 1000 },
      { offset: -1 },
      { status: 'gone' },
      { search: 'x'.repeat(101) },
    ]) {
      const res = await as(admin, 'admin_get_users', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.field).toBe(Object.keys(bad)[0]);
    }
  });

  it('deactivates with a reason (signed out everywhere), reactivates, and audits both', async () => {
    const p = await createPlayer(t.app);
    const noReason = await as(admin, 'admin_set_user_status', { user_id: p.user.id, status: '0' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.field).toBe('reason');
    const off = await as<AdminUser>(admin, 'admin_set_user_status', {
      user_id: p.user.id,
      status: '0',
      reason: 'Cheating in battles',
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toMatchObject({ status: 0, deactivation_reason: 'Cheating in battles', sessions: 0 });
    // Its token is revoked: the player is signed out.
    const gone = await call(t.app, 'get_user_by_id', {}, { token: p.token, ip: p.ip });
    expect(gone.status).toBe(401);
    const on = await as<AdminUser>(admin, 'admin_set_user_status', { user_id: p.user.id, status: '1' });
    expect(on.body.data).toMatchObject({ status: 1, deactivation_reason: '' });
    const rows = await auditOf(`user:${p.user.id}`);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'admin_set_user_status',
        { status: 1, deactivation_reason: '' },
        { status: 0, deactivation_reason: 'Cheating in battles' },
      ],
      [
        'admin_set_user_status',
        { status: 0, deactivation_reason: 'Cheating in battles' },
        { status: 1, deactivation_reason: '' },
      ],
    ]);
    expect(rows[0]!.admin_id).toBe(admin.user.id);
  });

  it('will not let an admin lock themself out, and answers 404 for a missing account', async () => {
    const self = await as(admin, 'admin_set_user_status', { user_id: admin.user.id, status: '0', reason: 'oops' });
    expect(self.status).toBe(403);
    const missing = await as(admin, 'admin_set_user_status', { user_id: 2_000_000_000, status: '1' });
    expect(missing.status).toBe(404);
    const reset = await as(admin, 'admin_reset_sessions', { user_id: 2_000_000_000 });
    expect(reset.status).toBe(404);
    expect(await auditOf('user:2000000000')).toEqual([]);
  });

  it('resets a player’s sessions', async () => {
    const p = await createPlayer(t.app);
    const res = await as<{ revoked: number }>(admin, 'admin_reset_sessions', { user_id: p.user.id });
    expect(res.body.data.revoked).toBe(1);
    expect((await call(t.app, 'get_user_by_id', {}, { token: p.token, ip: p.ip })).status).toBe(401);
  });
});

describe('coin adjustments', () => {
  it('credits and debits as ledger rows with the reason; the ledger and the balance agree', async () => {
    const p = await createPlayer(t.app);
    const start = await ledger(p.user.id);
    const credit = await as<{ coins: number; entry: LedgerEntry }>(admin, 'admin_adjust_coins', {
      user_id: p.user.id,
      amount: '250',
      reason: 'Compensation for the outage',
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(credit.body.data.coins).toBe(start.coins + 250);
    expect(credit.body.data.entry).toMatchObject({
      points: 250,
      reason: 'admin_adjust',
      ref: 'Compensation for the outage',
    });
    const debit = await as<{ coins: number }>(admin, 'admin_adjust_coins', {
      user_id: p.user.id,
      amount: -100,
      reason: 'Duplicate reward',
    });
    expect(debit.body.data.coins).toBe(start.coins + 150);
    const after = await ledger(p.user.id);
    expect(after.coins).toBe(after.sum);
    expect(after.rows).toBe(start.rows + 2);
    const rows = await auditOf(`user:${p.user.id}`);
    expect(rows.map((r) => r.before)).toEqual([{ coins: start.coins }, { coins: start.coins + 250 }]);
    expect(rows[0]!.input).toMatchObject({ amount: 250, reason: 'Compensation for the outage' });
  });

  it('never takes a balance below zero: the refusal writes nothing, not even an audit row', async () => {
    const p = await createPlayer(t.app);
    const before = await ledger(p.user.id);
    const res = await as(admin, 'admin_adjust_coins', { user_id: p.user.id, amount: -(before.coins + 1), reason: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('not_enough_coins');
    expect(await ledger(p.user.id)).toEqual(before);
    expect(await auditOf(`user:${p.user.id}`)).toEqual([]);
  });

  it('applies a replayed adjustment once', async () => {
    const p = await createPlayer(t.app);
    const before = await ledger(p.user.id);
    const key = randomUUID();
    const fields = { user_id: p.user.id, amount: 40, reason: 'Prize' };
    const [a, b] = await Promise.all([
      as<{ coins: number }>(admin, 'admin_adjust_coins', fields, key),
      as<{ coins: number }>(admin, 'admin_adjust_coins', fields, key),
    ]);
    const c = await as<{ coins: number }>(admin, 'admin_adjust_coins', fields, key);
    for (const r of [a, b, c]) {
      expect(r.status).toBe(200);
      expect(r.body.data.coins).toBe(before.coins + 40);
    }
    const after = await ledger(p.user.id);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.coins).toBe(after.sum);
    expect(await auditOf(`user:${p.user.id}`)).toHaveLength(1);
  });

  it('refuses zero, huge, missing and hostile amounts and reasons', async () => {
    const p = await createPlayer(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: 10_000_001, reason: 'x' }, 'amount'],
      [{ amount: '1e3', reason: 'x' }, 'amount'],
      [{ amount: 5 }, 'reason'],
      [{ amount: 5, reason: 'x'.repeat(201) }, 'reason'],
      [{ amount: 5, reason: 'bad\u0000byte' }, 'reason'],
    ];
    for (const [fields, field] of cases) {
      const res = await as(admin, 'admin_adjust_coins', { user_id: p.user.id, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const missing = await as(admin, 'admin_adjust_coins', { user_id: 2_000_000_000, amount: 5, reason: 'x' });
    expect(missing.status).toBe(404);
    const history = await as<LedgerEntry[]>(admin, 'admin_get_coin_history', { user_id: p.user.id });
    expect(history.body.data.map((e) => e.reason)).toEqual(['welcome_bonus']);
  });
});

describe('payouts', () => {
  async function pendingRequest(coins = 200) {
    const p = await createPlayer(t.app);
    await moveCoins(t.db, { userId: p.user.id, delta: coins, reason: 'test', opId: randomUUID() });
    const res = await as<{ request: { id: number } }>(p, 'set_payment_request', {
      payment_type: 'paypal',
      payment_address: `${randomUUID()}@pay.test`,
      coin_used: 150,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { p, id: res.body.data.request.id };
  }

  it('lists requests by state and player; a reject refunds once however often it is sent', async () => {
    const { p, id } = await pendingRequest();
    const list = await as<AdminPaymentRequest[]>(admin, 'admin_get_payment_requests', { search: p.email });
    expect(list.body.data.map((r) => [r.id, r.status, r.user_id])).toEqual([[id, 'pending', p.user.id]]);
    const held = await ledger(p.user.id);
    const results = await Promise.all(
      [1, 2, 3].map(() => as(admin, 'set_payment_request_status', { payment_id: id, status: 'rejected' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    // The player's cancel racing the reject finds it settled.
    expect((await as(p, 'delete_pending_payment_request', { payment_id: id })).status).toBe(409);
    const after = await ledger(p.user.id);
    expect(after.coins).toBe(held.coins + 150);
    expect(after.coins).toBe(after.sum);
    const rejected = await as<AdminPaymentRequest[]>(admin, 'admin_get_payment_requests', {
      status: 'rejected',
      search: p.email,
    });
    expect(rejected.body.data[0]).toMatchObject({ id, status: 'rejected' });
    expect(rejected.body.data[0]!.settled_at).toMatch(/Z$/);
    expect((await auditOf(`payment:${id}`)).map((r) => r.after)).toEqual([{ status: 'rejected' }]);
  });

  it('a cancel and an approval racing: exactly one wins, and coins are refunded at most once', async () => {
    const { p, id } = await pendingRequest();
    const held = await ledger(p.user.id);
    const [cancel, approve] = await Promise.all([
      as(p, 'delete_pending_payment_request', { payment_id: id }),
      as(admin, 'set_payment_request_status', { payment_id: id, status: 'completed' }),
    ]);
    expect([cancel.status, approve.status].sort()).toEqual([200, 409]);
    const after = await ledger(p.user.id);
    expect(after.coins).toBe(cancel.status === 200 ? held.coins + 150 : held.coins);
    expect(after.coins).toBe(after.sum);
  });
});

describe('question reports', () => {
  it('shows a report with its question and answer, and closes it', async () => {
    const p = await createPlayer(t.app);
    const q = (await t.db.one<{ id: number }>(sql`SELECT id FROM questions WHERE status = 1 ORDER BY id LIMIT 1`))!;
    const sent = await as(p, 'report_question', { question_id: q.id, message: 'The answer is wrong' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const open = await as<AdminReport[]>(admin, 'admin_get_reports', {});
    const mine = open.body.data.find((r) => r.user_id === p.user.id)!;
    expect(mine).toMatchObject({ question_id: q.id, message: 'The answer is wrong', status: 'open' });
    expect(mine.answer).toBeDefined();
    expect(mine.reports_on_question).toBeGreaterThanOrEqual(1);
    const closed = await as<AdminReport>(admin, 'admin_resolve_report', { report_id: mine.id, status: 'dismissed' });
    expect(closed.body.data.status).toBe('dismissed');
    const still = await as<AdminReport[]>(admin, 'admin_get_reports', { status: 'open' });
    expect(still.body.data.some((r) => r.id === mine.id)).toBe(false);
    expect((await auditOf(`report:${mine.id}`)).map((r) => [r.before, r.after])).toEqual([
      [{ status: 'open' }, { status: 'dismissed' }],
    ]);
    expect((await as(admin, 'admin_resolve_report', { report_id: 2_000_000_000, status: 'fixed' })).status).toBe(404);
    expect((await as(admin, 'admin_resolve_report', { report_id: mine.id, status: 'open' })).status).toBe(400);
  });
});

describe('notifications', () => {
  async function inbox(p: Player) {
    const res = await as<{ id: number; title: string; message: string }[]>(p, 'get_notifications', { limit: 50 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((n) => n.title);
  }

  it('reaches everyone, the players of one interface language, or one player; counts what it reached', async () => {
    const en = await createPlayer(t.app);
    const ar = await createPlayer(t.app);
    await t.db.run(sql`UPDATE users SET web_language = 'ar' WHERE id = ${ar.user.id}`);
    const tag = randomUUID().slice(0, 6);
    const all = await as<AdminBroadcast>(admin, 'admin_send_notification', {
      audience: 'all',
      title: `All ${tag}`,
      message: 'Hello everyone',
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const arabic = await as<AdminBroadcast>(admin, 'admin_send_notification', {
      audience: 'language',
      language_code: 'ar',
      title: `Ar ${tag}`,
      message: 'مرحبا',
    });
    expect(arabic.status, JSON.stringify(arabic.body)).toBe(200);
    const one = await as<AdminBroadcast>(admin, 'admin_send_notification', {
      audience: 'user',
      user_id: en.user.id,
      title: `One ${tag}`,
      message: 'Just you',
    });
    expect(one.body.data.recipients).toBe(1);
    const users = await t.db.one<{ n: number; ar: number }>(sql`SELECT count(*)::int AS n,
      count(*) FILTER (WHERE web_language = 'ar')::int AS ar FROM users WHERE status = 1`);
    expect(all.body.data.recipients).toBe(users!.n);
    expect(arabic.body.data.recipients).toBe(users!.ar);

    expect((await inbox(en)).filter((x) => x.endsWith(tag)).sort()).toEqual([`All ${tag}`, `One ${tag}`]);
    expect((await inbox(ar)).filter((x) => x.endsWith(tag)).sort()).toEqual([`All ${tag}`, `Ar ${tag}`]);

    const arInbox = await as<{ id: number; title: string }[]>(ar, 'get_notifications', { limit: 50 });
    const arNote = arInbox.body.data.find((n) => n.title === `Ar ${tag}`)!;
    const read = await as(ar, 'set_notifications_read', { ids: String(arNote.id) });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const sent = await as<AdminBroadcast[]>(admin, 'admin_get_broadcasts', {});
    const arRow = sent.body.data.find((b) => b.id === arabic.body.data.id)!;
    expect(arRow).toMatchObject({ audience: 'language', language_code: 'ar', reads: 1 });
    expect(sent.body.data.find((b) => b.id === one.body.data.id)).toMatchObject({ reads: 0, user_name: 'Test Player' });
  });

  it('refuses an audience without its target, an unknown language or player, and oversized text', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ audience: 'language', title: 't', message: 'm' }, 400, 'language_code'],
      [{ audience: 'language', language_code: 'zz', title: 't', message: 'm' }, 404, 'language_code'],
      [{ audience: 'user', title: 't', message: 'm' }, 400, 'user_id'],
      [{ audience: 'user', user_id: 2_000_000_000, title: 't', message: 'm' }, 404, 'user_id'],
      [{ audience: 'all', title: 'x'.repeat(101), message: 'm' }, 400, 'title'],
      [{ audience: 'all', title: 't' }, 400, 'message'],
      [{ audience: 'everyone', title: 't', message: 'm' }, 400, 'audience'],
    ];
    const before = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_broadcasts`);
    for (const [fields, status, field] of cases) {
      const res = await as(admin, 'admin_send_notification', fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.body.field).toBe(field);
    }
    const after = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_broadcasts`);
    expect(after!.n).toBe(before!.n);
  });
});

describe('settings', () => {
  it('saves the system configuration checked field by field; players see it', async () => {
    const cur = await as<{ system: Record<string, unknown> }>(admin, 'admin_get_settings');
    expect(cur.status).toBe(200);
    const system = cur.body.data.system;
    const bad = await as(admin, 'admin_set_system_config', {
      config: { ...system, quiz_coin_floor_percentage: 90, quiz_coin_full_percentage: 50 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('config.quiz_coin_floor_percentage');
    const negative = await as(admin, 'admin_set_system_config', { config: { ...system, welcome_bonus: -5 } });
    expect(negative.body.field).toBe('config.welcome_bonus');
    const unknown = await as(admin, 'admin_set_system_config', { config: { ...system, coins_for_me: 5 } });
    expect(unknown.status).toBe(400);
    const noLang = await as(admin, 'admin_set_system_config', { config: { ...system, default_language_id: 99_999 } });
    expect(noLang.status).toBe(400);
    expect(noLang.body.field).toBe('config.default_language_id');
    const notJson = await as(admin, 'admin_set_system_config', { config: '{nope' });
    expect(notJson.status).toBe(400);

    const ok = await as(admin, 'admin_set_system_config', { config: { ...system, welcome_bonus: 25 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const seen = await call<{ welcome_bonus: number }>(t.app, 'get_system_configurations');
    expect(seen.body.data.welcome_bonus).toBe(25);
    const rows = await auditOf('settings:system');
    expect(rows.at(-1)).toMatchObject({
      before: { welcome_bonus: system.welcome_bonus },
      after: { welcome_bonus: 25 },
    });
    // The default content language is one setting: the languages' own mark.
    const lang = await as<{ id: number }>(admin, 'admin_save_language', { code: 'nl', name: 'Nederlands' });
    expect(lang.status, JSON.stringify(lang.body)).toBe(200);
    const moved = await as(admin, 'admin_set_system_config', {
      config: { ...system, welcome_bonus: 25, default_language_id: lang.body.data.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const marked = await t.db.rows<{ id: number }>(sql`SELECT id FROM languages WHERE is_default`);
    expect(marked.map((l) => l.id)).toEqual([lang.body.data.id]);
    await as(admin, 'admin_save_language', { id: system.default_language_id, is_default: '1' });
    const back = await call<{ default_language_id: number }>(t.app, 'get_system_configurations');
    expect(back.body.data.default_language_id).toBe(system.default_language_id);
    await as(admin, 'admin_set_system_config', { config: system });
  });

  it('switches modes off by their codes (players read the list), refusing unknown, repeated or non-list values', async () => {
    const system = (await as<{ system: Record<string, unknown> }>(admin, 'admin_get_settings')).body.data.system;
    expect(system.disabled_modes).toEqual([]);
    for (const disabled_modes of [
      ['chess'],
      ['maths_mania', 'maths_mania'],
      'maths_mania',
      [5],
      Array(20).fill('exam'),
    ]) {
      const bad = await as(admin, 'admin_set_system_config', { config: { ...system, disabled_modes } });
      expect(bad.status, JSON.stringify(disabled_modes)).toBe(400);
      expect(bad.body.field).toMatch(/^config\.disabled_modes/);
    }
    const ok = await as(admin, 'admin_set_system_config', {
      config: { ...system, disabled_modes: ['maths_mania', 'group_battle'] },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    try {
      const seen = await call<{ disabled_modes: string[] }>(t.app, 'get_system_configurations');
      expect(seen.body.data.disabled_modes).toEqual(['maths_mania', 'group_battle']);
      // A configuration saved before the switch existed still loads, with every mode on.
      const { disabled_modes: _omit, ...older } = system;
      expect((await as(admin, 'admin_set_system_config', { config: older })).status).toBe(200);
      const none = await call<{ disabled_modes: string[] }>(t.app, 'get_system_configurations');
      expect(none.body.data.disabled_modes).toEqual([]);
    } finally {
      await as(admin, 'admin_set_system_config', { config: system });
    }
  });

  it('keeps the operator’s contact details for the contact page, refusing what is not one', async () => {
    const system = (await as<{ system: Record<string, unknown> }>(admin, 'admin_get_settings')).body.data.system;
    // Demo details until the operator gives theirs.
    expect(system).toMatchObject({ contact_email: 'support@quizhub.example', contact_phone: '+1 555 0100' });
    const bad: [string, unknown][] = [
      ['contact_email', 'not-an-address'],
      ['contact_email', '<script>alert(1)</script>@x.example'],
      ['contact_email', `${'a'.repeat(120)}@example.com`],
      ['contact_email', 42],
      ['contact_phone', 'call me'],
      ['contact_phone', '+1 555 0100; DROP TABLE users'],
      ['contact_phone', '1'.repeat(40)],
      ['contact_address', 'x'.repeat(301)],
    ];
    for (const [key, value] of bad) {
      const r = await as(admin, 'admin_set_system_config', { config: { ...system, [key]: value } });
      expect(r.status, `${key}=${String(value)}`).toBe(400);
      expect(r.body.field).toBe(`config.${key}`);
    }
    const details = {
      contact_email: 'help@example.org',
      contact_phone: '+44 (20) 7946-0000',
      contact_address: '1 Quiz Lane\nLondon',
    };
    const ok = await as(admin, 'admin_set_system_config', { config: { ...system, ...details } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    try {
      const seen = await call<Record<string, unknown>>(t.app, 'get_system_configurations');
      expect(seen.body.data).toMatchObject(details);
      // Any of them may be left empty (the page then leaves it out).
      const empty = { contact_email: '', contact_phone: '', contact_address: '' };
      expect((await as(admin, 'admin_set_system_config', { config: { ...system, ...empty } })).status).toBe(200);
      expect((await call<Record<string, unknown>>(t.app, 'get_system_configurations')).body.data).toMatchObject(empty);
    } finally {
      await as(admin, 'admin_set_system_config', { config: system });
    }
  });

  it('maintenance closes the app to players with the operator’s words; admins keep working', async () => {
    const p = await createPlayer(t.app);
    const system = (await as<{ system: Record<string, unknown> }>(admin, 'admin_get_settings')).body.data.system;
    const on = await as(admin, 'admin_set_system_config', {
      config: { ...system, maintenance_mode: '1', maintenance_message: 'Back at 10:00 UTC' },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    try {
      const closed = await as(p, 'get_user_by_id');
      expect(closed.status).toBe(503);
      expect(closed.body.message).toBe('Back at 10:00 UTC');
      const web = await call<{ maintenance_mode: boolean; maintenance_message: string }>(t.app, 'get_web_settings');
      expect(web.body.data).toMatchObject({ maintenance_mode: true, maintenance_message: 'Back at 10:00 UTC' });
      expect((await as(admin, 'admin_get_dashboard')).status).toBe(200);
    } finally {
      await as(admin, 'admin_set_system_config', { config: { ...system, maintenance_mode: '0' } });
    }
    expect((await as(p, 'get_user_by_id')).status).toBe(200);
  });

  it('edits a page players read', async () => {
    const res = await as(admin, 'admin_set_page', { type: 'faq', message: 'Q: How? A: Like this.' });
    expect(res.status).toBe(200);
    const page = await call<{ message: string }>(t.app, 'get_settings', { type: 'faq' });
    expect(page.body.data.message).toBe('Q: How? A: Like this.');
    expect((await as(admin, 'admin_set_page', { type: 'secrets', message: 'x' })).status).toBe(400);
    expect((await as(admin, 'admin_set_page', { type: 'faq', message: '' })).status).toBe(400);
  });
});

describe('web settings', () => {
  it('sets the home screen’s heading of one content language', async () => {
    const lang = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE is_default`))!;
    const res = await as(admin, 'admin_set_home_settings', {
      language_id: lang.id,
      title: 'Trivia night',
      subtitle: 'New questions every day',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const home = await call<{ title: string; subtitle: string }>(t.app, 'get_web_home_settings', {
      language_id: lang.id,
    });
    expect(home.body.data).toMatchObject({ title: 'Trivia night', subtitle: 'New questions every day' });
    const settings = await as<{ home: Record<string, { title: string }> }>(admin, 'admin_get_settings');
    expect(Object.values(settings.body.data.home).map((h) => h.title)).toContain('Trivia night');
    expect(
      (await as(admin, 'admin_set_home_settings', { language_id: 999_999, title: 't', subtitle: 's' })).status,
    ).toBe(404);
    const long = await as(admin, 'admin_set_home_settings', {
      language_id: lang.id,
      title: 'x'.repeat(121),
      subtitle: 's',
    });
    expect(long.body.field).toBe('title');
  });
});

describe('translations', () => {
  it('lists keys beside the default language, overrides one (players get it), and clears it', async () => {
    const list = await as<{ rows: { key: string; source: string; shipped: string }[]; total: number; missing: number }>(
      admin,
      'admin_get_translations',
      { language_code: 'ar', search: 'maintenance.title' },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.rows.map((r) => r.key)).toEqual(['maintenance.title']);
    expect(list.body.data.rows[0]!.shipped).not.toBe('');
    const set = await as(admin, 'admin_set_translation', {
      language_code: 'ar',
      key: 'maintenance.title',
      value: 'صيانة مجدولة',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const served = await call<{ data: { maintenance: { title: string } } }>(t.app, 'get_system_language_json', {
      language: 'ar',
    });
    expect(served.body.data.data.maintenance.title).toBe('صيانة مجدولة');
    // The app learns there are operator's texts from its web settings, and fetches only those.
    const web = await call<{ translations_version: string }>(t.app, 'get_web_settings');
    expect(web.body.data.translations_version).not.toBe('');
    const only = await call<Record<string, string>>(t.app, 'get_translation_overrides', { language: 'ar' });
    expect(only.body.data).toEqual({ 'maintenance.title': 'صيانة مجدولة' });
    await as(admin, 'admin_set_translation', { language_code: 'ar', key: 'maintenance.title', value: '' });
    const back = await call<{ data: { maintenance: { title: string } } }>(t.app, 'get_system_language_json', {
      language: 'ar',
    });
    expect(back.body.data.data.maintenance.title).toBe(list.body.data.rows[0]!.shipped);
    expect((await auditOf('translation:ar:maintenance.title')).map((r) => r.after)).toEqual(['صيانة مجدولة', null]);
    const none = await call<Record<string, string>>(t.app, 'get_translation_overrides', { language: 'ar' });
    expect(none.body.data).toEqual({});
    expect(
      (await call<{ translations_version: string }>(t.app, 'get_web_settings')).body.data.translations_version,
    ).toBe('');
  });

  it('refuses unknown keys and languages and hostile keys', async () => {
    expect(
      (await as(admin, 'admin_set_translation', { language_code: 'ar', key: 'no.such.key', value: 'x' })).status,
    ).toBe(404);
    expect((await as(admin, 'admin_get_translations', { language_code: 'zz' })).status).toBe(404);
    const proto = await as(admin, 'admin_set_translation', {
      language_code: 'ar',
      key: '__proto__.polluted',
      value: 'x',
    });
    expect(proto.status).toBe(404);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await as(admin, 'admin_set_translation', { language_code: 'ar', key: '../etc', value: 'x' })).status).toBe(
      400,
    );
  });
});

describe('audit log', () => {
  it('lists what admins did, newest first, filtered by target', async () => {
    const p = await createPlayer(t.app);
    await as(admin, 'admin_reset_sessions', { user_id: p.user.id });
    await as(admin, 'admin_adjust_coins', { user_id: p.user.id, amount: 5, reason: 'Thanks' });
    const res = await as<AuditEntry[]>(admin, 'admin_get_audit', { target: `user:${p.user.id}` });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => e.action)).toEqual(['admin_adjust_coins', 'admin_reset_sessions']);
    expect(res.body.data[0]).toMatchObject({ admin_id: admin.user.id, admin_name: 'Test Admin' });
    const byAction = await as<AuditEntry[]>(admin, 'admin_get_audit', { action: 'admin_reset_sessions', limit: 100 });
    expect(byAction.body.data.every((e) => e.action === 'admin_reset_sessions')).toBe(true);
    expect((await as(admin, 'admin_get_audit', { target: "user:1' OR 1=1" })).status).toBe(400);
    // Targets that are not numbers: a page, a translation key.
    await as(admin, 'admin_set_page', { type: 'about_us', message: 'About us, again.' });
    const page = await as<AuditEntry[]>(admin, 'admin_get_audit', { target: 'page:about_us' });
    expect(page.body.data[0]).toMatchObject({ action: 'admin_set_page', after: 'About us, again.' });
  });

  it('shows the dashboard counts', async () => {
    const res = await as<Record<string, number>>(admin, 'admin_get_dashboard');
    expect(res.status).toBe(200);
    for (const k of ['users', 'active_7d', 'questions', 'open_reports', 'pending_payouts', 'coins_held', 'live_rooms'])
      expect(typeof res.body.data[k], k).toBe('number');
    const players = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE role = 'player'`);
    expect(res.body.data.users).toBe(players!.n);
  });
});
