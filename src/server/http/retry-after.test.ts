import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, randomIp, type CallResult } from '../test-support/client';
import { uniqueEmail } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Small budgets, so each source of a 429 is reached in a few calls.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3', AUTH_RATE_LIMIT_PER_IP: '2', SEND_RATE_LIMIT_PER_IP: '1' });
});
afterAll(() => t.close());

/** The Retry-After of a 429 (seconds), checked to be a whole number within `max`. */
function retryAfter(r: Pick<CallResult, 'status' | 'headers' | 'body'>, max: number): number {
  expect(r.status).toBe(429);
  expect(r.body.code).toBe('rate_limited');
  const value = String(r.headers['retry-after']);
  expect(value).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThan(0);
  expect(Number(value)).toBeLessThanOrEqual(max);
  return Number(value);
}

describe('every 429 says when to come back (Retry-After, seconds)', () => {
  it('the general per-IP request budget (a minute)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'get_system_configurations', {}, { ip })).status).toBe(200);
    retryAfter(await call(t.app, 'get_system_configurations', {}, { ip }), 60);
  });

  it('the same budget on the offline packs’ GET', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) await call(t.app, 'get_system_configurations', {}, { ip });
    const res = await t.app.inject({ method: 'GET', url: '/api/packs/fun-and-learn', remoteAddress: ip });
    retryAfter({ status: res.statusCode, headers: res.headers, body: res.json() }, 60);
  });

  it('the per-IP sign-in budget (10 minutes)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 2; i++)
      await call(t.app, 'auth_email_login', { email: uniqueEmail(), password: 'x-guess' }, { ip });
    const s = retryAfter(await call(t.app, 'auth_email_login', { email: uniqueEmail(), password: 'x' }, { ip }), 600);
    expect(s).toBeGreaterThan(60);
  });

  it('the per-IP and per-address budgets of codes sent (an hour)', async () => {
    const ip = randomIp();
    expect((await call(t.app, 'auth_password_reset_request', { email: uniqueEmail() }, { ip })).status).toBe(200);
    const perIp = retryAfter(await call(t.app, 'auth_password_reset_request', { email: uniqueEmail() }, { ip }), 3600);
    expect(perIp).toBeGreaterThan(600);
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'auth_password_reset_request', { email }, { ip: randomIp() })).status).toBe(200);
    }
    const perAddress = await call(t.app, 'auth_password_reset_request', { email }, { ip: randomIp() });
    expect(retryAfter(perAddress, 3600)).toBeGreaterThan(600);
  });

  it('a 429 injected through /dev/faults (development), as the offline sync sees one', async () => {
    const token = 'fault-token-123';
    const set = await t.app.inject({
      method: 'POST',
      url: '/dev/faults',
      payload: { token, action: 'get_user_by_id', status: 429 },
    });
    expect(set.statusCode).toBe(200);
    retryAfter(await call(t.app, 'get_user_by_id', {}, { token, ip: randomIp() }), 60);
  });
});
