import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test-support/test-app';
import { importContent, type ImportOptions } from './import-content';
import { rowsToXlsx } from './write-rows';
import { templateRows } from './template';

const fixture = (name: string) => ({ name, bytes: readFileSync(join(import.meta.dirname, 'fixtures', name)) });
const csvSource = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function categoryQuestions(name: string) {
  return t.db.rows<{
    question: string;
    type: string;
    options: { id: string; text: string }[];
    answer: string;
    sub: string | null;
    level: number;
    marks: number;
  }>(sql`
    SELECT q.question, q.type, q.options, q.answer #>> '{}' AS answer, s.name AS sub, q.level, q.marks
    FROM questions q JOIN categories c ON c.id = q.category_id LEFT JOIN subcategories s ON s.id = q.subcategory_id
    WHERE c.name = ${name} ORDER BY q.id`);
}

const imp = (src: { name: string; bytes: Uint8Array }, o: ImportOptions) => importContent(t.db, src, o);

describe('importContent', () => {
  it('imports a CSV into a new quiz-zone category, making it and its subcategory by name', async () => {
    const r = await imp(fixture('questions.csv'), { category: 'Import CSV', language: 'en' });
    expect(r).toMatchObject({ rows: 7, questions: 7, imported: true, fatal: null, errors: [], duplicates: [] });
    expect(r).toMatchObject({ newCategories: ['Import CSV'], newSubcategories: ['Import CSV / Numbers'] });
    const cat = await t.db.one<{ type: number; slug: string; lang: string }>(sql`SELECT c.type, c.slug, l.code AS lang
      FROM categories c JOIN languages l ON l.id = c.language_id WHERE c.name = 'Import CSV'`);
    expect(cat).toEqual({ type: 1, slug: 'import-csv', lang: 'en' });
    const qs = await categoryQuestions('Import CSV');
    expect(qs.map((q) => [q.type, q.answer, q.sub])).toEqual([
      ['mcq', 'b', null],
      ['true_false', 'b', null],
      ['multi_select', 'a,c,e', 'Numbers'],
      ['sequence', 'a,b,c,d', null],
      ['match', 'a:1,b:2,c:3', null],
      ['word', 'Beta', null],
      ['mcq', 'a', null],
    ]);
    expect(qs[3]!.options.map((o) => o.text)).toEqual(['Mercury', 'Venus', 'Earth', 'Mars']);
    expect(qs[2]).toMatchObject({ level: 2, marks: 2 });
  });

  it('skips every question of a second import of the same file as a duplicate', async () => {
    await imp(fixture('questions.json'), { category: 'Twice', language: 'en', skipErrors: true });
    const again = await imp(fixture('questions.json'), { category: 'twice', language: 'EN', skipErrors: true });
    expect(again).toMatchObject({ questions: 0, newCategories: [] });
    expect(again.duplicates).toEqual([1, 2, 3].map((line) => ({ line, message: 'already in the category' })));
    expect(await categoryQuestions('Twice')).toHaveLength(3);
  });

  it('finds duplicates within the file and of questions already in an existing category, by text', async () => {
    const seeded = await t.db.one<{ category: string; question: string }>(sql`SELECT c.name AS category, q.question
      FROM questions q JOIN categories c ON c.id = q.category_id JOIN languages l ON l.id = c.language_id
      WHERE l.code = 'en' AND c.type = 1 ORDER BY q.id LIMIT 1`);
    const csv = `question,option_a,option_b,answer\n"${seeded!.question.toUpperCase()}",x,y,a\nNew here?,x,y,a\n new  HERE? ,x,y,b\n`;
    const r = await imp(csvSource('dups.csv', csv), { category: seeded!.category.toLowerCase(), language: 'en' });
    expect(r).toMatchObject({ questions: 1, imported: true, newCategories: [] });
    expect(r.duplicates).toEqual([
      { line: 2, message: 'already in the category' },
      { line: 4, message: 'same question as line 3' },
    ]);
  });

  it('runs two imports of one file at once one after the other: the second finds every question a duplicate', async () => {
    const o = { category: 'At once', language: 'en' };
    const [a, b] = await Promise.all([imp(fixture('questions.csv'), o), imp(fixture('questions.csv'), o)]);
    expect([a.questions, b.questions].sort()).toEqual([0, 7]);
    expect(await categoryQuestions('At once')).toHaveLength(7);
  });

  it('reports a dry run as the import would go and writes nothing', async () => {
    const r = await imp(fixture('questions.csv'), { category: 'Dry', language: 'en', dryRun: true });
    expect(r).toMatchObject({ questions: 7, imported: false, dryRun: true, newCategories: ['Dry'] });
    expect(await t.db.one(sql`SELECT id FROM categories WHERE name = 'Dry'`)).toBeUndefined();
  });

  it('imports nothing of a file with rows in error, unless asked to skip them; each error has its line and why', async () => {
    const refused = await imp(fixture('broken.csv'), { category: 'Broken', language: 'en' });
    expect(refused).toMatchObject({ rows: 11, questions: 1, imported: false });
    expect(refused.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(refused.errors[1]).toEqual({ line: 4, message: 'answer: must be the letter of one of the options (a, b)' });
    expect(await t.db.one(sql`SELECT id FROM categories WHERE name = 'Broken'`)).toBeUndefined();
    const skipped = await imp(fixture('broken.csv'), { category: 'Broken', language: 'en', skipErrors: true });
    expect(skipped).toMatchObject({ questions: 1, imported: true });
    expect((await categoryQuestions('Broken')).map((q) => q.question)).toEqual(['A good question among bad ones?']);
  });

  it('imports all of a file in one transaction: a failure in a later batch leaves no question and no category', async () => {
    await t.db.session((q) =>
      q(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF NEW.question = 'Boom?' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER refuse_boom BEFORE INSERT ON questions FOR EACH ROW EXECUTE FUNCTION refuse_boom();`),
    );
    try {
      const lines = ['One?', 'Two?', 'Three?', 'Four?', 'Boom?'].map((q) => `${q},x,y,a`);
      const src = csvSource('boom.csv', `question,option_a,option_b,answer\n${lines.join('\n')}\n`);
      // Batches of two: the first two are inserted before the third fails.
      await expect(
        imp(src, { category: 'Atomic', subcategory: 'Part', language: 'en', batchSize: 2 }),
      ).rejects.toMatchObject({ cause: { message: 'refused by the test' } });
      expect(await t.db.one(sql`SELECT id FROM categories WHERE name = 'Atomic'`)).toBeUndefined();
      expect(await t.db.one(sql`SELECT id FROM questions WHERE question = 'One?'`)).toBeUndefined();
    } finally {
      await t.db.session((q) => q('DROP TRIGGER refuse_boom ON questions; DROP FUNCTION refuse_boom();'));
    }
  });

  it('sends rows to the category and language they name, and refuses rows with neither a category nor a known language', async () => {
    const csv =
      'question,option_a,option_b,answer,category,language\n' +
      'Own place?,x,y,a,Row Category,ar\nNo category?,x,y,a,,\nNo such language?,x,y,a,Row Category,xx\n';
    const r = await imp(csvSource('rows.csv', csv), { skipErrors: true });
    expect(r.errors).toEqual([
      { line: 3, message: 'category: none given (a category column or --category)' },
      { line: 4, message: 'language: no language "xx" (there are: en, ar, fr)' },
    ]);
    const lang = await t.db.one<{ code: string }>(sql`SELECT l.code FROM categories c
      JOIN languages l ON l.id = c.language_id WHERE c.name = 'Row Category'`);
    expect(lang).toEqual({ code: 'ar' });
    const unknown = await imp(csvSource('rows.csv', csv), { category: 'X', language: 'xx' });
    expect(unknown.fatal).toBe('no language "xx" (there are: en, ar, fr)');
  });

  it('stores the text of a Windows-1252 OpenTriviaQA file right, and reads XLSX', async () => {
    await imp(fixture('otqa-windows-1252'), { category: 'Windows', language: 'en' });
    expect((await categoryQuestions('Windows')).map((q) => q.question)).toEqual([
      'Who painted the “Mona Lisa”… in Florence?',
      'Which city hosts the Café de Flore?',
      'The motto “Just Do It” belongs to which brand?',
    ]);
    const xlsx = { name: 'template.xlsx', bytes: await rowsToXlsx(templateRows()) };
    const r = await imp(xlsx, { language: 'en', type: 6 });
    expect(r).toMatchObject({ unit: 'row', questions: 6, imported: true, newCategories: ['General knowledge'] });
  });

  it('stores texts with quotes, backslashes, braces, commas and the word NULL as written', async () => {
    const text = 'Back\\slash "quoted" {brace}, comma\nnext line';
    const json = JSON.stringify([{ question: text, option_a: 'NULL', option_b: '{}', answer: 'a' }]);
    await imp(csvSource('odd.json', json), { category: 'Odd texts', language: 'en' });
    const [q] = await categoryQuestions('Odd texts');
    expect([q!.question, q!.options.map((o) => o.text)]).toEqual([text, ['NULL', '{}']]);
  });

  it('reports a file it cannot read as fatal and writes nothing', async () => {
    const r = await imp(csvSource('bad.csv', 'qestion\nx\n'), { category: 'Bad', language: 'en' });
    expect(r.fatal).toMatch(/^unknown column "qestion"/);
    expect(r.imported).toBe(false);
  });
});
