import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../core/contract';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { sql } from '../db/client';
import { createAdmin, type Player } from '../test-support/factories';
import { httpCall, startServer, stopServer, type ServerProcess } from '../test-support/server-process';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Two server nodes on one database, each answering the hot reads from its own memory: an
// operator's change through one is served by the other within 1 s. On PostgreSQL node B is a
// server process of its own (`src/server/server.ts`, as deployed); on PGlite, which one process
// owns, a second app in this process on the same database handle.
let t: TestApp;
let nodeA: string;
let nodeB: { base: string; app?: App; proc?: ServerProcess };
let admin: Player;

beforeAll(async () => {
  t = await buildTestApp();
  nodeA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (t.databaseUrl) {
    const proc = await startServer({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: t.databaseUrl,
      REDIS_URL: '',
      SEED_DEMO: '0',
      STATIC_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    if (proc.child.exitCode !== null) throw new Error(`node B did not start: ${proc.stderr()}`);
    nodeB = { base: proc.base, proc };
  } else {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent' }),
      db: t.db,
    });
    nodeB = { base: await app.listen({ port: 0, host: '127.0.0.1' }), app };
  }
  admin = await createAdmin(t.app, t.db);
}, 120_000);
afterAll(async () => {
  if (nodeB.proc) await stopServer(nodeB.proc);
  await nodeB.app?.close();
  await t.close();
});

const scienceName = async (base: string) => {
  const r = await httpCall<Category[]>(base, 'get_categories', { type: 1 });
  return r.body.data.find((c) => c.slug === 'science')!.category_name;
};
const appName = async (base: string) =>
  (await httpCall<{ app_name: string }>(base, 'get_web_settings', {})).body.data.app_name;
const homeTitle = async (base: string) =>
  (await httpCall<{ title: string }>(base, 'get_web_home_settings', {})).body.data.title;

/** An operator's change through `base`, over HTTP as the console makes it. */
async function operator(base: string, action: string, fields: object) {
  const r = await httpCall(base, action, fields, admin.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** Both nodes answer `read` from memory now: a change written behind their backs is not seen. */
async function kept(read: (base: string) => Promise<string>, behind: string) {
  const before = [await read(nodeA), await read(nodeB.base)];
  await t.db.session((q) => q(`BEGIN; SET LOCAL session_replication_role = replica; ${behind}; COMMIT;`));
  expect([await read(nodeA), await read(nodeB.base)]).toEqual(before);
}

describe('hot reads on two nodes', () => {
  it('serves a category renamed through node B from node A within 1 s', async () => {
    if (t.databaseUrl) expect(nodeB.proc?.child.pid).toEqual(expect.any(Number));
    const id = (await t.db.one<{ id: number }>(sql`SELECT id FROM categories
      WHERE slug = 'science' AND type = 1 ORDER BY language_id LIMIT 1`))!.id;
    await kept(scienceName, `UPDATE categories SET name = 'Unannounced' WHERE id = ${id}`);
    await operator(nodeB.base, 'admin_save_category', { id, name: 'Science on B' });
    await expect.poll(() => scienceName(nodeA), { timeout: 1_000, interval: 20 }).toBe('Science on B');
    expect(await scienceName(nodeB.base)).toBe('Science on B');
  });

  it('serves a system configuration changed through node A from node B within 1 s', async () => {
    await kept(appName, `UPDATE settings SET value = value || '{"app_name": "Unannounced"}' WHERE key = 'system'`);
    const system = (await httpCall<{ system: object }>(nodeA, 'admin_get_settings', {}, admin.token)).body.data.system;
    await operator(nodeA, 'admin_set_system_config', { config: { ...system, app_name: 'Quiz on A' } });
    await expect.poll(() => appName(nodeB.base), { timeout: 1_000, interval: 20 }).toBe('Quiz on A');
  });

  it('serves a home title set through node B from node A within 1 s', async () => {
    const lang = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE is_default`))!.id;
    await operator(nodeB.base, 'admin_set_home_settings', { language_id: lang, title: 'First', subtitle: 's' });
    await expect.poll(() => homeTitle(nodeA), { timeout: 1_000, interval: 20 }).toBe('First');
    await operator(nodeB.base, 'admin_set_home_settings', { language_id: lang, title: 'Second', subtitle: 's' });
    await expect.poll(() => homeTitle(nodeA), { timeout: 1_000, interval: 20 }).toBe('Second');
  });
});
