import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProof, UserRecord } from '../../core/contract';
import { call, randomIp } from '../test-support/client';
import { emailIdentity, uniqueEmail } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://quiz.example' });
});
afterAll(() => t.close());

const media = `/media/${randomUUID()}.webp`;
const googlePhoto = 'https://lh3.googleusercontent.com/a/ACg8ocK-photo=s96-c';

/** An e-mail identity proved through the local provider. */
const emailProof = () => emailIdentity(t.app, uniqueEmail(), 'a good password', 'Ann', randomIp());
/** A Google identity, as auth_google (or Firebase's Google sign-in) proves one. */
const googleProof = () =>
  t.app.services.identityTokens.issue({ firebase_id: `google:${randomUUID()}`, type: 'gmail', name: 'Gus' });

function signup(proof: IdentityProof, profile: string) {
  return call<UserRecord>(
    t.app,
    'user_signup',
    { firebase_id: proof.firebase_id, type: proof.type, profile },
    { token: proof.id_token, ip: randomIp() },
  );
}

async function exists(proof: IdentityProof): Promise<boolean> {
  const r = await call<{ exists: boolean }>(
    t.app,
    'check_user_exists',
    { firebase_id: proof.firebase_id },
    { token: proof.id_token },
  );
  return r.body.data.exists;
}

describe('sign-up takes a profile picture only from this server or the identity provider', () => {
  it('refuses a picture on any other host at the field, and creates no account', async () => {
    for (const profile of [
      'https://evil.example/pixel.png',
      'https://lh3.googleusercontent.com.evil.example/a.png',
      'http://lh3.googleusercontent.com/a/x',
      'javascript:alert(1)',
      `https://other.example${media}`,
      `https://x.example/${'a'.repeat(600)}`,
    ]) {
      const proof = await emailProof();
      const res = await signup(proof, profile);
      expect([res.status, res.body.code, res.body.field], profile).toEqual([400, 'invalid_input', 'profile']);
      expect(await exists(proof)).toBe(false);
    }
  });

  it('keeps this server’s own media, relative or on its public URL', async () => {
    const a = await signup(await emailProof(), media);
    expect([a.status, a.body.data.profile]).toEqual([200, media]);
    const b = await signup(await emailProof(), `https://quiz.example${media}`);
    expect([b.status, b.body.data.profile]).toEqual([200, `https://quiz.example${media}`]);
  });

  it('keeps Google’s photo for a Google account, and refuses it for an e-mail one', async () => {
    const g = await signup(await googleProof(), googlePhoto);
    expect([g.status, g.body.data.profile]).toEqual([200, googlePhoto]);
    const e = await signup(await emailProof(), googlePhoto);
    expect([e.status, e.body.field]).toEqual([400, 'profile']);
  });

  it('refuses a bad picture from a returning player too, and leaves the stored one alone', async () => {
    const proof = await googleProof();
    expect((await signup(proof, googlePhoto)).status).toBe(200);
    const again = await signup(proof, 'https://evil.example/pixel.png');
    expect([again.status, again.body.field]).toEqual([400, 'profile']);
    const ok = await signup(proof, '');
    expect(ok.body.data.profile).toBe(googlePhoto);
  });
});
