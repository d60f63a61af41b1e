import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test-support/test-app';
import { exportCategory, exportRow, type StoredQuestion } from './export-category';
import { importContent } from './import-content';
import { rowsToCsv, rowsToJson } from './write-rows';

const fixture = (name: string) => ({ name, bytes: readFileSync(join(import.meta.dirname, 'fixtures', name)) });
const source = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

const stored = (q: Partial<StoredQuestion>): StoredQuestion => ({
  type: 'mcq',
  question: 'q',
  options: [],
  match_options: [],
  answer: '',
  level: 1,
  marks: 1,
  explanation: '',
  image: '',
  audio: '',
  latex: false,
  subcategory: null,
  ...q,
});

describe('exportRow', () => {
  const options = [
    { id: 'a', text: 'one' },
    { id: 'b', text: 'two' },
    { id: 'c', text: 'three' },
  ];

  it('names options by letter in the answer, whatever their ids', () => {
    const shuffledIds = options.map((o, k) => ({ ...o, id: ['x', 'y', 'z'][k]! }));
    expect(exportRow(stored({ options: shuffledIds, answer: 'y' }), 'C', 'en')).toMatchObject({
      option_a: 'one',
      option_c: 'three',
      answer: 'b',
      category: 'C',
      language: 'en',
    });
    expect(exportRow(stored({ type: 'multi_select', options, answer: 'a,c' }), 'C', 'en').answer).toBe('a,c');
  });

  it("writes a match question's pairs into the match column of each left item", () => {
    const match_options = [
      { id: '1', text: 'uno' },
      { id: '2', text: 'dos' },
      { id: '3', text: 'tres' },
    ];
    const row = exportRow(stored({ type: 'match', options, match_options, answer: 'a:2,b:3,c:1' }), 'C', 'en');
    expect([row.match_a, row.match_b, row.match_c, row.answer]).toEqual(['dos', 'tres', 'uno', '']);
  });
});

async function storedQuestions(db: Db, category: string) {
  return db.rows(sql`SELECT q.type, q.question, q.options, q.match_options, q.answer, q.level, q.marks, q.explanation,
      q.image, q.audio, q.latex, s.name AS subcategory
    FROM questions q JOIN categories c ON c.id = q.category_id LEFT JOIN subcategories s ON s.id = q.subcategory_id
    WHERE c.name = ${category} ORDER BY s.sort NULLS FIRST, s.id NULLS FIRST, q.level, q.id`);
}

describe('exportCategory', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    other = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    await other.close();
  });

  it('round-trips: a category exported as CSV or JSON and imported elsewhere exports the same again', async () => {
    await importContent(t.db, fixture('questions.csv'), { category: 'Round trip', language: 'en' });
    await importContent(t.db, fixture('questions.json'), { category: 'Round trip', skipErrors: true });
    const rows = await exportCategory(t.db, { category: 'round-trip', language: 'en' });
    expect(rows).toHaveLength(10);
    for (const [name, text] of [
      ['again.csv', rowsToCsv(rows)],
      ['again.json', rowsToJson(rows)],
    ] as const) {
      const r = await importContent(other.db, source(name, text), {});
      expect(r).toMatchObject({ questions: name.endsWith('.csv') ? 10 : 0, errors: [] });
    }
    const again = await exportCategory(other.db, { category: 'Round trip' });
    expect(rowsToCsv(again)).toBe(rowsToCsv(rows));
    expect(rowsToJson(again)).toBe(rowsToJson(rows));
    expect(await storedQuestions(other.db, 'Round trip')).toEqual(await storedQuestions(t.db, 'Round trip'));
  });

  it('exports a seeded multi-match category whose re-import stores the same questions', async () => {
    const rows = await exportCategory(t.db, { category: 'Science Mix', type: 6 });
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['multi_select', 'sequence', 'match']));
    const copy = rows.map((r) => ({ ...r, category: 'Science Mix copy' }));
    const r = await importContent(t.db, source('copy.csv', rowsToCsv(copy)), { type: 6 });
    expect(r).toMatchObject({ questions: rows.length, imported: true, errors: [] });
    expect(await storedQuestions(t.db, 'Science Mix copy')).toEqual(await storedQuestions(t.db, 'Science Mix'));
  });

  it('refuses an unknown category or language', async () => {
    await expect(exportCategory(t.db, { category: 'Nope' })).rejects.toThrow(
      'no category "Nope" in that language and mode',
    );
    await expect(exportCategory(t.db, { category: 'Round trip', language: 'xx' })).rejects.toThrow('no language "xx"');
  });
});
