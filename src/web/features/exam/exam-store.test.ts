import { describe, expect, it } from 'vitest';
import { clearExam, examStoreKey, readExam, resumedAnswers, submission, withAnswer, writeExam } from './exam-store';
import { clockOffset, clockText, msLeft } from '../../lib/server-deadline';

/** A Storage stand-in over a Map. */
function memory() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('exam answers store', () => {
  it('keeps the key, the answers and the time away per player and exam, across reads', () => {
    const s = memory();
    writeExam(s, 7, 3, { key: '2468' });
    writeExam(s, 7, 3, { answers: withAnswer({}, 11, 'b') });
    writeExam(s, 7, 3, { awaySince: 123 });
    expect(readExam(s, 7, 3)).toEqual({ key: '2468', answers: { '11': 'b' }, awaySince: 123 });
    // Another exam, another player: nothing of it.
    expect(readExam(s, 7, 4)).toEqual({ key: '', answers: {}, awaySince: null });
    expect(readExam(s, 8, 3)).toEqual({ key: '', answers: {}, awaySince: null });
    clearExam(s, 7, 3);
    expect(s.m.has(examStoreKey(7, 3))).toBe(false);
  });

  it('changes an answer, and forgets one made empty', () => {
    let a = withAnswer({}, 1, 'a');
    a = withAnswer(a, 2, 'c');
    a = withAnswer(a, 1, 'd');
    expect(a).toEqual({ '1': 'd', '2': 'c' });
    expect(withAnswer(a, 2, '')).toEqual({ '1': 'd' });
  });

  it('reads a damaged or foreign record as empty, and runs without storage at all', () => {
    const s = memory();
    s.setItem(examStoreKey(1, 1), '{not json');
    expect(readExam(s, 1, 1).answers).toEqual({});
    s.setItem(examStoreKey(1, 1), JSON.stringify({ key: 5, answers: { '3': 4 }, awaySince: 'x' }));
    expect(readExam(s, 1, 1)).toEqual({ key: '', answers: {}, awaySince: null });
    expect(writeExam(null, 1, 1, { key: 'k' }).key).toBe('k');
    const full = {
      ...memory(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(writeExam(full, 1, 1, { key: 'k' }).key).toBe('k');
  });

  it('submits the answered questions of this exam once each, in its order, and captures their ids', () => {
    const answers = { '30': 'b', '10': 'a', '99': 'c', '20': ' ' };
    expect(submission([10, 20, 30, 10], answers)).toEqual({
      answers: [
        { question_id: 10, answer: 'a' },
        { question_id: 30, answer: 'b' },
      ],
      captured: [10, 30],
    });
    expect(submission([1, 2], {})).toEqual({ answers: [], captured: [] });
  });
});

describe('exam clock', () => {
  it('corrects the countdown by the server clock offset', () => {
    // The server is 3 s ahead: its deadline 60 s after its "now" is 60 s away here too.
    const offset = clockOffset('2025-01-01T00:00:03.000Z', Date.parse('2025-01-01T00:00:00.000Z'));
    expect(offset).toBe(3000);
    expect(msLeft('2025-01-01T00:01:03.000Z', offset, Date.parse('2025-01-01T00:00:00.000Z'))).toBe(60_000);
    expect(msLeft('2025-01-01T00:00:00.000Z', offset, Date.parse('2025-01-01T00:00:00.000Z'))).toBe(0);
    expect(msLeft('', 0)).toBe(0);
    expect(clockOffset('garbage', 5)).toBe(0);
  });

  it('writes durations as mm:ss, with hours when there are some', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(65)).toBe('01:05');
    expect(clockText(599.9)).toBe('09:59');
    expect(clockText(3725)).toBe('1:02:05');
    expect(clockText(-4)).toBe('00:00');
  });
});

describe('resumedAnswers', () => {
  it("starts from the server's saved answers, this tab's own on top", () => {
    const saved = [
      { question_id: 1, answer: 'a' },
      { question_id: 2, answer: 'b' },
      { question_id: 3, answer: '  ' },
    ];
    expect(resumedAnswers(saved, {})).toEqual({ 1: 'a', 2: 'b' });
    expect(resumedAnswers(saved, { 2: 'c', 4: 'd' })).toEqual({ 1: 'a', 2: 'c', 4: 'd' });
    expect(resumedAnswers(undefined, { 4: 'd' })).toEqual({ 4: 'd' });
  });
});
