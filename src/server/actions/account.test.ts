import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProof, LedgerEntry, UserRecord } from '../../core/contract';
import { sql } from '../db/client';
import { call, outboxCode, randomIp } from '../test-support/client';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#5b3cc4' } })
    .png()
    .toBuffer();

describe('profile step', () => {
  it('creates the account once with a welcome bonus written to the ledger', async () => {
    const p = await createPlayer(t.app, { name: 'Zoe' });
    expect(p.user).toMatchObject({ name: 'Zoe', email: p.email, type: 'email', coins: 10, all_time_score: 0 });
    expect(p.token.length).toBeGreaterThan(40);
    expect(p.user.refer_code).toMatch(/^[A-Z2-9]{8}$/);
    // signing in again answers the same account with a new token and no second bonus
    const again = await call<UserRecord>(
      t.app,
      'user_signup',
      { firebase_id: p.proof.firebase_id },
      { token: p.proof.id_token },
    );
    expect(again.body.data.id).toBe(p.user.id);
    expect(again.body.data.coins).toBe(10);
    expect(again.body.data.api_token).not.toBe(p.token);
    const ledger = await call<LedgerEntry[]>(t.app, 'get_tracker_data', {}, { token: p.token });
    expect(ledger.body.data).toHaveLength(1);
    expect(ledger.body.data[0]).toMatchObject({ points: 10, reason: 'welcome_bonus', balance_after: 10 });
    expect(ledger.body.total).toBe(1);
  });

  it('takes the verified e-mail from the proof, not from the form', async () => {
    const p = await createPlayer(t.app);
    const other = await call<UserRecord>(
      t.app,
      'user_signup',
      { firebase_id: p.proof.firebase_id, email: 'someone.else@example.test' },
      { token: p.proof.id_token },
    );
    expect(other.body.data.email).toBe(p.email);
  });

  it('answers whether an identity has an account', async () => {
    const mobile = `+3361${String(Date.now()).slice(-7)}`;
    await call(t.app, 'auth_otp_request', { mobile }, { ip: randomIp() });
    const v = await call<IdentityProof>(
      t.app,
      'auth_otp_verify',
      { mobile, otp: await outboxCode(t.app, mobile) },
      { ip: randomIp() },
    );
    const proof = v.body.data;
    const before = await call(
      t.app,
      'check_user_exists',
      { firebase_id: proof.firebase_id },
      { token: proof.id_token },
    );
    expect(before.body.data).toEqual({ exists: false });
    const made = await call<UserRecord>(
      t.app,
      'user_signup',
      { firebase_id: proof.firebase_id, type: 'mobile', name: 'Mo', web_language: 'ar' },
      { token: proof.id_token },
    );
    expect(made.body.data).toMatchObject({ type: 'mobile', mobile, name: 'Mo', web_language: 'ar' });
    const after = await call(t.app, 'check_user_exists', { firebase_id: proof.firebase_id }, { token: proof.id_token });
    expect(after.body.data).toEqual({ exists: true });
    // a mobile account may set and change its e-mail
    const upd = await call<UserRecord>(
      t.app,
      'update_profile',
      { email: 'Mo@Example.test' },
      { token: made.body.data.api_token },
    );
    expect(upd.body.data.email).toBe('mo@example.test');
  });

  it("stores the friend's referral code given at sign-up", async () => {
    const friend = await createPlayer(t.app);
    const p = await createPlayer(t.app, { friends_code: friend.user.refer_code.toLowerCase() });
    expect(p.user.friends_code).toBe(friend.user.refer_code);
    const bad = await call(
      t.app,
      'user_signup',
      { firebase_id: p.proof.firebase_id, friends_code: 'no!' },
      { token: p.proof.id_token },
    );
    expect(bad.body).toMatchObject({ code: 'invalid_input', field: 'friends_code' });
  });

  it('refuses the profile step without a proof, with an api_token instead, or with garbage', async () => {
    const p = await createPlayer(t.app);
    expect((await call(t.app, 'user_signup', { firebase_id: 'x' })).status).toBe(401);
    expect((await call(t.app, 'user_signup', { firebase_id: p.user.firebase_id }, { token: p.token })).status).toBe(
      401,
    );
    const forged = await call(t.app, 'check_user_exists', { firebase_id: 'x' }, { token: 'eyJhbGciOiJub25lIn0.e30.' });
    expect(forged.body.code).toBe('invalid_id_token');
  });
});

describe('get_user_by_id and update_profile', () => {
  it('needs a live token', async () => {
    expect((await call(t.app, 'get_user_by_id')).status).toBe(401);
    expect((await call(t.app, 'get_user_by_id', {}, { token: 'not-a-token-but-long-enough-1234' })).status).toBe(401);
  });

  it('changes name, mobile and interface language, but not the e-mail of an e-mail account', async () => {
    const p = await createPlayer(t.app);
    const res = await call<UserRecord>(
      t.app,
      'update_profile',
      { name: 'New Name', mobile: '+441632960961', email: 'hijack@example.test', web_language: 'ar' },
      { token: p.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'New Name',
      mobile: '+441632960961',
      email: p.email,
      web_language: 'ar',
    });
  });

  it('keeps fields that were sent empty, refuses bad ones and ignores unknown ones', async () => {
    const p = await createPlayer(t.app, { name: 'Keep Me' });
    const empty = await call<UserRecord>(t.app, 'update_profile', { name: '', mobile: '' }, { token: p.token });
    expect(empty.body.data.name).toBe('Keep Me');
    const bad = await call(t.app, 'update_profile', { mobile: '12345' }, { token: p.token });
    expect(bad.body).toMatchObject({ code: 'invalid_mobile', field: 'mobile' });
    const hostile = await call<UserRecord>(
      t.app,
      'update_profile',
      { name: '<img src=x onerror=alert(1)>', coins: 99999, role: 'admin' },
      { token: p.token },
    );
    expect(hostile.body.data).toMatchObject({ name: '<img src=x onerror=alert(1)>', coins: 10, role: 'player' });
  });

  it('refuses profile changes in demo mode', async () => {
    const demo = await buildTestApp({ DEMO_MODE: '1' });
    try {
      const p = await createPlayer(demo.app);
      const res = await call(demo.app, 'update_profile', { name: 'X' }, { token: p.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'demo_mode', message: 'Not allowed in demo version' });
      const img = await call(
        demo.app,
        'upload_profile_image',
        {},
        { token: p.token, files: { image: { filename: 'a.png', contentType: 'image/png', data: await png(10, 10) } } },
      );
      expect(img.body.code).toBe('demo_mode');
      expect((await call(demo.app, 'delete_user_account', {}, { token: p.token })).body.code).toBe('demo_mode');
    } finally {
      await demo.close();
    }
  });

  it('shuts out a deactivated account with the spec message', async () => {
    const p = await createPlayer(t.app);
    await t.db.run(sql`UPDATE users SET status = 0 WHERE id = ${p.user.id}`);
    const res = await call(t.app, 'get_user_by_id', {}, { token: p.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your account has been deactivated! Please contact admin.');
    const login = await call(t.app, 'user_signup', { firebase_id: p.proof.firebase_id }, { token: p.proof.id_token });
    expect(login.body.code).toBe('account_deactivated');
  });
});

describe('upload_profile_image', () => {
  it('re-encodes the picture as a 256 px WebP without metadata and serves it', async () => {
    const p = await createPlayer(t.app);
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();
    const res = await call<UserRecord>(
      t.app,
      'upload_profile_image',
      {},
      {
        token: p.token,
        files: { image: { filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg } },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    const img = await t.app.inject({ method: 'GET', url: res.body.data.profile });
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(img.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('sniffs the bytes: a text file named .png is refused', async () => {
    const p = await createPlayer(t.app);
    const res = await call(
      t.app,
      'upload_profile_image',
      {},
      {
        token: p.token,
        files: {
          image: { filename: 'evil.png', contentType: 'image/png', data: Buffer.from('<?php system($_GET[1]); ?>') },
        },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('image_invalid');
  });

  it('refuses files over 5 MB and pictures over 25 megapixels', async () => {
    const p = await createPlayer(t.app);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const tooBig = await call(
      t.app,
      'upload_profile_image',
      {},
      { token: p.token, files: { image: { filename: 'a.png', contentType: 'image/png', data: big } } },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('image_too_large');
    const bomb = await png(6000, 6000); // small file, 36 megapixels decoded
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await call(
      t.app,
      'upload_profile_image',
      {},
      { token: p.token, files: { image: { filename: 'b.png', contentType: 'image/png', data: bomb } } },
    );
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('image_too_large');
  });

  it('asks for the image when none is sent, and needs a token', async () => {
    const p = await createPlayer(t.app);
    expect((await call(t.app, 'upload_profile_image', {}, { token: p.token })).body).toMatchObject({
      code: 'invalid_input',
      field: 'image',
    });
    expect(
      (
        await call(
          t.app,
          'upload_profile_image',
          {},
          { files: { image: { filename: 'a.png', contentType: 'image/png', data: await png(4, 4) } } },
        )
      ).status,
    ).toBe(401);
  });
});

describe('logout and account deletion', () => {
  it('revokes the token on logout', async () => {
    const p = await createPlayer(t.app);
    expect((await call(t.app, 'logout', {}, { token: p.token })).status).toBe(200);
    expect((await call(t.app, 'get_user_by_id', {}, { token: p.token })).status).toBe(401);
  });

  it('deletes the account (its money records stay with a tombstone); the e-mail can sign up again', async () => {
    const p = await createPlayer(t.app);
    expect((await call(t.app, 'delete_user_account', {}, { token: p.token })).status).toBe(200);
    expect((await call(t.app, 'get_user_by_id', {}, { token: p.token })).status).toBe(401);
    const rows = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE user_id = ${p.user.id}`,
    );
    expect(rows!.n).toBe(1);
    const again = await createPlayer(t.app, { email: p.email });
    expect(again.user.id).not.toBe(p.user.id);
  });
});

describe('sign-up races and replays', () => {
  it('answers every one of several simultaneous first sign-ups of one identity with the same account', async () => {
    const { emailIdentity, uniqueEmail } = await import('../test-support/factories');
    const proof = await emailIdentity(t.app, uniqueEmail(), 'a good password', 'Racer', randomIp());
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        call<UserRecord>(
          t.app,
          'user_signup',
          { firebase_id: proof.firebase_id, name: 'Racer' },
          { token: proof.id_token },
        ),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    const coins = await t.db.one<{ coins: number }>(
      sql`SELECT coins FROM users WHERE id = ${replies[0]!.body.data.id}`,
    );
    expect(coins!.coins).toBe(10);
  });

  it("never replays another caller's profile-step reply for a reused Idempotency-Key", async () => {
    const a = await createPlayer(t.app);
    const b = await createPlayer(t.app);
    const key = 'shared-key-0001';
    const ra = await call<UserRecord>(
      t.app,
      'user_signup',
      { firebase_id: a.proof.firebase_id },
      { token: a.proof.id_token, idempotencyKey: key },
    );
    const rb = await call<UserRecord>(
      t.app,
      'user_signup',
      { firebase_id: a.proof.firebase_id },
      { token: b.proof.id_token, idempotencyKey: key },
    );
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(403);
    expect(JSON.stringify(rb.body)).not.toContain(ra.body.data.api_token!);
    const stored = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key}`,
    );
    expect(stored!.n).toBe(0);
  });

  it('keeps the first password of an unverified sign-up: another password is "email already in use"', async () => {
    const { uniqueEmail } = await import('../test-support/factories');
    const email = uniqueEmail();
    await call(
      t.app,
      'auth_email_signup',
      { email, password: 'the owners password', name: 'Owner' },
      { ip: randomIp() },
    );
    const stranger = await call(
      t.app,
      'auth_email_signup',
      { email, password: 'a strangers password', name: 'X' },
      { ip: randomIp() },
    );
    expect(stranger.body.code).toBe('email_already_in_use');
    const retry = await call(
      t.app,
      'auth_email_signup',
      { email, password: 'the owners password', name: 'Owner' },
      { ip: randomIp() },
    );
    expect(retry.status).toBe(200);
  });

  it('refuses text PostgreSQL cannot store (NUL, lone surrogates) with a 400', async () => {
    const p = await createPlayer(t.app);
    const nul = await call(t.app, 'update_profile', { name: 'a\u0000b' }, { token: p.token, as: 'json' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'invalid_input', field: 'name' });
    const sur = await call(t.app, 'update_profile', { name: 'x\ud800y' }, { token: p.token, as: 'json' });
    expect(sur.status).toBe(400);
    const s = await call<{ session_id: string; questions: { id: number }[] }>(
      t.app,
      'get_questions_by_level',
      { category: 'sports', subcategory: 'inventions', level: 1 },
      { token: p.token },
    );
    expect(s.status).toBe(404);
    const s2 = await call<{ session_id: string; questions: { id: number }[] }>(
      t.app,
      'get_questions_by_level',
      { category: 'technology', subcategory: 'inventions', level: 1 },
      { token: p.token },
    );
    const bad = JSON.stringify([{ question_id: s2.body.data.questions[0]!.id, answer: '\u0000' }]);
    const res = await call(
      t.app,
      'submit_quiz_answers',
      { session_id: s2.body.data.session_id, answers: bad },
      { token: p.token },
    );
    expect(res.status).toBe(400);
  });
});
