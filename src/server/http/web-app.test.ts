import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'webapp-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'sw.js'), 'self.x=1');
  t = await buildTestApp({ STATIC_DIR: dir });
});
afterAll(() => t.close());

describe('serving the built app', () => {
  it('answers client routes with the shell, never cached', async () => {
    for (const url of ['/', '/quiz-zone/sports/football-and-ball-games', '/auth/login/?next=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for good and revalidates the service worker', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(js.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers missing files and server paths with 404, not the shell', async () => {
    for (const url of ['/assets/missing.js', '/logo.png', '/api/get_settings', '/dev/nothing', '/media/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>shell</title>');
    }
  });
});
