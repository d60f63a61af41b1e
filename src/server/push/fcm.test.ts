// Firebase mode's FCM sending, through firebase-admin's own messaging code, against a stand-in
// for Google's FCM endpoint on this machine (there is no FCM emulator): the HTTPS agent the app
// is given takes every connection there, and trusts only the test's certificate. Players with an
// FCM token get FCM; the others Web Push, from the same stand-in.
import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { call } from '../test-support/client';
import { createAdmin, createPlayer, type Player } from '../test-support/factories';
import { matureReferralOf } from '../test-support/referrals';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { FcmSender } from './fcm';

const PROJECT = 'demo-quiz';
const tls = (f: string) => readFileSync(new URL(`../test-support/tls/${f}`, import.meta.url));

/** What the stand-in was sent: FCM messages (by token) and Web Push posts (by path). */
const fcm: { token: string; data: Record<string, string>; auth: string | undefined }[] = [];
const webPush: string[] = [];
let server: Server;
let port: number;
let t: TestApp;

/** Takes every HTTPS connection (fcm.googleapis.com's included) to the stand-in. */
function toStandIn(): Agent {
  const agent = new Agent({ ca: tls('google-cert.pem'), keepAlive: false });
  (agent as unknown as { createConnection: unknown }).createConnection = (o: { host?: string; servername?: string }) =>
    connect({ ...o, host: '127.0.0.1', port, servername: o.servername ?? o.host, ca: tls('google-cert.pem') });
  return agent;
}

/** FCM's answer for a token: dead-… is unregistered, fail-… a server error, others sent. */
function fcmAnswer(token: string): [number, object] {
  if (token.startsWith('dead'))
    return [
      404,
      {
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          status: 'NOT_FOUND',
          details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
        },
      },
    ];
  if (token.startsWith('fail')) return [500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }];
  return [200, { name: `projects/${PROJECT}/messages/${fcm.length}` }];
}

beforeAll(async () => {
  server = createServer({ key: tls('google-key.pem'), cert: tls('google-cert.pem') }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === `/v1/projects/${PROJECT}/messages:send` && req.method === 'POST') {
        const { message } = JSON.parse(Buffer.concat(chunks).toString()) as {
          message: { token: string; data: Record<string, string> };
        };
        fcm.push({ token: message.token, data: message.data, auth: req.headers.authorization });
        const [status, body] = fcmAnswer(message.token);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      } else {
        webPush.push(req.url ?? '');
        res.writeHead(201).end();
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
  t = await buildTestApp({ FIREBASE_PROJECT_ID: PROJECT, PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
  const push = t.app.services.push;
  expect(push.fcm, 'no FCM without a service account').toBeUndefined();
  push.agent = new Agent({ ca: tls('google-cert.pem') });
  // Google's sign-in of the service account is not ours to test: a credential that has a token.
  push.fcm = new FcmSender({
    projectId: PROJECT,
    log: t.app.log,
    httpAgent: toStandIn(),
    credential: { getAccessToken: () => Promise.resolve({ access_token: 'test-access-token', expires_in: 3600 }) },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((ok) => server?.close(ok));
});

const token = (kind = 'ok') =>
  `${kind}-${randomBytes(12).toString('hex')}:APA91b${randomBytes(20).toString('base64url')}`;

async function setFcm(p: Player, fcm_id: string) {
  return call<{ fcm_id: string }>(t.app, 'set_fcm_id', { fcm_id }, { token: p.token });
}

async function subscribeWebPush(p: Player, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const res = await call(
    t.app,
    'set_push_subscription',
    {
      endpoint: `https://127.0.0.1:${port}${path}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    { token: p.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const fcmIdOf = async (p: Player) =>
  (await t.db.one<{ fcm_id: string }>(sql`SELECT fcm_id FROM users WHERE id = ${p.user.id}`))!.fcm_id;

async function notify(p: Player, title: string) {
  const row = await t.db.one<{ id: number }>(sql`INSERT INTO notifications (user_id, type, title, message)
    VALUES (${p.user.id}, 'general', ${title}, 'There') RETURNING id`);
  while ((await t.app.services.push.tick()) > 0);
  return t.db.one<{ push_sent: number; push_failed: number }>(
    sql`SELECT push_sent, push_failed FROM notifications WHERE id = ${row!.id}`,
  );
}

describe('FCM (Firebase mode)', () => {
  it("sends a player's notification through FCM to the app's token, worded in the player's language", async () => {
    const referrer = await createPlayer(t.app);
    await t.db.run(sql`UPDATE users SET web_language = 'ar' WHERE id = ${referrer.user.id}`);
    const mine = token();
    expect((await setFcm(referrer, mine)).status).toBe(200);
    // A Web Push subscription of the same player is not used: FCM is this player's path.
    await subscribeWebPush(referrer, '/push/referrer');
    while ((await t.app.services.push.tick()) > 0);
    fcm.length = 0;
    webPush.length = 0;
    await matureReferralOf(t.app, await createPlayer(t.app, { friends_code: referrer.user.refer_code }));
    while ((await t.app.services.push.tick()) > 0);
    expect(fcm.map((m) => m.token)).toEqual([mine]);
    expect(fcm[0]!.auth).toBe('Bearer test-access-token');
    expect(fcm[0]!.data).toMatchObject({ title: 'انضم صديق', link: '/profile/refer' });
    expect(fcm[0]!.data.body).toContain('+100');
    expect(fcm[0]!.data.tag).toMatch(/^n\d+$/);
    expect(webPush).toEqual([]);
    // Sent once: the next tick has nothing.
    expect(await t.app.services.push.tick()).toBe(0);
    expect(fcm).toHaveLength(1);
  });

  it('clears a token FCM says is unregistered; keeps one that failed for another reason, counted', async () => {
    const gone = await createPlayer(t.app);
    const failing = await createPlayer(t.app);
    await setFcm(gone, token('dead'));
    const f = token('fail');
    await setFcm(failing, f);
    expect(await notify(gone, 'Hi')).toEqual({ push_sent: 0, push_failed: 1 });
    expect(await fcmIdOf(gone)).toBe('');
    expect(await notify(failing, 'Hi')).toEqual({ push_sent: 0, push_failed: 1 });
    expect(await fcmIdOf(failing)).toBe(f);
    // With its token gone, the player is back on Web Push.
    await subscribeWebPush(gone, '/push/gone-player');
    webPush.length = 0;
    expect(await notify(gone, 'Again')).toEqual({ push_sent: 1, push_failed: 0 });
    expect(webPush).toEqual(['/push/gone-player']);
  });

  it('sends a broadcast through FCM to players with a token and through Web Push to the others, once each', async () => {
    const admin = await createAdmin(t.app, t.db);
    const [a, b, c] = [await createPlayer(t.app), await createPlayer(t.app), await createPlayer(t.app)];
    const [ta, tb] = [token(), token()];
    await setFcm(a, ta);
    await setFcm(b, tb);
    await subscribeWebPush(c, '/push/broadcast-c');
    while ((await t.app.services.push.tick()) > 0);
    fcm.length = 0;
    webPush.length = 0;
    const sent = await call(
      t.app,
      'admin_send_notification',
      { audience: 'all', title: 'New questions', message: 'Come and play' },
      { token: admin.token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    while ((await t.app.services.push.tick()) > 0);
    const mine = fcm.filter((m) => m.token === ta || m.token === tb);
    expect(mine.map((m) => m.token).sort()).toEqual([ta, tb].sort());
    expect(mine[0]!.data).toMatchObject({ title: 'New questions', body: 'Come and play' });
    expect(webPush.filter((p) => p === '/push/broadcast-c')).toHaveLength(1);
    // Nobody with a token was also sent Web Push, nor anybody twice over FCM.
    expect(new Set(fcm.map((m) => m.token)).size).toBe(fcm.length);
  });

  it('set_fcm_id: keeps one device token per account, moves it from another account, clears with an empty one', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    const shared = token();
    expect((await setFcm(a, shared)).body.data).toEqual({ fcm_id: shared });
    // The same device, another account signed in on it: the token is this one's now.
    expect((await setFcm(b, shared)).status).toBe(200);
    expect(await fcmIdOf(a)).toBe('');
    expect(await fcmIdOf(b)).toBe(shared);
    // Logout: this device has no token for b any more.
    expect((await setFcm(b, '')).status).toBe(200);
    expect(await fcmIdOf(b)).toBe('');
  });

  it('set_fcm_id refuses what is not an FCM token, and strangers; changes nothing then', async () => {
    const p = await createPlayer(t.app);
    const kept = token();
    await setFcm(p, kept);
    for (const bad of [
      'x',
      'a'.repeat(501),
      'tok en with spaces and more',
      "'; DROP TABLE users; --xxxxxxxxx",
      '<script>alert(1)</script>xxxxxx',
      42,
      null,
      ['a'],
    ]) {
      const r = await call(t.app, 'set_fcm_id', { fcm_id: bad }, { token: p.token });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body).toMatchObject({ error: true, code: 'invalid_input' });
    }
    expect((await call(t.app, 'set_fcm_id', {}, { token: p.token })).status).toBe(400);
    expect((await call(t.app, 'set_fcm_id', { fcm_id: token() })).status).toBe(401);
    expect(await fcmIdOf(p)).toBe(kept);
  });

  it('is on only with a service account (FCM needs credentials; a project id alone sends nothing)', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = {
      project_id: PROJECT,
      client_email: `quiz@${PROJECT}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const other = await buildTestApp({ FIREBASE_PROJECT_ID: PROJECT, FIREBASE_SERVICE_ACCOUNT: JSON.stringify(key) });
    try {
      expect(other.app.services.push.fcm).toBeInstanceOf(FcmSender);
    } finally {
      await other.close();
    }
  });
});
