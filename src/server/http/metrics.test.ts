import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from '../db/client';
import { listenForSockets, sleep } from '../test-support/battle';
import { call } from '../test-support/client';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { bearerMatches } from './metrics-routes';

const TOKEN = `metrics-${randomUUID()}`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

async function scrape(app = t.app, token = TOKEN): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** Polls the metrics until `check` holds for a scrape (what a socket's close changes lands a moment later). */
async function scrapeUntil(check: (text: string) => boolean): Promise<string> {
  for (let i = 0; ; i++) {
    const text = await scrape();
    if (check(text) || i > 100) return text;
    await sleep(20);
  }
}

describe('GET /metrics', () => {
  it('answers 401 without the token, with a wrong one, or with another scheme', async () => {
    const headers = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: 'Bearer' },
    ];
    for (const h of headers) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: h });
      expect(res.statusCode, JSON.stringify(h)).toBe(401);
      expect(res.json()).toMatchObject({ error: true, code: 'unauthorized' });
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('serves the Prometheus text format with the process metrics to the token holder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(res.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(res.body, 'quiz_database_up')).toBe(1);
  });

  it('counts requests and their latency by method, route and status', async () => {
    const refused = { method: 'GET', route: '/metrics', status: '401' };
    const before = await scrape();
    const route = { method: 'POST', route: '/api/get_languages', status: '200' };
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const count = (text: string) => sample(text, 'http_requests_total', route) ?? 0;
    for (let i = 0; i < 3; i++) expect((await call(t.app, 'get_languages')).status).toBe(200);
    // An action that does not exist and a path that does not: one label each, whatever the name.
    expect((await call(t.app, `no_such_action_${randomUUID()}`)).status).toBe(404);
    await t.app.inject({ method: 'GET', url: `/api/nothing/${randomUUID()}` });

    const after = await scrape();
    expect(count(after) - count(before)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_count', route)).toBe(count(after));
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(count(after));
    expect(sample(after, 'http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(sample(after, 'http_requests_total', { method: 'POST', route: '/api/:action', status: '404' })).toBe(1);
    expect(sample(after, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain('no_such_action');
    expect(sample(after, 'http_requests_total', refused)! - (sample(before, 'http_requests_total', refused) ?? 0)).toBe(
      1,
    );
  });

  it('shows open WebSocket connections on this node', async () => {
    const url = await listenForSockets(t);
    const before = sample(await scrape(), 'quiz_websocket_connections')!;
    const sockets = [new WebSocket(url), new WebSocket(url)];
    await Promise.all(sockets.map((ws) => new Promise((ok, fail) => ws.once('open', ok).once('error', fail))));
    const open = await scrapeUntil((x) => sample(x, 'quiz_websocket_connections') === before + 2);
    expect(sample(open, 'quiz_websocket_connections')).toBe(before + 2);
    sockets.forEach((ws) => ws.close());
    const closed = await scrapeUntil((x) => sample(x, 'quiz_websocket_connections') === before);
    expect(sample(closed, 'quiz_websocket_connections')).toBe(before);
  });

  it('shows live rooms, rounds due, and the push and outbox queues from the database', async () => {
    // Stopped, so that no ticker closes the room's round or pushes the notifications under the test.
    await t.app.services.battles.stop();
    await t.app.services.push.stop();
    const p = await createPlayer(t.app); // its sign-up code went to the outbox
    const before = await scrape();
    const rooms = (text: string) => sample(text, 'quiz_battle_rooms', { kind: 'friend', status: 'playing' }) ?? 0;

    await t.db
      .run(sql`INSERT INTO rooms (id, kind, status, owner_id, language_id, no_of_que, max_players, round, round_deadline)
      VALUES (${randomUUID()}, 'friend', 'playing', ${p.user.id}, 14, 5, 2, 1, now() - interval '1 minute')`);
    for (let i = 0; i < 2; i++) {
      await t.db.run(
        sql`INSERT INTO notifications (user_id, type, title, message) VALUES (${p.user.id}, 'admin', 'Hi', 'Hello')`,
      );
    }
    await t.db.run(sql`INSERT INTO outbox (recipient, channel, body) VALUES ('ops@example.test', 'email', 'hello')`);

    const after = await scrape();
    expect(rooms(after) - rooms(before)).toBe(1);
    expect(sample(after, 'quiz_battle_rounds_due')! - sample(before, 'quiz_battle_rounds_due')!).toBe(1);
    expect(sample(after, 'quiz_push_queue_length')! - sample(before, 'quiz_push_queue_length')!).toBe(2);
    expect(sample(after, 'quiz_outbox_messages')! - sample(before, 'quiz_outbox_messages')!).toBe(1);
    expect(sample(before, 'quiz_outbox_messages')).toBeGreaterThan(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers 404, not the web app, even to a request with a token', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'metrics-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body>shell</body></html>');
    const off = await buildTestApp({ STATIC_DIR: dist });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/some/page' })).body).toContain('shell');
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await off.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: true, code: 'not_found' });
      }
    } finally {
      await off.close();
    }
  });
});

describe('metrics of several apps in one process', () => {
  it('keeps each app’s figures in its own registry', async () => {
    const other = await buildTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const route = { method: 'POST', route: '/api/get_languages', status: '200' };
      const mine = sample(await scrape(), 'http_requests_total', route);
      expect((await call(other.app, 'get_languages')).status).toBe(200);
      expect(sample(await scrape(other.app), 'http_requests_total', route)).toBe(1);
      expect(sample(await scrape(), 'http_requests_total', route)).toBe(mine);

      // A database that cannot answer the figures: the scrape still works, and says so.
      await other.db.run(sql`ALTER TABLE outbox RENAME TO outbox_gone`);
      const broken = await scrape(other.app);
      expect(sample(broken, 'quiz_database_up')).toBe(0);
      expect(sample(broken, 'quiz_outbox_messages')).toBeNaN();
      expect(sample(broken, 'quiz_battle_rooms')).toBeUndefined();
      expect(sample(broken, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(await scrape(), 'quiz_database_up')).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('bearerMatches', () => {
  it('accepts exactly "Bearer <token>"', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
  });
});
