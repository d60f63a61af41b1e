import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ContentFileError } from './columns';
import { escapeFormulaCell, unescapeFormulaCell } from './formula-cells';
import { MAX_FILE_BYTES, formatOfName, parseContentFile } from './parse-file';
import { parseCsv } from './parse-csv';
import { parseJson } from './parse-json';
import { parseXlsx } from './parse-xlsx';
import { templateRows } from './template';
import { rowsToCsv, rowsToXlsx } from './write-rows';
import { checkRow } from './question-row';
import { zipUncompressedBytes } from './zip-size';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

describe('parseCsv', () => {
  it('reads the header, numbers each record by the line it starts on and keeps quoted line breaks', () => {
    const rows = parseCsv(fixture('questions.csv').toString('utf8'));
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(rows[6]!.cells.question).toBe('A question\non two lines, with "quotes" and a comma?');
    expect(rows[6]!.cells.option_a).toBe('Yes, indeed');
    expect(rows.map((r) => checkRow(r).ok)).toEqual([true, true, true, true, true, true, true]);
  });

  it('reads semicolon- and tab-separated files', () => {
    expect(parseCsv('question;answer\nWho?;a\n')[0]!.cells).toEqual({ question: 'Who?', answer: 'a' });
    expect(parseCsv('Question\tOption A\nWho?\tMe\n')[0]!.cells).toEqual({ question: 'Who?', option_a: 'Me' });
  });

  it('refuses a file whose header names an unknown column, a column twice, or no question column', () => {
    expect(() => parseCsv('question,qestion\nx,y\n')).toThrow(/unknown column "qestion"; the columns are question/);
    expect(() => parseCsv('question,Question\nx,y\n')).toThrow('the column "question" appears twice');
    expect(() => parseCsv('answer\nx\n')).toThrow('no "question" column in the first row');
    expect(() => parseCsv('question\n"unclosed\n')).toThrow(ContentFileError);
  });

  it('flags a value under no header, and keeps formula-like cells as text (the export escape taken off)', () => {
    const rows = parseCsv(`question,answer\n"=cmd|' /C calc'!A0",a,extra\n"'=1+1",a\n-5,a\n`);
    expect(rows[0]!.problems).toEqual(['a value in column 3, which has no header']);
    expect(rows.map((r) => r.cells.question)).toEqual(["=cmd|' /C calc'!A0", '=1+1', '-5']);
  });
});

describe('formula cells', () => {
  it('escapes what a spreadsheet would run, not numbers, and unescapes back to the same text', () => {
    const texts = ['=1+1', '+cmd', '-x', '@SUM(A1)', '-5', '+3.5', 'plain', "'=x", "''=x", "'plain"];
    expect(texts.map(escapeFormulaCell)).toEqual([
      "'=1+1",
      "'+cmd",
      "'-x",
      "'@SUM(A1)",
      '-5',
      '+3.5',
      'plain',
      "''=x",
      "'''=x",
      "'plain",
    ]);
    expect(texts.map((t) => unescapeFormulaCell(escapeFormulaCell(t)))).toEqual(texts);
  });
});

describe('parseXlsx', () => {
  it('reads the questions sheet by row number: numbers and rich text as text, a formula as its text, never its result', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('notes').addRow(['not the questions']);
    const sheet = wb.addWorksheet('Questions');
    sheet.addRow(['Question', 'Option A', 'Option B', 'Answer', 'Level']);
    sheet.addRow([]);
    sheet.addRow(['Zürich is in “Switzerland”?', 'Yes', 'No', 'a', 2]);
    sheet.addRow([{ richText: [{ text: 'Rich ' }, { text: 'text', font: { bold: true } }] }, 'x', 'y', 'b']);
    sheet.addRow([{ formula: 'HYPERLINK("http://evil","click")', result: 'click' }, "=cmd|' /C calc'!A0", 'y', 'a']);
    const rows = await parseXlsx(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(rows.map((r) => [r.line, r.cells.question])).toEqual([
      [3, 'Zürich is in “Switzerland”?'],
      [4, 'Rich text'],
      [5, '=HYPERLINK("http://evil","click")'],
    ]);
    expect(rows[0]!.cells.level).toBe('2');
    expect(rows[2]!.cells.option_a).toBe("=cmd|' /C calc'!A0");
  });

  it('refuses bytes that are not a workbook', async () => {
    await expect(parseXlsx(new TextEncoder().encode('question\nnot a zip'))).rejects.toThrow(/not readable as XLSX/);
  });

  it('refuses a workbook that declares more unpacked bytes than allowed, before inflating it', async () => {
    const bytes = await rowsToXlsx(templateRows());
    const unpacked = zipUncompressedBytes(bytes)!;
    expect(unpacked).toBeGreaterThan(bytes.byteLength);
    await expect(parseXlsx(bytes, unpacked - 1)).rejects.toThrow(`the workbook unpacks to ${unpacked} bytes`);
    expect((await parseXlsx(bytes, unpacked)).length).toBe(6);
  });
});

describe('parseJson', () => {
  it('reads an array of question objects, numbers and booleans as text, numbered by item', () => {
    const rows = parseJson(fixture('questions.json').toString('utf8'));
    expect(rows[0]).toMatchObject({ line: 1, cells: { level: '2', marks: '3', answer: 'b' }, problems: [] });
    expect(rows[2]!.cells).toMatchObject({ option_a: '$\\pi r^2$', latex: 'true' });
    expect(rows[3]!.problems).toEqual(['option_a: must be text, a number or a boolean']);
    expect(rows[4]!.problems).toEqual(['unknown field "colour"']);
  });

  it('refuses what is not an array', () => {
    expect(() => parseJson('{"question": "x"}')).toThrow('a JSON import is an array of question objects');
    expect(() => parseJson('[{"question": ')).toThrow(/not readable as JSON/);
  });
});

describe('parseContentFile', () => {
  it('infers the format from the name: none or .txt OpenTriviaQA, .csv/.tsv, .xlsx, .json', () => {
    expect(['animals', 'a.txt', 'a.CSV', 'a.tsv', 'a.xlsx', 'a.json', 'a.pdf'].map(formatOfName)).toEqual([
      'otqa',
      'otqa',
      'csv',
      'csv',
      'xlsx',
      'json',
      undefined,
    ]);
  });

  it('refuses a file over 10 MB before reading it, and a file with no question', async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1).fill(0x41);
    await expect(parseContentFile({ name: 'big.csv', bytes: big })).rejects.toThrow(/at most 10485760 \(10 MB\)/);
    await expect(parseContentFile({ name: 'empty', bytes: new Uint8Array() })).rejects.toThrow(/no questions found/);
    await expect(parseContentFile({ name: 'x.pdf', bytes: new Uint8Array(1) })).rejects.toThrow(/unknown format/);
  });

  it('reads a file of NUL bytes without failing: its rows are refused one by one', async () => {
    const parsed = await parseContentFile({ name: 'nul.csv', bytes: new TextEncoder().encode('question\na\u0000b\n') });
    expect(checkRow(parsed.rows[0]!)).toMatchObject({
      ok: false,
      errors: ['question: contains a control character (such as NUL)'],
    });
  });
});

describe('template', () => {
  it('is valid as CSV and as XLSX: every example row checks', async () => {
    const csv = await parseContentFile({ name: 't.csv', bytes: new TextEncoder().encode(rowsToCsv(templateRows())) });
    const xlsx = await parseContentFile({ name: 't.xlsx', bytes: await rowsToXlsx(templateRows()) });
    for (const parsed of [csv, xlsx]) {
      expect(parsed.rows.map((r) => checkRow(r).ok)).toEqual(templateRows().map(() => true));
      expect(parsed.rows.map((r) => r.cells.type)).toEqual([
        'mcq',
        'true_false',
        'multi_select',
        'sequence',
        'match',
        'word',
      ]);
    }
  });
});
