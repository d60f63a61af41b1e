import { describe, expect, it } from 'vitest';
import type { PlayQuestion } from '../../core/contract';
import { describeAnswer } from '../ui/question/answer-format';
import { idList, moveItem } from '../ui/question/renderer-props';
import { textDir } from '../ui/question/Rich';
import { splitTex } from '../ui/question/tex';
import { playQuestion } from './test-fixtures';
import {
  applyHint,
  backspace,
  boardWord,
  clearSlot,
  fillWord,
  isFree,
  makeTiles,
  newBoard,
  placeTile,
  slotLetters,
  typeLetter,
  wordLetters,
} from './word-board';

const question = (over: Partial<PlayQuestion>): PlayQuestion => playQuestion(1, { question: 'Q', ...over });

describe('word board', () => {
  it('offers the word letters plus a few decoys of the same script, the same for a seed', () => {
    const tiles = makeTiles('ELEPHANT', 7);
    expect(tiles).toEqual(makeTiles('ELEPHANT', 7));
    expect(tiles.length).toBe(8 + 3);
    for (const l of wordLetters('ELEPHANT')) expect(tiles.filter((t) => t === l).length).toBeGreaterThan(0);
    expect(tiles.every((t) => /^[A-Z]$/.test(t))).toBe(true);
    const ar = makeTiles('قطة', 3);
    expect(ar.length).toBe(5);
    expect(ar.every((t) => /\p{Script=Arabic}/u.test(t))).toBe(true);
  });

  it('places tiles in order, takes them back, and spells the word when full', () => {
    let b = newBoard('CAT', 1);
    const tileOf = (l: string) => b.tiles.findIndex((t, i) => t === l && isFree(b, i));
    b = placeTile(b, tileOf('C'));
    b = placeTile(b, tileOf('A'));
    expect(boardWord(b)).toBeNull();
    b = placeTile(b, tileOf('T'));
    expect(boardWord(b)).toBe('CAT');
    b = clearSlot(b, 1);
    expect(slotLetters(b)).toEqual(['C', '', 'T']);
    b = typeLetter(b, 'a');
    expect(boardWord(b)).toBe('CAT');
    b = backspace(b);
    expect(slotLetters(b)).toEqual(['C', 'A', '']);
  });

  it('a hint fixes a letter, takes a tile of it (even from another slot), and survives backspace', () => {
    let b = newBoard('TOT', 2);
    b = typeLetter(b, 'T');
    b = typeLetter(b, 'T');
    expect(slotLetters(b)).toEqual(['T', 'T', '']);
    b = applyHint(b, 2, 'T');
    expect(slotLetters(b)).toEqual(['T', '', 'T']);
    expect(b.spent).toHaveLength(1);
    b = backspace(backspace(b));
    expect(slotLetters(b)).toEqual(['', '', 'T']);
    b = typeLetter(typeLetter(b, 'T'), 'O');
    expect(boardWord(b)).toBe('TOT');
  });

  it('restores a saved word around the hinted letters', () => {
    const b = fillWord(newBoard('DOG', 5, [{ position: 1, letter: 'O' }]), 'DOG');
    expect(boardWord(b)).toBe('DOG');
  });
});

describe('TeX splitting', () => {
  it('splits inline and display TeX from text; an unmatched or escaped dollar stays text', () => {
    expect(splitTex('Solve $x^2 = 4$ for x')).toEqual([
      { tex: false, display: false, text: 'Solve ' },
      { tex: true, display: false, text: 'x^2 = 4' },
      { tex: false, display: false, text: ' for x' },
    ]);
    expect(splitTex('$$\\frac{1}{2}$$')).toEqual([{ tex: true, display: true, text: '\\frac{1}{2}' }]);
    expect(splitTex('costs \\$5 or $6')).toEqual([{ tex: false, display: false, text: 'costs $5 or $6' }]);
    expect(splitTex('<b>$a$</b>')[0]).toEqual({ tex: false, display: false, text: '<b>' });
  });
});

describe('answers in the type form', () => {
  it('names options, orders and pairs', () => {
    expect(describeAnswer(question({}), 'b')).toEqual({ kind: 'text', text: 'Beta' });
    expect(describeAnswer(question({}), null)).toBeNull();
    expect(describeAnswer(question({ question_type: 'multi_select' }), 'c,a')).toEqual({
      kind: 'choices',
      items: ['Alpha', 'Gamma'],
    });
    expect(describeAnswer(question({ question_type: 'sequence' }), 'c,a,b')).toEqual({
      kind: 'order',
      items: ['Gamma', 'Alpha', 'Beta'],
    });
    const match = question({
      question_type: 'match',
      options: [
        { id: 'a', text: 'France' },
        { id: 'b', text: 'Japan' },
      ],
      match_options: [
        { id: '1', text: 'Tokyo' },
        { id: '2', text: 'Paris' },
      ],
    });
    expect(describeAnswer(match, 'a:2,b:1')).toEqual({
      kind: 'pairs',
      pairs: [
        { left: 'France', right: 'Paris' },
        { left: 'Japan', right: 'Tokyo' },
      ],
    });
    expect(describeAnswer(question({ question_type: 'word', options: [] }), 'CAT')).toEqual({
      kind: 'text',
      text: 'CAT',
    });
  });

  it('lists ids and moves items', () => {
    expect(idList(' a, ,c')).toEqual(['a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});

describe('textDir', () => {
  it('lets words choose their direction and leaves numbers and formulas to the interface', () => {
    expect(textDir('Paris')).toBe('auto');
    expect(textDir('باريس')).toBe('auto');
    expect(textDir('Solve $x+1=2$')).toBe('auto');
    expect(textDir('$x = 24$')).toBeUndefined();
    expect(textDir('13')).toBeUndefined();
  });
});
