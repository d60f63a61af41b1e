import { describe, expect, it } from 'vitest';
import type { SourceRow } from './columns';
import { findDuplicates, questionKey } from './duplicates';
import { checkRow } from './question-row';

const check = (cells: SourceRow['cells']) => checkRow({ line: 7, cells, problems: [] });
const errorsOf = (cells: SourceRow['cells']) => {
  const r = check(cells);
  return r.ok ? [] : r.errors;
};
const rowOf = (cells: SourceRow['cells']) => {
  const r = check(cells);
  if (!r.ok) throw new Error(r.errors.join('; '));
  return r.question;
};

describe('checkRow', () => {
  it('stores an mcq the way the seed does: option ids a.. and the answer id', () => {
    const q = rowOf({ question: ' Capital of Peru? ', option_a: 'Quito', option_b: 'Lima', answer: 'B', level: '3' });
    expect(q.row).toMatchObject({
      type: 'mcq',
      question: 'Capital of Peru?',
      options: [
        { id: 'a', text: 'Quito' },
        { id: 'b', text: 'Lima' },
      ],
      answer: 'b',
    });
    expect(q).toMatchObject({ line: 7, level: 3, marks: 1 });
  });

  it('gives a true_false question True/False options when none are written, and takes "false" as its answer', () => {
    const q = rowOf({ question: 'Ice floats.', type: 'true_false', answer: 'false' });
    expect(q.row.options.map((o) => o.text)).toEqual(['True', 'False']);
    expect(q.row.answer).toBe('b');
  });

  it('encodes multi_select, sequence, match and word answers canonically', () => {
    const opts = { option_a: 'one', option_b: 'two', option_c: 'three' };
    expect(rowOf({ question: 'q', type: 'multi_select', ...opts, answer: 'c, a' }).row.answer).toBe('a,c');
    const seq = rowOf({ question: 'q', type: 'sequence', ...opts, answer: 'c,a,b' }).row;
    expect([seq.options.map((o) => o.text), seq.answer]).toEqual([['three', 'one', 'two'], 'a,b,c']);
    const match = rowOf({ question: 'q', type: 'match', ...opts, match_a: '1', match_b: '2', match_c: '3' }).row;
    expect([match.match_options.map((o) => o.id), match.answer]).toEqual([['1', '2', '3'], 'a:1,b:2,c:3']);
    expect(rowOf({ question: 'Big grey animal', type: 'word', answer: 'Elephant' }).row).toMatchObject({
      options: [],
      answer: 'Elephant',
    });
  });

  it('keeps image, audio and LaTeX for every type', () => {
    const q = rowOf({ question: 'q', type: 'word', answer: 'x', image: '/media/a.png', latex: 'yes' });
    expect(q.row).toMatchObject({ image: '/media/a.png', latex: true });
  });

  it('says, by column, why a row is refused', () => {
    expect(errorsOf({ question: '', option_a: 'x', option_b: 'y', answer: 'a' })).toEqual(['question: is required']);
    expect(errorsOf({ question: 'q', option_a: 'x', option_b: 'y', answer: 'c' })).toEqual([
      'answer: must be the letter of one of the options (a, b)',
    ]);
    expect(errorsOf({ question: 'q', option_a: 'x', answer: 'a' })).toEqual([
      'options: mcq takes 2 to 5 options (option_a...), found 1',
    ]);
    expect(errorsOf({ question: 'q', option_a: 'x', option_c: 'y', answer: 'a' })).toEqual([
      'option_b: empty while a later option is filled',
    ]);
    expect(errorsOf({ question: 'q', option_a: 'Same', option_b: 'same ', answer: 'a' })).toEqual([
      'option_b: repeats option_a ("same")',
    ]);
    expect(errorsOf({ question: 'q', type: 'riddle', level: '0', marks: 'x' })).toEqual([
      'type: must be one of mcq, true_false, multi_select, sequence, match, word',
      'level: must be 1 or more',
      'marks: must be a whole number',
    ]);
    expect(errorsOf({ question: 'q', option_a: 'x', option_b: 'y', answer: 'a', match_a: 'z' })).toEqual([
      'match_a: only match questions have match_ columns',
    ]);
    expect(errorsOf({ question: 'q', type: 'match', option_a: 'x', option_b: 'y', match_a: '1' })).toEqual([
      'match_b: the item paired with option_b is missing',
    ]);
    expect(errorsOf({ question: 'q', type: 'word', answer: '?!' })).toEqual([
      'answer: the word to guess is required (letters or digits)',
    ]);
    expect(
      errorsOf({ question: 'q', image: 'javascript:alert(1)', option_a: 'x', option_b: 'y', answer: 'a' }),
    ).toEqual(['image: must be a path such as /media/x.png or an https:// URL']);
  });

  it('refuses huge fields and NUL bytes, and keeps formula-like text as plain text', () => {
    expect(errorsOf({ question: 'x'.repeat(2001), option_a: 'x', option_b: 'y', answer: 'a' })).toEqual([
      'question: must be at most 2000 characters',
    ]);
    expect(errorsOf({ question: 'a\u0000b', option_a: 'x', option_b: 'y', answer: 'a' })).toEqual([
      'question: contains a control character (such as NUL)',
    ]);
    const q = rowOf({ question: "=cmd|' /C calc'!A0", option_a: '@SUM(1)', option_b: '+1', answer: 'a' });
    expect([q.row.question, q.row.options[0]!.text]).toEqual(["=cmd|' /C calc'!A0", '@SUM(1)']);
  });

  it("reports the parser's problems with the row's own", () => {
    const r = checkRow({
      line: 3,
      cells: { question: 'q', answer: '' },
      problems: ['the answer "x" is not one of the options'],
    });
    expect(r).toMatchObject({ ok: false, line: 3 });
    expect(!r.ok && r.errors[0]).toBe('the answer "x" is not one of the options');
  });
});

describe('findDuplicates', () => {
  it('finds a question already in its category or earlier in the file, by text without case and spacing', () => {
    expect(questionKey('  What  IS\nthis？ ')).toBe('what is this?');
    const found = findDuplicates(
      [
        { line: 1, target: 'A', question: 'Old one' },
        { line: 2, target: 'A', question: 'New one' },
        { line: 3, target: 'B', question: 'new ONE' },
        { line: 4, target: 'A', question: 'new  one' },
      ],
      new Map([['A', new Set(['old one'])]]),
    );
    expect([...found]).toEqual([
      [0, 'already in the category'],
      [3, 'same question as line 2'],
    ]);
  });
});
