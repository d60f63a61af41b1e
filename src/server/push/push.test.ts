import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { call } from '../test-support/client';
import { createAdmin, createPlayer, type Player } from '../test-support/factories';
import { matureReferralOf } from '../test-support/referrals';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import type { PushPayload } from './push';

let t: TestApp;
let server: Server;
let base: string;
const received: { path: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];

beforeAll(async () => {
  // The push service of these tests is on this machine: allowed by name.
  t = await buildTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1,.push.example' });
  // A push service on this machine: records what it is sent; /gone/... answers 410.
  const tls = (f: string) => readFileSync(new URL(`../test-support/tls/${f}`, import.meta.url));
  t.app.services.push.agent = new Agent({ ca: tls('cert.pem') });
  server = createServer({ key: tls('key.pem'), cert: tls('cert.pem') }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((ok) => server.close(ok));
});

/** A browser's subscription: its ECDH key pair and auth secret, as a push client makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authB64: auth.toString('base64url') };
}

async function subscribe(p: Player, path: string) {
  const k = browserKeys();
  const res = await call(
    t.app,
    'set_push_subscription',
    { endpoint: `${base}${path}`, p256dh: k.p256dh, auth: k.authB64 },
    { token: p.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return k;
}

function decrypt(body: Buffer, k: ReturnType<typeof browserKeys>): PushPayload {
  return JSON.parse(
    (ece.decrypt(body, { version: 'aes128gcm', privateKey: k.ecdh, authSecret: k.auth }) as Buffer).toString(),
  ) as PushPayload;
}

describe('web push', () => {
  it('pushes an operator’s notification for one language only to that language’s players, and counts it', async () => {
    const admin = await createAdmin(t.app, t.db);
    const ar = await createPlayer(t.app);
    const en = await createPlayer(t.app);
    await t.db.run(sql`UPDATE users SET web_language = 'ar' WHERE id = ${ar.user.id}`);
    const kAr = await subscribe(ar, '/push/lang-ar');
    await subscribe(en, '/push/lang-en');
    await subscribe(ar, '/gone/lang-ar-old');
    while ((await t.app.services.push.tick()) > 0);
    received.length = 0;
    const sent = await call<{ id: number }>(
      t.app,
      'admin_send_notification',
      { audience: 'language', language_code: 'ar', title: 'تحديث', message: 'أسئلة جديدة' },
      { token: admin.token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expect
      .poll(async () => {
        await t.app.services.push.tick();
        return received.filter((r) => r.path.includes('lang-ar')).length;
      })
      .toBe(2);
    expect(received.filter((r) => r.path === '/push/lang-en')).toHaveLength(0);
    const mine = received.find((r) => r.path === '/push/lang-ar')!;
    expect(decrypt(mine.body, kAr)).toMatchObject({ title: 'تحديث', body: 'أسئلة جديدة' });
    const list = await call<{ id: number; push_sent: number; push_failed: number }[]>(
      t.app,
      'admin_get_broadcasts',
      {},
      { token: admin.token },
    );
    const row = list.body.data.find((b) => b.id === sent.body.data.id)!;
    // Other tests' Arabic subscribers count too: at least this player's live one, and the gone one failed.
    expect(row.push_sent).toBeGreaterThanOrEqual(1);
    expect(row.push_failed).toBeGreaterThanOrEqual(1);
  });

  it('pushes a new notification once, encrypted for the browser, worded in the player’s language', async () => {
    const key = await call<{ public_key: string }>(
      t.app,
      'get_push_key',
      {},
      { token: (await createPlayer(t.app)).token },
    );
    expect(key.body.data.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const referrer = await createPlayer(t.app);
    await t.db.run(sql`UPDATE users SET web_language = 'ar' WHERE id = ${referrer.user.id}`);
    const k = await subscribe(referrer, '/push/a');
    // Drain whatever other tests' notifications are waiting.
    while ((await t.app.services.push.tick()) > 0);
    received.length = 0;
    await matureReferralOf(t.app, await createPlayer(t.app, { friends_code: referrer.user.refer_code }));
    // This tick (or the background one, if it came first) pushes it.
    await expect
      .poll(async () => {
        await t.app.services.push.tick();
        return received.filter((r) => r.path === '/push/a').length;
      })
      .toBe(1);
    const mine = received.filter((r) => r.path === '/push/a');
    expect(mine[0]!.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${key.body.data.public_key}$`));
    expect(mine[0]!.headers['content-encoding']).toBe('aes128gcm');
    const payload = decrypt(mine[0]!.body, k);
    expect(payload).toMatchObject({ title: 'انضم صديق', link: '/profile/refer' });
    expect(payload.body).toContain('+100');
    // Pushed once: the next tick has nothing.
    expect(await t.app.services.push.tick()).toBe(0);
    expect(received.filter((r) => r.path === '/push/a')).toHaveLength(1);
  });

  it('drops a subscription the push service says is gone', async () => {
    const p = await createPlayer(t.app);
    await subscribe(p, '/gone/b');
    await t.db.run(
      sql`INSERT INTO notifications (user_id, type, title, message) VALUES (${p.user.id}, 'general', 'Hi', 'There')`,
    );
    while ((await t.app.services.push.tick()) > 0);
    expect(received.some((r) => r.path === '/gone/b')).toBe(true);
    const left = await t.db.rows(sql`SELECT 1 FROM push_subscriptions WHERE user_id = ${p.user.id}`);
    expect(left).toHaveLength(0);
  });

  it('refuses bad subscriptions and leaves another player’s alone', async () => {
    const a = await createPlayer(t.app);
    const b = await createPlayer(t.app);
    const k = browserKeys();
    const good = { endpoint: `${base}/push/c`, p256dh: k.p256dh, auth: k.authB64 };
    for (const bad of [
      { ...good, endpoint: 'http://example.com/push' },
      { ...good, endpoint: base.replace('https:', 'http:') + '/push/c' },
      { ...good, endpoint: 'javascript:alert(1)' },
      // Not a configured push service: the server never POSTs to an address a client names.
      { ...good, endpoint: 'https://169.254.169.254/latest/meta-data' },
      { ...good, endpoint: 'https://localhost:5432/push' },
      { ...good, endpoint: 'https://internal.example/push' },
      { ...good, endpoint: 'https://push.example.evil.test/push' },
      { ...good, endpoint: `https://push.example/${'x'.repeat(3000)}` },
      { ...good, p256dh: 'short' },
      { ...good, auth: '<script>' },
      { endpoint: good.endpoint },
    ])
      expect(
        (await call(t.app, 'set_push_subscription', bad, { token: a.token })).status,
        JSON.stringify(bad).slice(0, 80),
      ).toBe(400);
    expect((await call(t.app, 'set_push_subscription', good, { token: a.token })).status).toBe(200);
    expect(
      (await call(t.app, 'delete_push_subscription', { endpoint: good.endpoint }, { token: b.token })).status,
    ).toBe(200);
    const kept = await t.db.one<{ user_id: number }>(
      sql`SELECT user_id FROM push_subscriptions WHERE endpoint = ${good.endpoint}`,
    );
    expect(kept!.user_id).toBe(a.user.id);
    expect((await call(t.app, 'get_push_key', {}, {})).status).toBe(401);
  });
});
