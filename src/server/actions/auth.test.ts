import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { IdentityProof } from '../../core/contract';
import { call, outboxCode, randomIp } from '../test-support/client';
import { createPlayer, emailIdentity, uniqueEmail } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('e-mail sign-up and verification', () => {
  it('signs up, sends a 6-digit code to the outbox and verifies into an identity proof', async () => {
    const email = uniqueEmail();
    const ip = randomIp();
    const res = await call(t.app, 'auth_email_signup', { email, password: 'a good password', name: 'Ann' }, { ip });
    expect(res.status).toBe(200);
    const code = await outboxCode(t.app, email);
    expect(code).toMatch(/^\d{6}$/);
    const v = await call<IdentityProof>(t.app, 'auth_email_verify', { email, code }, { ip });
    expect(v.status).toBe(200);
    expect(v.body.data.firebase_id).toMatch(/^email:/);
    expect(v.body.data.id_token.split('.')).toHaveLength(3);
    // single use
    const again = await call(t.app, 'auth_email_verify', { email, code }, { ip });
    expect(again.body.code).toBe('invalid_code');
  });

  it('refuses missing, malformed and oversized fields with a stable code and the field', async () => {
    const ip = randomIp();
    const missing = await call(t.app, 'auth_email_signup', { email: uniqueEmail(), name: 'A' }, { ip });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: true, code: 'invalid_input', field: 'password' });
    const bad = await call(
      t.app,
      'auth_email_signup',
      { email: 'not-an-email', password: 'a good password', name: 'A' },
      { ip },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_email', field: 'email' });
    const long = await call(
      t.app,
      'auth_email_signup',
      { email: uniqueEmail(), password: 'a good password', name: 'x'.repeat(500) },
      { ip },
    );
    expect(long.body).toMatchObject({ code: 'invalid_input', field: 'name' });
    const weak = await call(
      t.app,
      'auth_email_signup',
      { email: uniqueEmail(), password: 'password123', name: 'A' },
      { ip },
    );
    expect(weak.body).toMatchObject({ code: 'weak_password', field: 'password' });
  });

  it('answers "email already in use" for a verified address', async () => {
    const p = await createPlayer(t.app);
    const res = await call(
      t.app,
      'auth_email_signup',
      { email: p.email, password: 'another password', name: 'B' },
      { ip: randomIp() },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('email_already_in_use');
  });

  it('kills a code after 5 wrong tries', async () => {
    const email = uniqueEmail();
    const ip = randomIp();
    await call(t.app, 'auth_email_signup', { email, password: 'a good password', name: 'Ann' }, { ip });
    const code = await outboxCode(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, 'auth_email_verify', { email, code: wrong }, { ip: randomIp() });
      expect(r.body.code).toBe('invalid_code');
    }
    const right = await call(t.app, 'auth_email_verify', { email, code }, { ip: randomIp() });
    expect(right.body.code).toBe('invalid_code');
  });
});

describe('e-mail login', () => {
  it('logs in with the right password and answers a wrong password and an unknown address alike', async () => {
    const p = await createPlayer(t.app);
    const ok = await call<IdentityProof>(
      t.app,
      'auth_email_login',
      { email: p.email.toUpperCase(), password: p.password },
      { ip: randomIp() },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.firebase_id).toBe(p.user.firebase_id);
    const wrong = await call(
      t.app,
      'auth_email_login',
      { email: p.email, password: 'wrong password' },
      { ip: randomIp() },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_credentials');
    const nobody = await call(
      t.app,
      'auth_email_login',
      { email: uniqueEmail(), password: 'whatever1' },
      { ip: randomIp() },
    );
    expect(nobody.status).toBe(400);
    expect(nobody.body.code).toBe('invalid_credentials');
  });

  it('asks to verify the e-mail first', async () => {
    const email = uniqueEmail();
    await call(t.app, 'auth_email_signup', { email, password: 'a good password', name: 'Ann' }, { ip: randomIp() });
    const res = await call(t.app, 'auth_email_login', { email, password: 'a good password' }, { ip: randomIp() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('verify_email_first');
  });
  // Guessing limits: sign-in-lockout.test.ts (per account and source) and rate-limits.test.ts.
});

describe('password reset', () => {
  it('resets the password with the e-mailed code and revokes every session', async () => {
    const p = await createPlayer(t.app);
    const ip = randomIp();
    expect((await call(t.app, 'auth_password_reset_request', { email: p.email }, { ip })).status).toBe(200);
    const code = await outboxCode(t.app, p.email);
    const reset = await call(
      t.app,
      'auth_password_reset',
      { email: p.email, code, password: 'brand new secret' },
      { ip },
    );
    expect(reset.status).toBe(200);
    expect((await call(t.app, 'get_user_by_id', {}, { token: p.token })).status).toBe(401);
    const login = await call(
      t.app,
      'auth_email_login',
      { email: p.email, password: 'brand new secret' },
      { ip: randomIp() },
    );
    expect(login.status).toBe(200);
  });

  it('a session revoked by a password reset says so (session_password_changed); others stay plain 401', async () => {
    const p = await createPlayer(t.app);
    const other = await createPlayer(t.app);
    // A second session of the same player, signed out by hand before the reset: plain 401.
    const login = await call<{ id_token: string }>(
      t.app,
      'auth_email_login',
      { email: p.email, password: p.password },
      { ip: randomIp() },
    );
    const second = await call<{ api_token: string }>(
      t.app,
      'user_signup',
      { firebase_id: p.proof.firebase_id, type: 'email', name: 'Test Player', email: p.email },
      { token: login.body.data.id_token, ip: randomIp() },
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const loggedOut = second.body.data.api_token;
    expect((await call(t.app, 'logout', {}, { token: loggedOut })).status).toBe(200);

    const ip = randomIp();
    await call(t.app, 'auth_password_reset_request', { email: p.email }, { ip });
    const code = await outboxCode(t.app, p.email);
    expect(
      (await call(t.app, 'auth_password_reset', { email: p.email, code, password: 'brand new secret' }, { ip })).status,
    ).toBe(200);

    const revoked = await call(t.app, 'get_user_by_id', {}, { token: p.token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('session_password_changed');
    // Logged out earlier, unknown, hostile or oversized tokens: the plain 401.
    for (const token of [loggedOut, 'x'.repeat(40), `${p.token}' OR 1=1 --`, 'y'.repeat(5000)]) {
      const res = await call(t.app, 'get_user_by_id', {}, { token });
      expect(res.status, token.slice(0, 50)).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
    // Another player's session is untouched; a public action with the dead token is anonymous.
    expect((await call(t.app, 'get_user_by_id', {}, { token: other.token })).status).toBe(200);
    expect((await call(t.app, 'get_system_configurations', {}, { token: p.token })).status).toBe(200);
    // The new password's session is live.
    const again = await call(
      t.app,
      'auth_email_login',
      { email: p.email, password: 'brand new secret' },
      { ip: randomIp() },
    );
    expect(again.status).toBe(200);
  });

  it('answers the same for unknown addresses and refuses a wrong code', async () => {
    const ip = randomIp();
    const unknown = await call(t.app, 'auth_password_reset_request', { email: uniqueEmail() }, { ip });
    expect(unknown.status).toBe(200);
    const p = await createPlayer(t.app);
    const bad = await call(
      t.app,
      'auth_password_reset',
      { email: p.email, code: '123456', password: 'brand new secret' },
      { ip },
    );
    expect(bad.body.code).toBe('invalid_code');
  });
});

describe('phone OTP', () => {
  it('sends a 6-digit OTP and verifies it into a mobile identity', async () => {
    const mobile = `+4915${String(Date.now()).slice(-8)}`;
    const ip = randomIp();
    expect((await call(t.app, 'auth_otp_request', { mobile }, { ip })).status).toBe(200);
    const otp = await outboxCode(t.app, mobile);
    expect(otp).toMatch(/^\d{6}$/);
    const v = await call<IdentityProof>(t.app, 'auth_otp_verify', { mobile, otp }, { ip });
    expect(v.status).toBe(200);
    expect(v.body.data).toMatchObject({ firebase_id: `phone:${mobile}`, type: 'mobile', mobile });
  });

  it('refuses a number without a country code', async () => {
    const res = await call(t.app, 'auth_otp_request', { mobile: '0151234567' }, { ip: randomIp() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_mobile', field: 'mobile' });
  });

  it('limits how many codes one number can be sent', async () => {
    const mobile = `+4917${String(Date.now()).slice(-8)}`;
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await call(t.app, 'auth_otp_request', { mobile }, { ip: randomIp() })).status);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
  });
});

describe('Google sign-in', () => {
  let jwks: Server;
  let g: TestApp;
  let sign: (claims: Record<string, unknown>, aud?: string, exp?: string) => Promise<string>;
  const CLIENT_ID = 'test-client.apps.googleusercontent.com';

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    const port = (jwks.address() as { port: number }).port;
    g = await buildTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
    sign = (claims, aud = CLIENT_ID, exp = '10m') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer('https://accounts.google.com')
        .setAudience(aud)
        .setSubject(String(claims.sub ?? '1234567890'))
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(privateKey);
  });
  afterAll(async () => {
    await g.close();
    jwks.close();
  });

  it("accepts a Google ID token signed by Google's key for our client id", async () => {
    const token = await sign({ sub: '1111', email: 'G@Gmail.com', email_verified: true, name: 'Gee' });
    const res = await call<IdentityProof>(g.app, 'auth_google', { id_token: token }, { ip: randomIp() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ firebase_id: 'google:1111', type: 'gmail', email: 'g@gmail.com' });
  });

  it('refuses a token for another audience, an expired one and a forged one', async () => {
    const other = await sign({ sub: '1' }, 'someone-else');
    expect((await call(g.app, 'auth_google', { id_token: other }, { ip: randomIp() })).body.code).toBe(
      'invalid_id_token',
    );
    const expired = await sign({ sub: '1' }, CLIENT_ID, '-1m');
    expect((await call(g.app, 'auth_google', { id_token: expired }, { ip: randomIp() })).status).toBe(401);
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: '1' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setExpirationTime('5m')
      .sign(stranger);
    expect((await call(g.app, 'auth_google', { id_token: forged }, { ip: randomIp() })).body.code).toBe(
      'invalid_id_token',
    );
  });

  it('is off when no client id is configured', async () => {
    const res = await call(t.app, 'auth_google', { id_token: 'x'.repeat(40) }, { ip: randomIp() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('operation_not_allowed');
  });
});

describe('dev outbox', () => {
  it('is not served in production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/outbox?to=a@b.co' });
      expect(res.statusCode).toBe(404);
      const contest = await prod.app.inject({ method: 'POST', url: '/dev/contests', payload: { name: 'x' } });
      expect(contest.statusCode).toBe(404);
      const end = await prod.app.inject({ method: 'POST', url: '/dev/contests/1/end' });
      expect(end.statusCode).toBe(404);
      const start = await prod.app.inject({ method: 'POST', url: '/dev/contests/1/start' });
      expect(start.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('keeps identity proofs bound to their identity', async () => {
    const a = await emailIdentity(t.app, uniqueEmail(), 'a good password', 'A', randomIp());
    const b = await emailIdentity(t.app, uniqueEmail(), 'a good password', 'B', randomIp());
    const res = await call(t.app, 'check_user_exists', { firebase_id: b.firebase_id }, { token: a.id_token });
    expect(res.status).toBe(403);
  });
});
