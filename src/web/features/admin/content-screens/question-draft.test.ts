import { describe, expect, it } from 'vitest';
import { answerCells, draftForType, draftFromFields, draftProblems, emptyDraft } from './question-draft';

const fields = (o: Record<string, string>) => ({
  option_a: '',
  option_b: '',
  option_c: '',
  option_d: '',
  option_e: '',
  answer: '',
  ...o,
});

describe('the question editor’s answer part', () => {
  it('reads a saved multiple-choice question and writes the same cells back', () => {
    const f = fields({ option_a: 'Venus', option_b: 'Mars', option_c: 'Jupiter', answer: 'b' });
    const d = draftFromFields('mcq', f);
    expect(d).toMatchObject({ options: ['Venus', 'Mars', 'Jupiter'], right: [1] });
    expect(answerCells('mcq', d)).toMatchObject({ option_a: 'Venus', option_c: 'Jupiter', option_d: '', answer: 'b' });
  });

  it('edits a sequence in its right order and saves it with an empty answer (the column order)', () => {
    const d = draftFromFields(
      'sequence',
      fields({ option_a: 'Ten', option_b: 'One', option_c: 'Hundred', answer: 'b,a,c' }),
    );
    expect(d.options).toEqual(['One', 'Ten', 'Hundred']);
    expect(answerCells('sequence', d)).toMatchObject({ option_a: 'One', option_b: 'Ten', answer: '' });
  });

  it('writes multi-select letters in order, match pairs, and a word', () => {
    expect(
      answerCells('multi_select', { ...emptyDraft('multi_select'), options: ['R', 'Y', 'G'], right: [2, 0] }).answer,
    ).toBe('a,c');
    const pairs = answerCells('match', {
      options: ['France', 'Japan'],
      matches: ['Paris', 'Tokyo'],
      right: [],
      word: '',
    });
    expect(pairs).toMatchObject({ option_b: 'Japan', match_a: 'Paris', match_b: 'Tokyo', match_c: '', answer: '' });
    expect(answerCells('word', { ...emptyDraft('word'), word: ' Mars ' })).toMatchObject({
      answer: 'Mars',
      option_a: '',
    });
  });

  it('names the field of each problem as the server would', () => {
    expect(draftProblems('mcq', { ...emptyDraft('mcq'), options: ['Only one', '', '', ''], right: [0] })).toEqual({
      options: 'twoOptions',
    });
    expect(draftProblems('mcq', { ...emptyDraft('mcq'), options: ['A', '', 'C'], right: [0] })).toEqual({
      option_b: 'fillOrRemove',
    });
    expect(draftProblems('mcq', { ...emptyDraft('mcq'), options: ['A', 'B'], right: [] })).toEqual({
      answer: 'chooseRight',
    });
    expect(draftProblems('multi_select', { ...emptyDraft('mcq'), options: ['A', 'B'], right: [] })).toEqual({
      answer: 'chooseSome',
    });
    expect(draftProblems('match', { options: ['A', 'B'], matches: ['1', ''], right: [], word: '' })).toEqual({
      match_b: 'pairMissing',
    });
    expect(draftProblems('word', emptyDraft('word'))).toEqual({ answer: 'wordRequired' });
    expect(draftProblems('true_false', { ...emptyDraft('true_false'), right: [1] })).toEqual({});
  });

  it('keeps what fits when the type changes', () => {
    const d = { options: ['A', 'B', 'C'], matches: ['', '', ''], right: [2], word: '' };
    expect(draftForType(d, 'true_false')).toMatchObject({ options: ['A', 'B'], right: [] });
    expect(draftForType(emptyDraft('mcq'), 'true_false').options).toEqual(['True', 'False']);
    expect(draftForType(d, 'multi_select')).toMatchObject({ options: ['A', 'B', 'C'], right: [2] });
    expect(draftForType(d, 'sequence').right).toEqual([]);
  });
});
