import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text';
import { parseOtqa } from './parse-otqa';

const fixture = (name: string) => decodeText(readFileSync(join(import.meta.dirname, 'fixtures', name))).text;

describe('parseOtqa', () => {
  it('reads questions, answers as option letters, and two-option True/False or Yes/No entries as true_false', () => {
    const rows = parseOtqa(fixture('otqa-utf8'));
    expect(rows.map((r) => [r.line, r.cells.type, r.cells.answer])).toEqual([
      [1, 'mcq', 'b'],
      [8, 'true_false', 'a'],
      [13, 'true_false', 'b'],
      [18, 'mcq', 'a'],
      [26, 'mcq', ''],
    ]);
    expect(rows[0]!.cells).toMatchObject({ question: 'Which river flows through Zürich?', option_a: 'Rhône' });
    expect(rows[1]!.cells.question).toBe('The café “Le Procope” is said to be the oldest in Paris.');
  });

  it('keeps the lines of a question that continues up to its answer', () => {
    expect(parseOtqa(fixture('otqa-utf8'))[3]!.cells.question).toBe(
      'Read the riddle:\nI have keys but open no locks.\nWhat am I?',
    );
  });

  it('says when the answer is not one of the options', () => {
    expect(parseOtqa(fixture('otqa-utf8'))[4]!.problems).toEqual(['the answer "Nowhere" is not one of the options']);
  });

  it('reads a Windows-1252 file with accents, curly quotes, an ellipsis and a damaged closing quote', () => {
    const rows = parseOtqa(fixture('otqa-windows-1252'));
    expect(rows.map((r) => r.cells.question)).toEqual([
      'Who painted the “Mona Lisa”… in Florence?',
      'Which city hosts the Café de Flore?',
      'The motto “Just Do It” belongs to which brand?',
    ]);
    expect(rows[0]!.cells).toMatchObject({ option_a: 'Raphaël', option_b: 'Léonard de Vinci', answer: 'b' });
    expect(rows[1]!.cells.option_b).toBe('Montréal');
    expect(rows.every((r) => r.problems.length === 0)).toBe(true);
  });

  it('flags an entry without an answer line, options out of order or more than five, and text before the first question', () => {
    const rows = parseOtqa(
      'stray\n#Q No answer\nA x\n\n#Q Out of order\n^ x\nA x\nC y\n\n#Q Six\n^ a\nA a\nB b\nC c\nD d\nE e\nF f\n',
    );
    expect(rows.map((r) => r.problems)).toEqual([
      ['text before the first #Q question'],
      ['no ^ answer line'],
      ['line 8: option C where B was expected'],
      ['6 options: at most 5'],
    ]);
  });
});
