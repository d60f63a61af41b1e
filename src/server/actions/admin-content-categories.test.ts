import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory, AdminSubcategory, Category, Subcategory } from '../../core/contract';
import { sql } from '../db/client';
import {
  as,
  auditCount,
  auditRows,
  consoleUsers,
  expectAdminOnly,
  expectBadField,
  languageId,
  pngBytes,
  upload,
} from '../test-support/admin-content';
import { call } from '../test-support/client';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
let player: Player;
let en: number;
let ar: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, player } = await consoleUsers(t));
  en = await languageId(t.db, 'en');
  ar = await languageId(t.db, 'ar');
});
afterAll(() => t.close());

const saveCategory = (fields: Record<string, unknown>, o = {}) =>
  as<AdminCategory>(t, admin, 'admin_save_category', fields, o);
const saveSub = (fields: Record<string, unknown>, o = {}) =>
  as<AdminSubcategory>(t, admin, 'admin_save_subcategory', fields, o);
const count = async (q: ReturnType<typeof sql>) => (await t.db.one<{ n: number }>(q))!.n;
const mediaCount = () => count(sql`SELECT count(*)::int AS n FROM media`);
const seeded = async (slug: string, type = 1) =>
  (await t.db.one<{ id: number }>(sql`SELECT id FROM categories WHERE slug = ${slug} AND type = ${type}
    AND language_id = ${en}`))!.id;

describe('categories in the console', () => {
  it('is for admins only', async () => {
    for (const a of ['admin_get_categories', 'admin_save_category', 'admin_delete_category'])
      await expectAdminOnly(t, player, a, { id: 1, language_id: en, type: 1, name: 'Nope' });
    expect(await count(sql`SELECT count(*)::int AS n FROM categories WHERE name = 'Nope'`)).toBe(0);
  });

  it('lists a mode and language with counts, searched, filtered, sorted and paged', async () => {
    const res = await as<AdminCategory[]>(t, admin, 'admin_get_categories', {
      type: 'guess_the_word',
      language_id: en,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((c) => c.type === 3 && c.language_id === en && c.language_code === 'en')).toBe(true);
    expect(res.body.data[0]!.questions).toBeGreaterThan(0);
    const all = await as<AdminCategory[]>(t, admin, 'admin_get_categories', {
      type: 1,
      language_id: en,
      limit: 2,
      sort: 'name',
    });
    expect(all.body.data).toHaveLength(2);
    expect(all.body.total).toBeGreaterThan(2);
    const names = all.body.data.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const most = await as<AdminCategory[]>(t, admin, 'admin_get_categories', { sort: 'questions', order: 'desc' });
    const counts = most.body.data.map((c) => c.questions);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const found = await as<AdminCategory[]>(t, admin, 'admin_get_categories', { search: 'scien', language_id: en });
    expect(found.body.data.map((c) => c.slug)).toContain('science');
    expectBadField(await as(t, admin, 'admin_get_categories', { type: 9 }), 'type');
    expectBadField(await as(t, admin, 'admin_get_categories', { sort: 'drop table' }), 'sort');
  });

  it('creates a category with a slug made from its name, free in its language and mode, audited', async () => {
    const a = await saveCategory({ language_id: en, type: 'quiz_zone', name: 'Space Facts', premium_price: 0 });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data).toMatchObject({ slug: 'space-facts', type: 1, status: 1, questions: 0, language_code: 'en' });
    const b = await saveCategory({ language_id: en, type: 1, name: 'Space  facts!' });
    expect(b.body.data.slug).toBe('space-facts-2');
    const other = await saveCategory({ language_id: en, type: 'audio', name: 'Space Facts' });
    expect(other.body.data.slug).toBe('space-facts');
    const arabic = await saveCategory({ language_id: ar, type: 1, name: 'حقائق الفضاء' });
    expect(arabic.body.data.slug).toMatch(/^x-[0-9a-f]{10}$/);
    const [row] = await auditRows(t.db, 'admin_save_category', `category:${a.body.data.id}`);
    expect(row).toMatchObject({ before: null, after: { name: 'Space Facts', slug: 'space-facts' } });
    const taken = await saveCategory({ language_id: en, type: 1, name: 'Anything', slug: 'space-facts' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'slug_taken', field: 'slug' });
  });

  it('creates once when a save is repeated with the same Idempotency-Key', async () => {
    const key = '6f1d2c1e-5b8a-4d0e-9f3a-1c2b3d4e5f60';
    const fields = { language_id: en, type: 1, name: 'Sent twice' };
    const a = await saveCategory(fields, { idempotencyKey: key });
    const b = await saveCategory(fields, { idempotencyKey: key });
    expect(b.body).toEqual(a.body);
    expect(await count(sql`SELECT count(*)::int AS n FROM categories WHERE name = 'Sent twice'`)).toBe(1);
    expect(await auditRows(t.db, 'admin_save_category', `category:${a.body.data.id}`)).toHaveLength(1);
  });

  it('stores an uploaded image re-encoded as a WebP square and serves it', async () => {
    const res = await saveCategory(
      { language_id: en, type: 1, name: 'Pictured' },
      { files: upload('image_file', 'photo.png', 'image/png', await pngBytes(300, 120)) },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    const img = await t.app.inject({ method: 'GET', url: res.body.data.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const { default: sharp } = await import('sharp');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const row = await t.db.one<{ owner_id: number | null; kind: string }>(sql`SELECT owner_id, kind FROM media
      WHERE id = ${res.body.data.image.slice(7, 43)}::uuid`);
    expect(row).toEqual({ owner_id: null, kind: 'category_image' });
  });

  it('refuses a file that is not an image and one over the cap, writing nothing', async () => {
    const before = { media: await mediaCount(), audits: await auditCount(t.db, 'admin_save_category') };
    const fake = await saveCategory(
      { language_id: en, type: 1, name: 'Fake image' },
      { files: upload('image_file', 'x.png', 'image/png', Buffer.from('<script>alert(1)</script>')) },
    );
    expectBadField(fake, 'image_file', 'image_invalid');
    const huge = await saveCategory(
      { language_id: en, type: 1, name: 'Huge image' },
      { files: upload('image_file', 'x.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1)) },
    );
    expect(huge.status).toBe(413);
    expect(await count(sql`SELECT count(*)::int AS n FROM categories WHERE name IN ('Fake image', 'Huge image')`)).toBe(
      0,
    );
    expect({ media: await mediaCount(), audits: await auditCount(t.db, 'admin_save_category') }).toEqual(before);
  });

  it('refuses bad, missing, oversized and hostile fields', async () => {
    const good = { language_id: en, type: 1, name: 'Fine' };
    expectBadField(await saveCategory({ ...good, language_id: undefined }), 'language_id');
    expectBadField(await saveCategory({ ...good, type: undefined }), 'type');
    expectBadField(await saveCategory({ ...good, name: undefined }), 'name');
    expectBadField(await saveCategory({ ...good, type: 9 }), 'type');
    expectBadField(await saveCategory({ ...good, name: 'n'.repeat(101) }), 'name');
    expectBadField(await saveCategory({ ...good, slug: 'Bad Slug' }), 'slug');
    expectBadField(await saveCategory({ ...good, premium_price: -1 }), 'premium_price');
    expectBadField(await saveCategory({ ...good, premium_price: '1e3' }), 'premium_price');
    expectBadField(await saveCategory({ ...good, image: 'javascript:alert(1)' }), 'image');
    expectBadField(await saveCategory({ ...good, image: '//evil.example/x.png' }), 'image');
    expectBadField(await saveCategory({ ...good, status: 5 }), 'status');
    expect(await count(sql`SELECT count(*)::int AS n FROM categories WHERE name = 'Fine'`)).toBe(0);
  });

  it('answers 404 for a missing category or language', async () => {
    const a = await saveCategory({ id: 999999, name: 'Ghost' });
    expect(a.status).toBe(404);
    expect(a.body.field).toBe('id');
    const b = await saveCategory({ language_id: 999999, type: 1, name: 'Ghost' });
    expect(b.status).toBe(404);
    expect(b.body.field).toBe('language_id');
    const c = await as(t, admin, 'admin_delete_category', { id: 999999 });
    expect(c.status).toBe(404);
  });

  it('updates price and status (a deactivated category leaves the players list), audited before and after', async () => {
    const c = (await saveCategory({ language_id: en, type: 1, name: 'Soon hidden' })).body.data;
    const listed = async () =>
      (await call<Category[]>(t.app, 'get_categories', { type: 1, language_id: en })).body.data.map((x) => x.slug);
    expect(await listed()).toContain(c.slug);
    const res = await saveCategory({ id: c.id, premium_price: 25, status: 0 });
    expect(res.body.data).toMatchObject({ id: c.id, name: 'Soon hidden', premium_price: 25, status: 0 });
    expect(await listed()).not.toContain(c.slug);
    const rows = await auditRows(t.db, 'admin_save_category', `category:${c.id}`);
    expect(rows[1]).toMatchObject({ before: { premium_price: 0, status: 1 }, after: { premium_price: 25, status: 0 } });
  });

  it('keeps the language, mode and slug of a category with questions (409), renames it freely', async () => {
    const science = await seeded('science');
    const slug = await saveCategory({ id: science, slug: 'sciences' });
    expect(slug.status).toBe(409);
    expect(slug.body).toMatchObject({ code: 'category_not_empty', field: 'slug' });
    const lang = await saveCategory({ id: science, language_id: ar });
    expect(lang.body).toMatchObject({ code: 'category_not_empty', field: 'language_id' });
    const renamed = await saveCategory({ id: science, name: 'Science!' });
    expect(renamed.body.data).toMatchObject({ slug: 'science', name: 'Science!' });
  });

  it('deletes an empty category and refuses one with questions, suggesting deactivation', async () => {
    const c = (await saveCategory({ language_id: en, type: 2, name: 'Short lived' })).body.data;
    await saveSub({ category_id: c.id, name: 'Its part' });
    const res = await as(t, admin, 'admin_delete_category', { id: c.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await count(sql`SELECT count(*)::int AS n FROM categories WHERE id = ${c.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM subcategories WHERE category_id = ${c.id}`)).toBe(0);
    const [row] = await auditRows(t.db, 'admin_delete_category', `category:${c.id}`);
    expect(row).toMatchObject({ before: { name: 'Short lived' }, after: null });
    const science = await seeded('science');
    const full = await as(t, admin, 'admin_delete_category', { id: science });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('category_not_empty');
    expect(full.body.message).toMatch(/Deactivate/);
    expect(await count(sql`SELECT count(*)::int AS n FROM categories WHERE id = ${science}`)).toBe(1);
    const texts = await seeded('nature-reads', 2);
    expect((await as(t, admin, 'admin_delete_category', { id: texts })).body.code).toBe('category_not_empty');
  });
});

describe('subcategories in the console', () => {
  it('is for admins only', async () => {
    for (const a of ['admin_get_subcategories', 'admin_save_subcategory', 'admin_delete_subcategory'])
      await expectAdminOnly(t, player, a, { id: 1, category_id: 1, name: 'Nope' });
  });

  it('lists a category’s subcategories with counts and levels; 404 for a missing category', async () => {
    const res = await as<AdminSubcategory[]>(t, admin, 'admin_get_subcategories', {
      category_id: await seeded('science'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ slug: 'physics-and-chemistry' });
    expect(res.body.data[0]!.max_level).toBeGreaterThan(0);
    expect(res.body.data[0]!.questions).toBeGreaterThan(0);
    const none = await as(t, admin, 'admin_get_subcategories', { category_id: 999999 });
    expect(none.status).toBe(404);
    expect(none.body.field).toBe('category_id');
    expectBadField(await as(t, admin, 'admin_get_subcategories', {}), 'category_id');
  });

  it('creates, updates and audits a subcategory; players see it', async () => {
    const c = (await saveCategory({ language_id: en, type: 1, name: 'With parts' })).body.data;
    const s = await saveSub({ category_id: c.id, name: 'Part One' });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.data).toMatchObject({ category_id: c.id, slug: 'part-one', sort: 0, status: 1 });
    const s2 = await saveSub({ category_id: c.id, name: 'Part One' });
    expect(s2.body.data).toMatchObject({ slug: 'part-one-2', sort: 1 });
    const upd = await saveSub({ id: s.body.data.id, name: 'Part 1', sort: 5 });
    expect(upd.body.data).toMatchObject({ slug: 'part-one', name: 'Part 1', sort: 5 });
    const rows = await auditRows(t.db, 'admin_save_subcategory', `subcategory:${s.body.data.id}`);
    expect(rows.map((r) => [r.before, r.after])).toMatchObject([
      [null, { name: 'Part One' }],
      [{ name: 'Part One' }, { name: 'Part 1' }],
    ]);
    const taken = await saveSub({ id: s2.body.data.id, slug: 'part-one' });
    expect(taken.body).toMatchObject({ code: 'slug_taken', field: 'slug' });
    const pub = await call<Subcategory[]>(t.app, 'get_subcategory_by_maincategory', {
      type: 1,
      language_id: en,
      category_slug: c.slug,
    });
    expect(pub.body.data.map((x) => x.slug)).toEqual(['part-one-2', 'part-one']); // by sort
  });

  it('refuses bad input (400), a missing category (404), and deleting one with questions (409)', async () => {
    expectBadField(await saveSub({ name: 'Orphan' }), 'category_id');
    expectBadField(await saveSub({ category_id: 1, name: '' }), 'name');
    expectBadField(await saveSub({ category_id: 1, name: 'x', slug: '-x-' }), 'slug');
    const missing = await saveSub({ category_id: 999999, name: 'Orphan' });
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe('category_id');
    const sub = (await t.db.one<{ id: number }>(
      sql`SELECT id FROM subcategories WHERE slug = 'physics-and-chemistry'`,
    ))!;
    const full = await as(t, admin, 'admin_delete_subcategory', { id: sub.id });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('subcategory_not_empty');
    const move = await saveSub({ id: sub.id, category_id: await seeded('history') });
    expect(move.body).toMatchObject({ code: 'subcategory_not_empty', field: 'category_id' });
    expect((await as(t, admin, 'admin_delete_subcategory', { id: 999999 })).status).toBe(404);
  });

  it('deletes an empty subcategory, audited', async () => {
    const c = (await saveCategory({ language_id: en, type: 1, name: 'Tidy' })).body.data;
    const s = (await saveSub({ category_id: c.id, name: 'Gone soon' })).body.data;
    const res = await as(t, admin, 'admin_delete_subcategory', { id: s.id });
    expect(res.body).toMatchObject({ error: false, data: { deleted: s.id } });
    expect(await count(sql`SELECT count(*)::int AS n FROM subcategories WHERE id = ${s.id}`)).toBe(0);
    const [row] = await auditRows(t.db, 'admin_delete_subcategory', `subcategory:${s.id}`);
    expect(row).toMatchObject({ before: { name: 'Gone soon' }, after: null });
  });
});
