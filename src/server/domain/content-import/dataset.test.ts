import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/client';
import { ROOT } from '../../paths';
import { buildTestApp, type TestApp } from '../../test-support/test-app';
import { importContent, type ImportReport } from './import-content';
import { categoryNameOfFile, listImportFiles } from './import-files';

const DIR = join(ROOT, '../shared/data/opentriviaqa/categories');
const present = existsSync(DIR);
if (!present) console.log(`OpenTriviaQA dataset test skipped: ${DIR} is absent.`);

// Mojibake a wrong decoding leaves: UTF-8 read as Windows-1252 ("â€œ", "Ã©"), bytes read as
// Latin-1 control characters (80–9F), or bytes no decoding knew (U+FFFD).
const MOJIBAKE = /â€|Ã[\u0080-\u00bf]|[\u0080-\u009f\ufffd]/;

describe.skipIf(!present)('the whole OpenTriviaQA dataset', () => {
  let t: TestApp;
  const reports: ImportReport[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('imports its 22 files, one category each, with accents and quotes right in UTF-8, Windows-1252 and mixed files', async () => {
    const before = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions`);
    for (const f of listImportFiles(DIR)) {
      if (!('format' in f)) continue;
      const src = { name: f.path, bytes: readFileSync(f.path), format: f.format };
      reports.push(await importContent(t.db, src, { category: categoryNameOfFile(f.path), skipErrors: true }));
    }
    const sum = (g: (r: ImportReport) => number) => reports.reduce((n, r) => n + g(r), 0);
    const after = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions`);
    console.log(
      `OpenTriviaQA: ${reports.length} files, ${sum((r) => r.rows)} rows, ${sum((r) => r.questions)} imported, ` +
        `${sum((r) => r.duplicates.length)} duplicates, ${sum((r) => r.errors.length)} rows with errors, ` +
        `${reports.filter((r) => r.encoding !== 'utf-8').length} files not all UTF-8`,
    );
    expect(reports).toHaveLength(22);
    expect(reports.filter((r) => r.fatal || !r.imported)).toEqual([]);
    expect(sum((r) => r.rows)).toBe(49_716);
    expect(reports.filter((r) => r.encoding !== 'utf-8')).toHaveLength(12);
    expect(after!.n - before!.n).toBe(sum((r) => r.questions));
    expect(sum((r) => r.questions)).toBeGreaterThan(49_000);
  }, 300_000);

  it.each([
    ['Celebrities', 'Penélope Cruz'],
    ['Celebrities', 'Renée Zellweger was born in Kathy, Texas'],
    ['History', 'The nickname of Wisconsin, “Badger State”, was given to it in irony'],
    ['Movies', 'the depths of forever… and you still have only a glimpse'],
    ['Rated', 'Yaoundé as a capital'],
    ['General', 'FC Bayern München'],
    ['World', 'Its capital city is Asunción.'],
  ])('has the text of %s right: "%s"', async (category, text) => {
    const hit = await t.db.one(sql`SELECT q.id FROM questions q JOIN categories c ON c.id = q.category_id
      WHERE c.name = ${category} AND (strpos(q.question, ${text}) > 0 OR strpos(q.options::text, ${text}) > 0)`);
    expect(hit).toBeDefined();
  });

  it('has no mojibake in any imported question or option', async () => {
    const rows = await t.db.rows<{ text: string }>(sql`SELECT q.question || ' ' || q.options::text AS text
      FROM questions q JOIN categories c ON c.id = q.category_id
      WHERE c.name IN ('Celebrities', 'General', 'History', 'Humanities', 'Literature', 'Movies', 'People', 'Rated',
        'Science Technology', 'Sports', 'Video Games', 'World')`);
    expect(rows.length).toBeGreaterThan(30_000);
    expect(rows.filter((r) => MOJIBAKE.test(r.text)).map((r) => r.text)).toEqual([]);
  });
});
