// Firebase mode outside the emulator: firebase-admin checks signatures, so a forged token is
// refused before any key is fetched from Google (these machines have no internet).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { sql } from '../db/client';
import { call, randomIp } from '../test-support/client';
import { buildTestApp } from '../test-support/test-app';
import { contentSecurityPolicy } from '../http/csp';
import { unverifiedIssuer } from './firebase';

const PROJECT = 'demo-quiz';

/** An unsigned ("alg": "none") ID token of the project for `uid`, as a forger or the emulator makes one. */
function unsignedToken(uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: uid,
    user_id: uid,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    email,
    email_verified: true,
    firebase: { sign_in_provider: 'password', identities: {} },
  };
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/**
 * Signs `uid` up with an unsigned token on an app in Firebase mode, firebase-admin pointed at
 * `emulator` (undefined: at Google, which checks signatures): the reply, and whether an account
 * was made.
 */
async function unsignedSignUp(emulator: string | undefined, uid: string) {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (emulator === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
  const t = await buildTestApp({ FIREBASE_PROJECT_ID: PROJECT });
  try {
    const res = await call(
      t.app,
      'user_signup',
      { firebase_id: uid, type: 'email', name: 'Una' },
      { token: unsignedToken(uid, `${uid}@example.test`), ip: randomIp() },
    );
    const made = Boolean(await t.db.one(sql`SELECT 1 FROM users WHERE firebase_id = ${uid}`));
    return { status: res.status, code: res.body.code, made };
  } finally {
    if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
    await t.close();
  }
}

describe('Firebase mode without the emulator: signatures are checked', () => {
  it('refuses an unsigned token that names the project (tampered: alg none), without reaching Google', async () => {
    expect(await unsignedSignUp(undefined, 'forged-uid')).toEqual({
      status: 401,
      code: 'invalid_id_token',
      made: false,
    });
  });
});

describe('Firebase mode with Firebase unreachable', () => {
  it('answers 503 identity_unavailable (not a 500), writing nothing', async () => {
    // An "emulator" on a port nothing listens on: the revocation check cannot reach Firebase.
    expect(await unsignedSignUp('127.0.0.1:1', 'unreachable-uid')).toEqual({
      status: 503,
      code: 'identity_unavailable',
      made: false,
    });
  });
});

describe('Firebase configuration', () => {
  it('turns Firebase mode on with a project id only, and reads a service account from JSON', () => {
    expect(loadConfig({}).firebase).toBeUndefined();
    // A project id alone: sign-in only, no Firestore writes (no credentials to write with).
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'demo-quiz' }).firebase).toEqual({
      projectId: 'demo-quiz',
      firestore: false,
    });
    expect(
      loadConfig({ FIREBASE_PROJECT_ID: 'demo-quiz', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' }).firebase?.firestore,
    ).toBe(true);
    const key = {
      project_id: 'demo-quiz',
      client_email: 'svc@demo-quiz.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n',
    };
    expect(
      loadConfig({ FIREBASE_PROJECT_ID: 'demo-quiz', FIREBASE_SERVICE_ACCOUNT: JSON.stringify(key) }).firebase,
    ).toEqual({ projectId: 'demo-quiz', serviceAccount: key, firestore: true });
  });

  it('refuses a bad project id, a service account without project, of another project, or unreadable', () => {
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'Bad Project!' })).toThrow(/FIREBASE_PROJECT_ID/);
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: '{}' })).toThrow(/FIREBASE_PROJECT_ID: required/);
    const other = { project_id: 'other', client_email: 'a@b.co', private_key: 'PRIVATE KEY' };
    expect(() =>
      loadConfig({ FIREBASE_PROJECT_ID: 'demo-quiz', FIREBASE_SERVICE_ACCOUNT: JSON.stringify(other) }),
    ).toThrow(/is not FIREBASE_PROJECT_ID/);
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'demo-quiz', FIREBASE_SERVICE_ACCOUNT: '{"project_id":' })).toThrow(
      /not valid JSON/,
    );
    expect(() =>
      loadConfig({ FIREBASE_PROJECT_ID: 'demo-quiz', FIREBASE_SERVICE_ACCOUNT: '/nonexistent/key.json' }),
    ).toThrow(/neither JSON nor a readable file/);
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'demo-quiz', FIREBASE_SERVICE_ACCOUNT: '{"a":1}' })).toThrow(
      /needs project_id, client_email and private_key/,
    );
  });

  it('reads a token’s issuer without trusting it, and nothing from garbage', () => {
    const token = `e30.${Buffer.from(JSON.stringify({ iss: 'https://securetoken.google.com/x' })).toString('base64url')}.`;
    expect(unverifiedIssuer(token)).toBe('https://securetoken.google.com/x');
    for (const bad of [
      '',
      'abc',
      'a.b.c',
      'a.!!!.c',
      `a.${'x'.repeat(9000)}.c`,
      `a.${Buffer.from('[1]').toString('base64url')}.c`,
    ])
      expect(unverifiedIssuer(bad)).toBeUndefined();
  });
});

describe('Firebase mode: the web config and the Content-Security-Policy', () => {
  const web = { apiKey: 'k', authDomain: 'demo-quiz.firebaseapp.com', projectId: 'demo-quiz', appId: '1:1:web:1' };

  it('sends the web config to the app, the emulator only outside production, and opens the CSP to Firebase Auth', () => {
    const dev = loadConfig({
      FIREBASE_PROJECT_ID: 'demo-quiz',
      FIREBASE_WEB_CONFIG: JSON.stringify(web),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(dev.firebase?.web).toEqual({ ...web, auth_emulator: '127.0.0.1:9099' });
    expect(contentSecurityPolicy(dev).connectSrc).toEqual(["'self'", 'http://127.0.0.1:9099']);

    const prod = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'demo-quiz',
      FIREBASE_WEB_CONFIG: JSON.stringify(web),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(prod.firebase?.web).toEqual(web);
    const csp = contentSecurityPolicy(prod);
    expect(csp.connectSrc).toContain('https://identitytoolkit.googleapis.com');
    expect(csp.connectSrc).toContain('https://securetoken.googleapis.com');
    expect(csp.connectSrc).toContain('https://firestore.googleapis.com');
    expect(csp.frameSrc).toContain('https://demo-quiz.firebaseapp.com');
    expect(csp.scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp.connectSrc).not.toContain('https://fcmregistrations.googleapis.com');

    // With FCM named: its key reaches the app, and the CSP opens to FCM's registration.
    const vapidKey = 'B'.repeat(87);
    const fcm = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'demo-quiz',
      FIREBASE_WEB_CONFIG: JSON.stringify({ ...web, messagingSenderId: '1234', vapidKey }),
    });
    expect(fcm.firebase?.web).toEqual({ ...web, messagingSenderId: '1234', vapidKey });
    expect(contentSecurityPolicy(fcm).connectSrc).toEqual(
      expect.arrayContaining([
        'https://firebaseinstallations.googleapis.com',
        'https://fcmregistrations.googleapis.com',
      ]),
    );

    // Default mode: nothing of Firebase.
    const plain = contentSecurityPolicy(loadConfig({}));
    expect(plain.connectSrc).toEqual(["'self'"]);
    expect(plain.frameSrc).toEqual(["'none'"]);
  });

  it('refuses a web config that is not JSON, lacks fields, names another project, or comes without a project', () => {
    const bad = (v: string) => () => loadConfig({ FIREBASE_PROJECT_ID: 'demo-quiz', FIREBASE_WEB_CONFIG: v });
    expect(bad('{')).toThrow(/not valid JSON/);
    expect(bad('{"apiKey":"k"}')).toThrow(/needs apiKey, authDomain, projectId and appId/);
    expect(bad(JSON.stringify({ ...web, projectId: 'other' }))).toThrow(/is not FIREBASE_PROJECT_ID/);
    expect(bad(JSON.stringify({ ...web, apiKey: 'x'.repeat(500) }))).toThrow(/needs apiKey/);
    expect(bad(JSON.stringify({ ...web, vapidKey: 'not a key' }))).toThrow(/needs apiKey/);
    expect(() => loadConfig({ FIREBASE_WEB_CONFIG: JSON.stringify(web) })).toThrow(/FIREBASE_PROJECT_ID: required/);
    expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: 'http://evil/' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('names the Firebase web config in get_web_settings (null in the default mode)', async () => {
    const t = await buildTestApp({ FIREBASE_PROJECT_ID: PROJECT, FIREBASE_WEB_CONFIG: JSON.stringify(web) });
    const d = await buildTestApp();
    try {
      const on = await call<{ auth: { firebase: unknown } }>(t.app, 'get_web_settings');
      expect(on.body.data.auth.firebase).toEqual(web);
      // No service account and no emulator: rooms go out on the WebSocket only.
      expect(t.app.services.battles.sinks).toHaveLength(1);
      const off = await call<{ auth: { firebase: unknown } }>(d.app, 'get_web_settings');
      expect(off.body.data.auth.firebase).toBeNull();
    } finally {
      await t.close();
      await d.close();
    }
  });
});
