import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLanguage, ContentLanguage } from '../../core/contract';
import { sql } from '../db/client';
import {
  as,
  auditCount,
  auditRows,
  consoleUsers,
  expectAdminOnly,
  expectBadField,
} from '../test-support/admin-content';
import { call } from '../test-support/client';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
let player: Player;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, player } = await consoleUsers(t));
});
afterAll(() => t.close());

const save = (fields: Record<string, unknown>) => as<AdminLanguage>(t, admin, 'admin_save_language', fields);
const defaults = () =>
  t.db
    .rows<{ code: string }>(sql`SELECT code FROM languages WHERE is_default ORDER BY id`)
    .then((r) => r.map((x) => x.code));

describe('content languages in the console', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(t, player, 'admin_get_languages');
    await expectAdminOnly(t, player, 'admin_save_language', { code: 'xx', name: 'Nope' });
    expect(await t.db.one(sql`SELECT 1 AS one FROM languages WHERE code = 'xx'`)).toBeUndefined();
  });

  it('lists the languages, the default first, with their content counts, searched and filtered', async () => {
    const res = await as<AdminLanguage[]>(t, admin, 'admin_get_languages');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ code: 'en', is_default: true, status: 1 });
    expect(res.body.data[0]!.questions).toBeGreaterThan(100);
    expect(res.body.total).toBe(res.body.data.length);
    const ar = await as<AdminLanguage[]>(t, admin, 'admin_get_languages', { search: 'العربية' });
    expect(ar.body.data.map((l) => l.code)).toEqual(['ar']);
    const none = await as<AdminLanguage[]>(t, admin, 'admin_get_languages', { status: 'inactive', search: 'ar' });
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  it('creates a language and audits it; players see it in their list', async () => {
    const res = await save({ code: 'NL', name: 'Nederlands' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'nl', name: 'Nederlands', rtl: false, is_default: false, status: 1 });
    const [row] = await auditRows(t.db, 'admin_save_language', `language:${res.body.data.id}`);
    expect(row).toMatchObject({ before: null, after: { code: 'nl', name: 'Nederlands' }, admin_id: admin.user.id });
    const pub = await call<ContentLanguage[]>(t.app, 'get_languages', {});
    expect(pub.body.data.map((l) => l.code)).toContain('nl');
  });

  it('refuses bad, missing, oversized and hostile fields, writing nothing', async () => {
    const n = await auditCount(t.db, 'admin_save_language');
    expectBadField(await save({ code: 'french!', name: 'x' }), 'code');
    expectBadField(await save({ name: 'No code' }), 'code');
    expectBadField(await save({ code: 'zz' }), 'name');
    expectBadField(await save({ code: 'zz', name: 'x'.repeat(61) }), 'name');
    expectBadField(await save({ code: 'zz', name: 'Zed', rtl: 'maybe' }), 'rtl');
    expectBadField(await save({ code: 'zz', name: 'Zed', status: '2' }), 'status');
    expectBadField(await save({ code: 'zz', name: 'Z\u0000ed' }), 'name');
    expectBadField(await save({ id: 'abc', name: 'Zed' }), 'id');
    expect(await t.db.one(sql`SELECT 1 AS one FROM languages WHERE code = 'zz'`)).toBeUndefined();
    expect(await auditCount(t.db, 'admin_save_language')).toBe(n);
  });

  it('answers 404 for a missing language and 409 for a code in use', async () => {
    const missing = await save({ id: 999999, name: 'Ghost' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', field: 'id' });
    const dup = await save({ code: 'ar', name: 'Arabic again' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'language_code_taken', field: 'code' });
  });

  it('updates only the fields sent', async () => {
    const de = (await save({ code: 'de', name: 'Deutsch' })).body.data;
    const res = await save({ id: de.id, rtl: '1' });
    expect(res.body.data).toMatchObject({ id: de.id, code: 'de', name: 'Deutsch', rtl: true });
    const [, row] = await auditRows(t.db, 'admin_save_language', `language:${de.id}`);
    expect(row).toMatchObject({ before: { rtl: false }, after: { rtl: true } });
  });

  it('switches the default in one step: exactly one default, even when two switches race', async () => {
    const es = (await save({ code: 'es', name: 'Español' })).body.data;
    const it_ = (await save({ code: 'it', name: 'Italiano' })).body.data;
    const res = await save({ id: es.id, is_default: '1' });
    expect(res.body.data.is_default).toBe(true);
    expect(await defaults()).toEqual(['es']);
    const pub = await call<ContentLanguage[]>(t.app, 'get_languages', {});
    expect(pub.body.data[0]).toMatchObject({ code: 'es', is_default: true });
    const raced = await Promise.all([save({ id: it_.id, is_default: '1' }), save({ id: es.id, is_default: '1' })]);
    expect(raced.map((r) => r.status)).toEqual([200, 200]);
    expect(await defaults()).toHaveLength(1);
    const en = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
    expect((await save({ id: en, is_default: '1' })).status).toBe(200);
    expect(await defaults()).toEqual(['en']);
  });

  it('refuses to deactivate or unmake the default language (409), and deactivates another', async () => {
    const en = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
    const off = await save({ id: en, status: '0' });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ code: 'default_language_required', field: 'status' });
    const unmade = await save({ id: en, is_default: '0' });
    expect(unmade.status).toBe(409);
    expect(unmade.body.code).toBe('default_language_required');
    const inactiveDefault = await save({ code: 'pt', name: 'Português', status: '0', is_default: '1' });
    expect(inactiveDefault.status).toBe(409);
    expect(await defaults()).toEqual(['en']);
    const nl = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'nl'`))!.id;
    expect((await save({ id: nl, status: '0' })).body.data.status).toBe(0);
    const pub = await call<ContentLanguage[]>(t.app, 'get_languages', {});
    expect(pub.body.data.map((l) => l.code)).not.toContain('nl');
  });
});
