import { describe, expect, it } from 'vitest';
import { canonicalAnswer, isCorrectAnswer, normalizeWord } from './answers';

describe('grading by question type', () => {
  it('takes a multi select in any order but needs exactly the right set', () => {
    expect(isCorrectAnswer('multi_select', 'a,c', 'c,a')).toBe(true);
    expect(isCorrectAnswer('multi_select', 'a,c', 'a, c')).toBe(true);
    expect(isCorrectAnswer('multi_select', 'a,c', 'a')).toBe(false);
    expect(isCorrectAnswer('multi_select', 'a,c', 'a,c,d')).toBe(false);
    expect(isCorrectAnswer('multi_select', 'a,c', 'a,a,c')).toBe(false);
  });
  it('needs a sequence in order', () => {
    expect(isCorrectAnswer('sequence', 'c,a,b', 'c,a,b')).toBe(true);
    expect(isCorrectAnswer('sequence', 'c,a,b', 'a,b,c')).toBe(false);
  });
  it('takes match pairs in any order, never a left item twice', () => {
    expect(isCorrectAnswer('match', 'a:1,b:2,c:3', 'c:3,a:1,b:2')).toBe(true);
    expect(isCorrectAnswer('match', 'a:1,b:2,c:3', 'a:1,a:2,c:3')).toBe(false);
    expect(isCorrectAnswer('match', 'a:1,b:2,c:3', 'a:1,b:3,c:2')).toBe(false);
    expect(canonicalAnswer('match', 'a1,b:2')).toBeNull();
  });
  it('reads a word without case, spaces, punctuation or Arabic diacritics', () => {
    expect(isCorrectAnswer('word', 'New York', 'new-york')).toBe(true);
    expect(isCorrectAnswer('word', 'قطة', 'قِطَّة')).toBe(true);
    expect(isCorrectAnswer('word', 'أسد', 'اسد')).toBe(true);
    expect(isCorrectAnswer('word', 'ELEPHANT', 'ELEPHAN')).toBe(false);
    expect(normalizeWord('  ')).toBe('');
    expect(isCorrectAnswer('word', 'cat', '  ')).toBe(false);
  });
  it('never counts an empty or missing answer', () => {
    for (const t of ['mcq', 'multi_select', 'sequence', 'match', 'word']) {
      expect(isCorrectAnswer(t, 'a', null)).toBe(false);
      expect(isCorrectAnswer(t, 'a', '')).toBe(false);
    }
  });
});
