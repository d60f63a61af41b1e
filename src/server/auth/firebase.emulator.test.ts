// Firebase mode's sign-in against the Firebase Auth emulator (firebase-tools; started by
// `scripts/firebase-tests.mjs`, which sets FIREBASE_AUTH_EMULATOR_HOST): players get their
// Firebase ID tokens from the emulator's REST API, exactly as the Firebase SDK does, and the
// server verifies them with firebase-admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { call, outboxCode, randomIp } from '../test-support/client';
import { buildTestApp, type TestApp } from '../test-support/test-app';

const HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const PROJECT = 'demo-quiz';
const KEY = 'fake-api-key';
const base = `http://${HOST}/identitytoolkit.googleapis.com/v1`;
const emulatorAdmin = `http://${HOST}/emulator/v1/projects`;

/** A call as the Firebase SDK makes it; `admin`: as the project owner (updating users). */
async function rest<T>(url: string, body: unknown, admin = false): Promise<T> {
  // "Bearer owner" is the emulator's admin credential.
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

interface SignedIn {
  idToken: string;
  localId: string;
}

let n = 0;
const email = () => `fb-${process.pid}-${Date.now()}-${n++}@example.test`;

/** An e-mail account in the emulator; verified unless told otherwise. Answers a fresh ID token. */
async function emailAccount(address = email(), verified = true): Promise<SignedIn & { email: string }> {
  const up = await rest<SignedIn>(`${base}/accounts:signUp?key=${KEY}`, {
    email: address,
    password: 'correct horse battery',
    returnSecureToken: true,
  });
  if (verified) await updateUser(up.localId, { emailVerified: true });
  return { ...(await signIn(address)), email: address };
}

async function signIn(address: string): Promise<SignedIn> {
  return rest<SignedIn>(`${base}/accounts:signInWithPassword?key=${KEY}`, {
    email: address,
    password: 'correct horse battery',
    returnSecureToken: true,
  });
}

async function updateUser(localId: string, fields: Record<string, unknown>) {
  await rest(`${base}/projects/${PROJECT}/accounts:update`, { localId, ...fields }, true);
}

/** The same token with its claims changed and no signature (the emulator's tokens have none). */
function withClaims(token: string, change: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...change };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('Firebase mode: ID tokens from the Firebase Auth emulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!HOST) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is unset: run these through `npm run test:firebase`');
    t = await buildTestApp({ FIREBASE_PROJECT_ID: PROJECT });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signup = (token: string, fields: Record<string, unknown> = {}) =>
    call<{ id: number; api_token: string; email: string; type: string; firebase_id: string }>(
      t.app,
      'user_signup',
      { type: 'email', name: 'Fiona Base', ...fields },
      { token, ip: randomIp() },
    );

  it('maps a verified e-mail account to a profile on its first sign-in, and to the same one later', async () => {
    const a = await emailAccount();
    const exists = await call<{ exists: boolean }>(
      t.app,
      'check_user_exists',
      { firebase_id: a.localId },
      { token: a.idToken, ip: randomIp() },
    );
    expect(exists.status).toBe(200);
    expect(exists.body.data.exists).toBe(false);

    const first = await signup(a.idToken, { firebase_id: a.localId, fcm_id: 'fcm-token-1:APA91bHexample0001' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ firebase_id: a.localId, email: a.email, type: 'email' });
    const me = await call<{ id: number }>(t.app, 'get_user_by_id', {}, { token: first.body.data.api_token });
    expect(me.body.data.id).toBe(first.body.data.id);

    // Later: a new ID token (a new sign-in) finds the same account; the FCM token is updated.
    const later = await signIn(a.email);
    const again = await signup(later.idToken, { firebase_id: a.localId, fcm_id: 'fcm-token-2:APA91bHexample0002' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const rows = await t.db.rows<{ fcm_id: string }>(sql`SELECT fcm_id FROM users WHERE id = ${first.body.data.id}`);
    expect(rows[0]!.fcm_id).toBe('fcm-token-2:APA91bHexample0002');
    expect(
      (await call(t.app, 'check_user_exists', { firebase_id: a.localId }, { token: later.idToken })).body.data,
    ).toEqual({ exists: true });
  });

  it('refuses an e-mail account whose address is not verified, with "verify email first"', async () => {
    const a = await emailAccount(email(), false);
    const res = await signup(a.idToken, { firebase_id: a.localId });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('verify_email_first');
  });

  it('maps a phone sign-in (code sent, code entered) to a mobile account', async () => {
    const phoneNumber = `+4915${String(Date.now()).slice(-8)}`;
    const sent = await rest<{ sessionInfo: string }>(`${base}/accounts:sendVerificationCode?key=${KEY}`, {
      phoneNumber,
      recaptchaToken: 'ignored-by-the-emulator',
    });
    const codes = (await (await fetch(`${emulatorAdmin}/${PROJECT}/verificationCodes`)).json()) as {
      verificationCodes: { phoneNumber: string; code: string; sessionInfo: string }[];
    };
    const code = codes.verificationCodes.find((c) => c.sessionInfo === sent.sessionInfo)!.code;
    const p = await rest<SignedIn>(`${base}/accounts:signInWithPhoneNumber?key=${KEY}`, {
      sessionInfo: sent.sessionInfo,
      code,
    });
    const res = await signup(p.idToken, { firebase_id: p.localId, type: 'mobile' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ firebase_id: p.localId, type: 'mobile', mobile: phoneNumber });
  });

  it('maps a Google sign-in (google.com) to a gmail account with its verified address', async () => {
    // The emulator takes an unsigned Google ID token as Google's answer (it checks no signature).
    const address = email();
    const now = Math.floor(Date.now() / 1000);
    const googleToken = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({
          iss: 'https://accounts.google.com',
          sub: `g-${Date.now()}`,
          aud: 'fake',
          iat: now,
          exp: now + 3600,
          email: address,
          email_verified: true,
          name: 'Gabe Google',
        }),
      ).toString('base64url'),
      '',
    ].join('.');
    const g = await rest<SignedIn>(`${base}/accounts:signInWithIdp?key=${KEY}`, {
      postBody: `id_token=${googleToken}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    });
    expect(claimsOf(g.idToken).firebase.sign_in_provider).toBe('google.com');
    const res = await signup(g.idToken, { firebase_id: g.localId, type: 'gmail' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ firebase_id: g.localId, type: 'gmail', email: address });
  });

  it('refuses an expired token, a token of another project and a malformed one (401), and another uid', async () => {
    const a = await emailAccount();
    const past = Math.floor(Date.now() / 1000) - 7200;
    for (const token of [
      withClaims(a.idToken, { iat: past, exp: past + 3600, auth_time: past }),
      withClaims(a.idToken, { aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' }),
      withClaims(a.idToken, { sub: '' }),
      `${a.idToken.split('.')[0]}.not-json.`,
      'x'.repeat(5000),
    ]) {
      const res = await signup(token, { firebase_id: a.localId });
      expect(res.status, token.slice(0, 40)).toBe(401);
      expect(res.body.code).toBe('invalid_id_token');
    }
    // A valid token cannot claim someone else's firebase_id.
    const b = await emailAccount();
    const res = await signup(a.idToken, { firebase_id: b.localId });
    expect(res.status).toBe(403);
    expect(await t.db.one(sql`SELECT 1 FROM users WHERE firebase_id = ${b.localId}`)).toBeUndefined();
  });

  it('refuses a token whose session was revoked (401) or whose user was disabled (403)', async () => {
    const a = await emailAccount();
    expect((await signup(a.idToken, { firebase_id: a.localId })).status).toBe(200);
    // Revocation: sessions signed in before validSince (seconds) are refused.
    await updateUser(a.localId, { validSince: String(Math.floor(Date.now() / 1000) + 1) });
    const revoked = await signup(a.idToken, { firebase_id: a.localId });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('invalid_id_token');

    const b = await emailAccount();
    await updateUser(b.localId, { disableUser: true });
    const disabled = await signup(b.idToken, { firebase_id: b.localId });
    expect(disabled.status).toBe(403);
    expect(disabled.body.code).toBe('account_deactivated');
  });

  it('refuses a sign-in method the product does not offer (anonymous)', async () => {
    const anon = await rest<SignedIn>(`${base}/accounts:signUp?key=${KEY}`, { returnSecureToken: true });
    expect(claimsOf(anon.idToken).firebase.sign_in_provider).toBe('anonymous');
    const res = await signup(anon.idToken, { firebase_id: anon.localId });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('operation_not_allowed');
  });

  it('still accepts the local provider’s proofs beside Firebase (e-mail code sign-in)', async () => {
    const ip = randomIp();
    const address = email();
    const reg = await call(
      t.app,
      'auth_email_signup',
      { email: address, password: 'a long enough password', name: 'Local Lou' },
      { ip },
    );
    expect(reg.status).toBe(200);
    const proof = await call<{ id_token: string; firebase_id: string }>(
      t.app,
      'auth_email_verify',
      { email: address, code: await outboxCode(t.app, address) },
      { ip },
    );
    const res = await signup(proof.body.data.id_token, { firebase_id: proof.body.data.firebase_id });
    expect(res.status).toBe(200);
  });
});
