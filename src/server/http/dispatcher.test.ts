import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS } from '../../core/contract';
import { HANDLERS } from '../actions';
import { call, randomIp } from '../test-support/client';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /api/:action', () => {
  it('has a handler for every action of the contract', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  it('answers an unknown action with 404 and a stable code', async () => {
    const res = await call(t.app, 'drop_all_tables');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: true, code: 'unknown_action' });
    expect((await call(t.app, '__proto__')).status).toBe(404);
    expect((await call(t.app, 'constructor')).status).toBe(404);
  });

  it('accepts multipart, urlencoded and JSON bodies alike', async () => {
    for (const as of ['multipart', 'urlencoded', 'json'] as const) {
      const res = await call(t.app, 'get_settings', { type: 'about_us' }, { as });
      expect(res.status, as).toBe(200);
      expect(res.body).toMatchObject({ error: false, data: { type: 'about_us' } });
    }
  });

  it('answers 400, never 500, to unreadable bodies', async () => {
    const cases = [
      { 'content-type': 'application/json', payload: '{"type":' },
      { 'content-type': 'application/json', payload: '[1,2,3]' },
      { 'content-type': 'application/json', payload: '"just a string"' },
      { 'content-type': 'multipart/form-data; boundary=nope', payload: 'garbage' },
      { 'content-type': 'application/xml', payload: '<a/>' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/get_settings',
        headers: { 'content-type': c['content-type'] },
        payload: c.payload,
      });
      expect(res.statusCode, c.payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.payload).toBeLessThan(500);
      expect(res.json().error).toBe(true);
    }
  });

  it('answers 413 to a body over 1 MB and 400 to an oversized field', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/get_settings',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    const field = await call(t.app, 'get_settings', { type: 'y'.repeat(200_000) });
    expect(field.status).toBe(400);
  });

  it('ignores fields it does not know and refuses prototype-poisoning bodies', async () => {
    const p = await createPlayer(t.app);
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/update_profile',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
        payload,
      });
    const extra = await send('{"name":"Safe","coins":5000,"role":"admin","id":1}');
    expect(extra.statusCode).toBe(200);
    expect(extra.json().data).toMatchObject({ name: 'Safe', role: 'player', coins: 10, id: p.user.id });
    const poison = await send('{"name":"Evil","__proto__":{"role":"admin"}}');
    expect(poison.statusCode).toBe(400);
    expect(poison.json()).toMatchObject({ error: true, code: 'invalid_input' });
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    const me = await call<{ name: string }>(t.app, 'get_user_by_id', {}, { token: p.token });
    expect(me.body.data.name).toBe('Safe');
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const p = await createPlayer(t.app);
    const res = await call(t.app, 'update_profile', { name: 'X' }, { token: p.token, idempotencyKey: 'bad key!' });
    expect(res.body).toMatchObject({ code: 'invalid_input', field: 'Idempotency-Key' });
  });

  it('limits requests per IP', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const ip = randomIp();
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await call(limited.app, 'get_web_settings', {}, { ip })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect((await call(limited.app, 'get_web_settings', {}, { ip: randomIp() })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 to signed-in actions in maintenance, and keeps public settings readable', async () => {
    const p = await createPlayer(t.app);
    await t.app.services.settings.put('system', { maintenance_mode: '1' });
    try {
      const res = await call(t.app, 'get_user_by_id', {}, { token: p.token });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('maintenance');
      const ws = await call<{ maintenance_mode: boolean }>(t.app, 'get_web_settings');
      expect(ws.body.data.maintenance_mode).toBe(true);
    } finally {
      await t.app.services.settings.put('system', {});
    }
  });
});

describe('HTTP surface', () => {
  it('answers /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends a strict Content-Security-Policy and other security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown media and API paths with a JSON 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/nope.webp' })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/api/get_settings' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(true);
    // Error replies carry the security headers too.
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
