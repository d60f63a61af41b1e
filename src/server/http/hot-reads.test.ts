import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, ContentLanguage } from '../../core/contract';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { as, languageId } from '../test-support/admin-content';
import { call } from '../test-support/client';
import { createAdmin, createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// The hot public reads (issue 24 P6): answered from memory with a strong ETag, dropped when the
// database announces a change of what they come from (on PGlite and on PostgreSQL).
let t: TestApp;
let admin: Player;
let en: number;
let science: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app, t.db);
  en = await languageId(t.db, 'en');
  science = (await t.db.one<{ id: number }>(
    sql`SELECT id FROM categories WHERE slug = 'science' AND type = 1 AND language_id = ${en}`,
  ))!.id;
});
afterAll(() => t.close());

interface Read<T> {
  status: number;
  etag: string | undefined;
  body: { error: boolean; data: T; code?: string } | undefined;
  headers: Record<string, unknown>;
  /** The bytes as sent (before any content coding is undone). */
  raw: Buffer;
}

/** A read as the app sends it, with any headers; a 304 has no body. */
async function read<T = unknown>(
  action: string,
  fields: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Read<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${action}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(fields),
  });
  const gzipped = res.headers['content-encoding'] === 'gzip';
  const text = gzipped ? gunzipSync(res.rawPayload).toString() : res.body;
  return {
    status: res.statusCode,
    etag: res.headers.etag as string | undefined,
    body: text ? JSON.parse(text) : undefined,
    headers: res.headers,
    raw: res.rawPayload,
  };
}

const categories = (headers: Record<string, string> = {}) =>
  read<Category[]>('get_categories', { type: 1, language_id: en }, headers);
const scienceOf = (r: Read<Category[]>) => r.body!.data.find((c) => c.id === science)!;

/**
 * Writes behind every cache's back: with replication triggers off, the change announces nothing,
 * so a reply that still shows the old value came from memory.
 */
const quietly = (statement: string) =>
  t.db.session((q) => q(`BEGIN; SET LOCAL session_replication_role = replica; ${statement}; COMMIT;`));

/**
 * Resolves once every notification of what committed before has been heard here: they arrive in
 * commit order, so once a notification of the test's own, sent now, is heard, the others were.
 */
async function afterNotifications(): Promise<void> {
  let heard!: () => void;
  const arrived = new Promise<void>((resolve) => (heard = resolve));
  const off = await t.db.listen('hot_reads_test', () => heard());
  await t.db.run(sql`SELECT pg_notify('hot_reads_test', 'sent')`);
  await arrived;
  await off();
}

describe('hot public reads', () => {
  it('answers from memory with a strong ETag, 304 to an If-None-Match naming it, with the usual headers', async () => {
    await afterNotifications();
    const first = await categories();
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.body).toMatchObject({ error: false });
    expect(scienceOf(first).category_name).toBe('Science');
    await quietly(`UPDATE categories SET name = 'Renamed behind its back' WHERE id = ${science}`);
    const again = await categories();
    expect(again.etag).toBe(first.etag);
    expect(scienceOf(again).category_name).toBe('Science');

    for (const tag of [first.etag!, `W/${first.etag}`, `"other", ${first.etag}`, '*']) {
      const unchanged = await categories({ 'if-none-match': tag });
      expect(unchanged.status, tag).toBe(304);
      expect(unchanged.body, tag).toBeUndefined();
      expect(unchanged.etag).toBe(first.etag);
    }
    const other = await categories({ 'if-none-match': '"not-this-one"' });
    expect(other.status).toBe(200);
    expect(other.body!.data).toEqual(first.body!.data);
    // The security headers every reply has.
    expect(String(other.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(other.headers['x-content-type-options']).toBe('nosniff');
    await quietly(`UPDATE categories SET name = 'Science' WHERE id = ${science}`);
    t.app.hotReads.clear();
  });

  it('shows an operator’s change on the next read: category, language, settings, home, page, texts', async () => {
    // Each read before the change is kept; the read after it must not be the kept one.
    await categories();
    expect((await as(t, admin, 'admin_save_category', { id: science, name: 'Sciences' })).status).toBe(200);
    expect(scienceOf(await categories()).category_name).toBe('Sciences');

    const codes = async () => (await read<ContentLanguage[]>('get_languages')).body!.data.map((l) => l.code);
    expect(await codes()).not.toContain('nl');
    const nl = await as<{ id: number }>(t, admin, 'admin_save_language', { code: 'nl', name: 'Nederlands' });
    expect(await codes()).toContain('nl');
    const nlId = nl.body.data.id;
    expect((await read<Category[]>('get_categories', { language_id: nlId })).body!.data).toEqual([]);
    await as(t, admin, 'admin_save_language', { id: nlId, status: 0 });
    expect(await codes()).not.toContain('nl');
    // A language switched off reads as the default one.
    expect((await read<Category[]>('get_categories', { language_id: nlId })).body!.data.length).toBeGreaterThan(0);

    const system = (await as<{ system: Record<string, unknown> }>(t, admin, 'admin_get_settings')).body.data.system;
    expect((await read<{ app_name: string }>('get_web_settings')).body!.data.app_name).toBe('QuizHub');
    expect((await read('get_system_configurations')).body!.data).toMatchObject({ app_name: 'QuizHub' });
    await as(t, admin, 'admin_set_system_config', { config: { ...system, app_name: 'Quiz Night' } });
    expect((await read<{ app_name: string }>('get_web_settings')).body!.data.app_name).toBe('Quiz Night');
    expect((await read('get_system_configurations')).body!.data).toMatchObject({ app_name: 'Quiz Night' });

    const home = () => read<{ title: string }>('get_web_home_settings', { language_id: en });
    await home();
    await as(t, admin, 'admin_set_home_settings', { language_id: en, title: 'Trivia night', subtitle: 'Come in' });
    expect((await home()).body!.data.title).toBe('Trivia night');

    const page = () => read<{ message: string }>('get_settings', { type: 'faq', language: 'en' });
    await page();
    await as(t, admin, 'admin_set_page', { type: 'faq', message: 'Ask us anything.' });
    expect((await page()).body!.data.message).toBe('Ask us anything.');

    const overrides = () => read<Record<string, string>>('get_translation_overrides', { language: 'fr' });
    const version = async () =>
      (await read<{ translations_version: string }>('get_web_settings')).body!.data.translations_version;
    await overrides();
    const before = await version();
    await as(t, admin, 'admin_set_translation', { language_code: 'fr', key: 'maintenance.title', value: 'Pause' });
    expect((await overrides()).body!.data).toEqual({ 'maintenance.title': 'Pause' });
    expect(await version()).not.toBe(before);
  });

  it('hears a change from the database whoever made it, and a rolled-back one drops nothing', async () => {
    await afterNotifications();
    const kept = await categories();
    await quietly(`UPDATE categories SET name = 'Quiet' WHERE id = ${science}`);
    const generation = t.app.services.contentChanges.generation;
    await t.db
      .tx(async (tx) => {
        await tx.run(sql`UPDATE categories SET name = 'Rolled back' WHERE id = ${science}`);
        throw new Error('undo');
      })
      .catch(() => undefined);
    // Notifications come in commit order: once a later one is heard, any of the rollback's would be.
    await afterNotifications();
    expect(t.app.services.contentChanges.generation).toBe(generation);
    expect((await categories()).etag).toBe(kept.etag);

    // Committed by something other than an action (an import, a CLI, another node): heard.
    // Within 1 s: long before the entry's maximum age (5 s) could explain it.
    await t.db.run(sql`UPDATE categories SET name = 'Committed' WHERE id = ${science}`);
    await expect.poll(async () => scienceOf(await categories()).category_name, { timeout: 1_000 }).toBe('Committed');
    expect(t.app.services.contentChanges.generation).toBeGreaterThan(generation);
  });

  it('opens a player’s own premium unlocks for them only; the list everyone gets stays locked', async () => {
    const [a, b] = [await createPlayer(t.app), await createPlayer(t.app)];
    await as(t, admin, 'admin_save_category', { id: science, premium_price: 10 });
    await moveCoins(t.db, { userId: a.user.id, delta: 50, reason: 'test', opId: randomUUID() });
    const unlocked = await call(t.app, 'unlock_premium_category', { category: 'science', type: 1 }, { token: a.token });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);

    const anyone = await categories();
    const ofA = await categories({ authorization: `Bearer ${a.token}` });
    const ofB = await categories({ authorization: `Bearer ${b.token}` });
    expect(scienceOf(anyone)).toMatchObject({ is_premium: true, has_unlocked: false });
    expect(scienceOf(ofA).has_unlocked).toBe(true);
    expect(scienceOf(ofB).has_unlocked).toBe(false);
    expect(scienceOf(await categories({ authorization: 'Bearer not-a-token' })).has_unlocked).toBe(false);
    expect(ofA.etag).not.toBe(anyone.etag);
    expect(ofB.etag).toBe(anyone.etag);
    // A's tag names A's list: another player and anyone get their own, in full.
    expect((await categories({ authorization: `Bearer ${b.token}`, 'if-none-match': ofA.etag! })).status).toBe(200);
    expect((await categories({ 'if-none-match': ofA.etag! })).status).toBe(200);
    expect((await categories({ authorization: `Bearer ${a.token}`, 'if-none-match': ofA.etag! })).status).toBe(304);
    await as(t, admin, 'admin_save_category', { id: science, premium_price: 0 });
  });

  it('keeps bad input a 4xx and odd headers harmless; made-up ids and slugs add no entries', async () => {
    for (const [action, fields, field] of [
      ['get_categories', { type: 99 }, 'type'],
      ['get_categories', { language_id: 'abc' }, 'language_id'],
      ['get_subcategory_by_maincategory', { category_slug: '../etc' }, 'category_slug'],
      ['get_settings', { type: 'passwords' }, 'type'],
      ['get_translation_overrides', { language: '<script>' }, 'language'],
      ['get_system_language_json', { language: 'a'.repeat(500) }, 'language'],
    ] as const) {
      const bad = await read(action, fields);
      expect(bad.status, `${action} ${JSON.stringify(fields)}`).toBe(400);
      expect(bad.body).toMatchObject({ code: 'invalid_input', field });
      expect(bad.etag).toBeUndefined();
    }
    const missing = await read('get_subcategory_by_maincategory', { category_slug: 'no-such-topic' });
    expect(missing.status).toBe(404);

    await afterNotifications();
    t.app.hotReads.clear();
    const known = await categories();
    await read('get_subcategory_by_maincategory', { category_slug: 'science', language_id: en });
    await read('get_settings', { type: 'faq', language: 'en' });
    await read('get_translation_overrides', { language: 'fr' });
    const entries = t.app.hotReads.cache.size;
    expect(entries).toBe(4);
    for (let i = 0; i < 25; i++) {
      const lang = await read<Category[]>('get_categories', { type: 1, language_id: 900_000 + i });
      expect(lang.etag).toBe(known.etag);
      const sub = await read('get_subcategory_by_maincategory', {
        category_slug: 'science',
        subcategory_slug: `made-up-${i}`,
      });
      expect(sub.body!.data).toEqual([]);
      expect((await read('get_subcategory_by_maincategory', { category_slug: `made-up-${i}` })).status).toBe(404);
      expect((await read('get_settings', { type: 'faq', language: `x${String.fromCharCode(97 + i)}` })).status).toBe(
        200,
      );
      expect((await read('get_translation_overrides', { language: `q${String.fromCharCode(97 + i)}` })).status).toBe(
        200,
      );
    }
    expect(t.app.hotReads.cache.size).toBe(entries);

    for (const tag of ['', '"', 'W/', ',,,', '"unterminated', 'W/W/"x"', 'x'.repeat(8_000), '\u00ff"']) {
      const odd = await categories({ 'if-none-match': tag });
      expect(odd.status, tag.slice(0, 20)).toBe(200);
      expect(odd.body!.data).toEqual(known.body!.data);
    }
  });

  it('sends a gzip copy to a client that takes it, with its own strong ETag and Vary on every reply', async () => {
    t.app.hotReads.clear();
    const language = { language: 'en' };
    const plain = await read('get_system_language_json', language);
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const zipped = await read('get_system_language_json', language, browser);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    for (const r of [plain, zipped]) expect(r.headers.vary).toBe('Accept-Encoding');
    // The same JSON once decoded, in a third of the bytes or less.
    expect(zipped.body).toEqual(plain.body);
    expect(zipped.raw.length).toBeLessThan(plain.raw.length / 3);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.raw.length);
    // RFC 9110 §8.8.3.3: a content-coded representation's strong tag differs from the unencoded one's.
    expect(zipped.etag).toBe(`${plain.etag!.slice(0, -1)}-gzip"`);
    // Each tag names its own representation: 304 when it is the one this request would get.
    const ask = (etag: string, headers: Record<string, string> = {}) =>
      read('get_system_language_json', language, { ...headers, 'if-none-match': etag });
    const same = await ask(zipped.etag!, browser);
    expect([same.status, same.etag, same.headers.vary]).toEqual([304, zipped.etag, 'Accept-Encoding']);
    expect((await ask(plain.etag!)).status).toBe(304);
    expect((await ask(plain.etag!, browser)).status).toBe(200);
    expect((await ask(zipped.etag!)).status).toBe(200);
    // Refused by q=0, or not named: the body as it is.
    for (const ae of ['gzip;q=0', 'br', 'identity', '']) {
      const r = await read('get_system_language_json', language, { 'accept-encoding': ae });
      expect(r.headers['content-encoding'], ae).toBeUndefined();
      expect(r.etag, ae).toBe(plain.etag);
    }
    expect((await read('get_system_language_json', language, { 'accept-encoding': '*' })).etag).toBe(zipped.etag);
    // A small body goes as it is whatever the client takes (tagged as such).
    const small = await read('get_settings', { type: 'faq', language: 'en' }, browser);
    expect(small.raw.length).toBeLessThan(1024);
    expect([small.headers['content-encoding'], small.headers.vary]).toEqual([undefined, 'Accept-Encoding']);
    expect(small.etag).toMatch(/^"[\w-]{32}"$/);
  });

  it('remembers a valid body’s key, not an invalid one, and no more bodies than its bound', async () => {
    t.app.hotReads.clear();
    const fields = { type: 1, language_id: en };
    const first = await categories();
    expect(t.app.hotReads.known.size).toBe(1);
    expect((await categories()).etag).toBe(first.etag);
    expect(t.app.hotReads.known.size).toBe(1);
    // Refused each time, remembered never.
    for (let i = 0; i < 2; i++) expect((await read('get_categories', { ...fields, type: 99 })).status).toBe(400);
    expect(t.app.hotReads.known.size).toBe(1);
    // A long body is validated each time, not remembered.
    expect((await read('get_categories', { ...fields, padding: 'x'.repeat(600) })).etag).toBe(first.etag);
    expect(t.app.hotReads.known.size).toBe(1);
    // Made-up bodies (unknown fields are ignored) are remembered each, up to a bound (least
    // recently used go past it; lru-cache's max, not filled here: a thousand calls are slow on CI).
    for (let i = 0; i < 40; i++) expect((await read('get_categories', { ...fields, n: i })).etag).toBe(first.etag);
    expect(t.app.hotReads.known.size).toBe(41);
    expect(t.app.hotReads.known.max).toBe(1_000);
    // A change forgets them with the replies.
    await as(t, admin, 'admin_save_category', { id: science, name: 'Science' });
    expect(t.app.hotReads.known.size).toBe(0);
  });

  it('refuses an If-None-Match too large for any server with a 4xx, never a 500', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${base}/api/get_languages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'if-none-match': `"${'x'.repeat(70_000)}"` },
      body: '{}',
    });
    expect(res.status).toBe(431);
    expect((await fetch(`${base}/api/get_languages`, { method: 'POST', body: '' })).status).toBe(200);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'drops everything when its listening connection comes back after a drop, and hears changes again',
    async () => {
      await afterNotifications();
      const kept = await categories();
      await quietly(`UPDATE categories SET name = 'Changed while deaf' WHERE id = ${science}`);
      const generation = t.app.services.contentChanges.generation;
      const cut = await t.db.rows<{ ok: boolean }>(sql`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%LISTEN %'`);
      expect(cut.length).toBeGreaterThan(0);
      await expect
        .poll(() => t.app.services.contentChanges.generation, { timeout: 10_000 })
        .toBeGreaterThan(generation);
      expect((await categories()).etag).not.toBe(kept.etag);
      expect(scienceOf(await categories()).category_name).toBe('Changed while deaf');
      await t.db.run(sql`UPDATE categories SET name = 'Heard again' WHERE id = ${science}`);
      await expect
        .poll(async () => scienceOf(await categories()).category_name, { timeout: 1_000 })
        .toBe('Heard again');
    },
  );
});
