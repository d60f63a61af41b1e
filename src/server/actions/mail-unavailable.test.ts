import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, UserRecord } from '../../core/contract';
import { sql } from '../db/client';
import { call, randomIp } from '../test-support/client';
import { createAdmin, uniqueEmail } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

/** Log lines the app wrote, as JSON. */
const lines: { level: number; msg: string; channel?: string }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as (typeof lines)[number]);
    done();
  },
});

let prod: TestApp;
beforeAll(async () => {
  // Production with neither SMTP_URL nor SMS_WEBHOOK_URL.
  prod = await buildTestApp({ NODE_ENV: 'production' }, { logger: { level: 'warn', stream: logStream } });
});
afterAll(() => prod.close());

/** An admin of an app without the dev outbox: a Google identity (no code needed), promoted. */
async function adminOf(t: TestApp): Promise<string> {
  const proof = await t.app.services.identityTokens.issue({ firebase_id: `google:${randomUUID()}`, type: 'gmail' });
  const res = await call<UserRecord>(
    t.app,
    'user_signup',
    { firebase_id: proof.firebase_id },
    { token: proof.id_token, ip: randomIp() },
  );
  await t.db.run(sql`UPDATE users SET role = 'admin' WHERE id = ${res.body.data.id}`);
  return res.body.data.api_token!;
}

describe('production without a mail or SMS transport', () => {
  it('says so loudly in the log at start, for each channel', () => {
    const warned = lines.filter((l) => l.level >= 40 && /TRANSPORT/.test(l.msg));
    expect(warned.map((l) => l.channel).sort()).toEqual(['email', 'sms']);
    expect(warned.find((l) => l.channel === 'email')?.msg).toMatch(/SMTP_URL/);
  });

  it('refuses to send codes that would go nowhere (503 mail_unavailable) and writes no account', async () => {
    const email = uniqueEmail();
    const calls: [string, Record<string, string>][] = [
      ['auth_email_signup', { email, password: 'a good password', name: 'Ann' }],
      ['auth_email_resend', { email }],
      ['auth_password_reset_request', { email }],
      ['auth_otp_request', { mobile: '+4915112345678' }],
    ];
    for (const [action, fields] of calls) {
      const res = await call(prod.app, action, fields, { ip: randomIp() });
      expect([res.status, res.body.code], action).toEqual([503, 'mail_unavailable']);
      expect(res.body.message).toMatch(/cannot send codes/);
    }
    expect(await prod.db.one(sql`SELECT 1 FROM local_accounts WHERE email = ${email}`)).toBeUndefined();
    expect(await prod.db.one(sql`SELECT 1 FROM verification_codes WHERE target = ${email}`)).toBeUndefined();
  });

  it('shows the operator which channels cannot deliver on the dashboard', async () => {
    const res = await call<AdminDashboard>(prod.app, 'admin_get_dashboard', {}, { token: await adminOf(prod) });
    expect(res.status).toBe(200);
    expect(res.body.data.undeliverable).toEqual(['email', 'sms']);
  });

  it('with SMTP_URL set, only SMS is missing', async () => {
    const smtp = await buildTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const res = await call<AdminDashboard>(smtp.app, 'admin_get_dashboard', {}, { token: await adminOf(smtp) });
      expect(res.body.data.undeliverable).toEqual(['sms']);
      const otp = await call(smtp.app, 'auth_otp_request', { mobile: '+4915112345678' }, { ip: randomIp() });
      expect([otp.status, otp.body.code]).toEqual([503, 'mail_unavailable']);
    } finally {
      await smtp.close();
    }
  });
});

describe('development keeps the dev outbox', () => {
  it('sends codes to the outbox and shows nothing missing', async () => {
    const dev = await buildTestApp();
    try {
      const res = await call(
        dev.app,
        'auth_email_signup',
        { email: uniqueEmail(), password: 'a good password', name: 'A' },
        { ip: randomIp() },
      );
      expect(res.body).toEqual({ error: false, data: { sent: true } });
      const admin = await createAdmin(dev.app, dev.db);
      const board = await call<AdminDashboard>(dev.app, 'admin_get_dashboard', {}, { token: admin.token });
      expect(board.body.data.undeliverable).toEqual([]);
    } finally {
      await dev.close();
    }
  });
});
