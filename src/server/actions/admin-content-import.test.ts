import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDownload, AdminImportReport, PlaySession } from '../../core/contract';
import { sql } from '../db/client';
import { templateRows } from '../domain/content-import/template';
import { rowsToXlsx } from '../domain/content-import/write-rows';
import {
  as,
  auditCount,
  auditRows,
  consoleCategory,
  consoleUsers,
  expectAdminOnly,
  expectBadField,
  languageId,
  upload,
} from '../test-support/admin-content';
import { call } from '../test-support/client';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
let player: Player;
let en: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, player } = await consoleUsers(t));
  en = await languageId(t.db, 'en');
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(join(__dirname, '../domain/content-import/fixtures', name));
const file = (name: string, data: Buffer | Uint8Array, type = 'application/octet-stream') =>
  upload('file', name, type, Buffer.from(data));
const importFile = (fields: Record<string, unknown>, name: string, data: Buffer | Uint8Array) =>
  as<AdminImportReport>(t, admin, 'admin_import_content', fields, { files: file(name, data) });
const questionCount = async () => (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions`))!.n;
const inCategory = async (id: number) =>
  (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions WHERE category_id = ${id}`))!.n;

const CSV = [
  'question,type,option_a,option_b,option_c,answer,level,subcategory',
  'Which gas do plants take in?,mcq,Oxygen,Carbon dioxide,Helium,b,1,Plants',
  'Plants make food by photosynthesis.,true_false,,,,true,1,Plants',
  'Which part of a plant takes in water?,mcq,Leaf,Root,Flower,b,2,Plants',
].join('\n');

describe('bulk import through the console', () => {
  it('is for admins only', async () => {
    const n = await questionCount();
    const anon = await call(t.app, 'admin_import_content', {}, { files: file('q.csv', Buffer.from(CSV)) });
    expect(anon.status).toBe(401);
    const p = await call(
      t.app,
      'admin_import_content',
      {},
      { token: player.token, files: file('q.csv', Buffer.from(CSV)) },
    );
    expect(p.status).toBe(403);
    await expectAdminOnly(t, player, 'admin_get_import_template');
    await expectAdminOnly(t, player, 'admin_export_category', { category_id: 1 });
    expect(await questionCount()).toBe(n);
  });

  it('dry-runs a file into a category: the CLI’s report, nothing written', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 1, name: 'Botany' });
    const n = await questionCount();
    const res = await importFile({ category_id: c.id, dry_run: '1' }, 'plants.csv', Buffer.from(CSV));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      format: 'csv',
      rows: 3,
      questions: 3,
      imported: false,
      dryRun: true,
      errors: [],
      duplicates: [],
      newCategories: [],
      newSubcategories: ['Botany / Plants'],
    });
    expect(res.body.data.text).toMatch(/3 new questions to import \(dry run, nothing written\)/);
    expect(await questionCount()).toBe(n);
  });

  it('imports a file into a category, audited; the questions are played; a second import finds duplicates', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 1, name: 'Greenhouse' });
    const res = await importFile({ category_id: c.id }, 'plants.csv', Buffer.from(CSV));
    expect(res.body.data).toMatchObject({ imported: true, questions: 3 });
    expect(await inCategory(c.id)).toBe(3);
    const [row] = await auditRows(t.db, 'admin_import_content', `category:${c.id}`);
    expect(row).toMatchObject({ after: { file: 'plants.csv', questions: 3, imported: true, errors: 0 } });
    const s = await call<PlaySession>(
      t.app,
      'get_questions_by_level',
      { category: c.slug, subcategory: 'plants', level: 1, language_id: en },
      { token: player.token },
    );
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.data.questions.map((q) => q.question).sort()).toEqual([
      'Plants make food by photosynthesis.',
      'Which gas do plants take in?',
    ]);
    const again = await importFile({ category_id: c.id }, 'plants.csv', Buffer.from(CSV));
    expect(again.body.data).toMatchObject({ questions: 0, imported: true });
    expect(again.body.data.duplicates).toHaveLength(3);
    expect(await inCategory(c.id)).toBe(3);
  });

  it('reports rows with errors and why, importing nothing, or the good ones with skip_errors', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 1, name: 'Broken rows' });
    const res = await importFile({ category_id: c.id }, 'broken.csv', fixture('broken.csv'));
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toBe(false);
    expect(res.body.data.errors.length).toBe(10);
    expect(res.body.data.errors[0]).toMatchObject({ line: 3, message: expect.stringContaining('question') });
    expect(res.body.data.text).toMatch(/NOT imported/);
    expect(await inCategory(c.id)).toBe(0);
    const skip = await importFile({ category_id: c.id, skip_errors: 'true' }, 'broken.csv', fixture('broken.csv'));
    expect(skip.body.data).toMatchObject({ imported: true, questions: 1 });
    expect(await inCategory(c.id)).toBe(1);
  });

  it('imports by category name, making it in the language and mode given', async () => {
    const res = await importFile(
      { category: 'Imported Quiz', language_id: en, type: 'quiz_zone' },
      'q.json',
      fixture('questions.json'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.format).toBe('json');
    expect(res.body.data.newCategories).toEqual(['Imported Quiz']);
  });

  it('refuses hostile files with 4xx, writing nothing: not its format, an XLSX that unpacks too large, over the cap', async () => {
    const before = { q: await questionCount(), c: await t.db.one(sql`SELECT count(*)::int AS n FROM categories`) };
    const audits = await auditCount(t.db, 'admin_import_content');
    const where = { category: 'Never made', language_id: en };
    const notZip = await importFile(where, 'sheet.xlsx', Buffer.from('question\nnot a zip'));
    expectBadField(notZip, 'file', 'content_file_invalid');
    expect(notZip.body.message).toMatch(/not a ZIP file/);
    const bomb = Buffer.from(await rowsToXlsx(templateRows()));
    // A workbook whose central directory declares 300 MB for an entry: refused before inflating.
    const at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(300 * 1024 * 1024, at + 24);
    const refused = await importFile(where, 'bomb.xlsx', bomb);
    expectBadField(refused, 'file', 'content_file_invalid');
    expect(refused.body.message).toMatch(/unpacks to/);
    expectBadField(await importFile(where, 'virus.exe', Buffer.from('MZ\x90\x00')), 'file', 'content_file_invalid');
    expectBadField(await importFile(where, 'empty.csv', Buffer.from('question\n')), 'file', 'content_file_invalid');
    const huge = await importFile(where, 'huge.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 0x61));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'payload_too_large', field: 'file' });
    const none = await as(t, admin, 'admin_import_content', where);
    expectBadField(none, 'file');
    expect({ q: await questionCount(), c: await t.db.one(sql`SELECT count(*)::int AS n FROM categories`) }).toEqual(
      before,
    );
    expect(await auditCount(t.db, 'admin_import_content')).toBe(audits);
  });

  it('takes a file up to its own cap (10 MB), above the server’s default upload limit', async () => {
    const long = 'x'.repeat(520);
    const lines = Array.from({ length: 12_000 }, (_, i) => `Question ${i} ${long}?,mcq,Yes,No,a`);
    const big = Buffer.from(['question,type,option_a,option_b,answer', ...lines].join('\n'));
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    const res = await importFile({ category: 'Big file', language_id: en, dry_run: '1' }, 'big.csv', big);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 12_000, questions: 12_000, errors: [] });
  });

  it('refuses bad fields (400) and a missing category or language (404)', async () => {
    const csv = Buffer.from(CSV);
    expectBadField(await importFile({ format: 'exe' }, 'q.csv', csv), 'format');
    expectBadField(await importFile({ type: 9 }, 'q.csv', csv), 'type');
    expectBadField(await importFile({ dry_run: 'maybe' }, 'q.csv', csv), 'dry_run');
    expectBadField(await importFile({ category: 'c'.repeat(101) }, 'q.csv', csv), 'category');
    const ar = await languageId(t.db, 'ar');
    const science = (await t.db.one<{ id: number }>(sql`SELECT id FROM categories WHERE slug = 'science'
      AND language_id = ${en} AND type = 1`))!.id;
    expectBadField(await importFile({ category_id: science, language_id: ar }, 'q.csv', csv), 'language_id');
    for (const [fields, field] of [
      [{ category_id: 999999 }, 'category_id'],
      [{ category: 'X', language_id: 999999 }, 'language_id'],
    ] as const) {
      const res = await importFile(fields, 'q.csv', csv);
      expect(res.status).toBe(404);
      expect(res.body.field).toBe(field);
    }
  });

  it('reads the format from the name, or the one given', async () => {
    const otqa = fixture('otqa-windows-1252');
    const res = await importFile({ category: 'Trivia', language_id: en, dry_run: '1' }, 'general', otqa);
    expect(res.body.data).toMatchObject({ format: 'otqa', encoding: expect.stringContaining('windows-1252') });
    const named = await importFile(
      { category: 'Trivia', language_id: en, dry_run: '1', format: 'csv' },
      'plants.txt',
      Buffer.from(CSV),
    );
    expect(named.body.data).toMatchObject({ format: 'csv', questions: 3 });
  });
});

describe('template and export downloads', () => {
  it('offers the template as CSV, JSON and base64 XLSX, each importable', async () => {
    const csv = await as<AdminDownload>(t, admin, 'admin_get_import_template', { format: 'csv' });
    expect(csv.body.data).toMatchObject({ filename: 'questions-template.csv', encoding: 'utf8', rows: 6 });
    expect(csv.body.data.content).toMatch(/^\ufeffquestion,type,option_a/);
    const json = await as<AdminDownload>(t, admin, 'admin_get_import_template', { format: 'json' });
    expect(JSON.parse(json.body.data.content)).toHaveLength(6);
    const xlsx = await as<AdminDownload>(t, admin, 'admin_get_import_template', { format: 'xlsx' });
    expect(xlsx.body.data.encoding).toBe('base64');
    const bytes = Buffer.from(xlsx.body.data.content, 'base64');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const dry = await importFile({ dry_run: '1' }, xlsx.body.data.filename, bytes);
    expect(dry.body.data).toMatchObject({ format: 'xlsx', rows: 6, questions: 6, errors: [] });
    expectBadField(await as(t, admin, 'admin_get_import_template', { format: 'pdf' }), 'format');
  });

  it('exports a category in the layout; its export imports again as duplicates of itself', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 1, name: 'Round trip' });
    await importFile({ category_id: c.id }, 'plants.csv', Buffer.from(CSV));
    const out = await as<AdminDownload>(t, admin, 'admin_export_category', { category_id: c.id, format: 'csv' });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data).toMatchObject({ filename: `en-${c.slug}.csv`, rows: 3 });
    expect(out.body.data.content).toContain('Which gas do plants take in?');
    const back = await importFile({ category_id: c.id, dry_run: '1' }, 'back.csv', Buffer.from(out.body.data.content));
    expect(back.body.data).toMatchObject({ questions: 0, errors: [] });
    expect(back.body.data.duplicates).toHaveLength(3);
    const json = await as<AdminDownload>(t, admin, 'admin_export_category', { category_id: c.id, format: 'json' });
    expect(JSON.parse(json.body.data.content)).toHaveLength(3);
    const missing = await as(t, admin, 'admin_export_category', { category_id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe('category_id');
  });
});
