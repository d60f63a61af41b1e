import { describe, expect, it } from 'vitest';
import { countAnswers, reachesPassMark, UNPAID_PASS_PERCENTAGE } from './quiz-grading';

describe('counting a play', () => {
  it('counts right, wrong and unanswered questions, with the percentage right', () => {
    const counts = countAnswers([
      { answer: 'a', right: true },
      { answer: 'b', right: false },
      { answer: null, right: false },
      { answer: 'c', right: true },
    ]);
    expect(counts).toEqual({ total: 4, correct: 2, incorrect: 1, unanswered: 1, percentage: 50 });
  });

  it('counts a correct answer that earns nothing (under the human floor) as wrong', () => {
    expect(countAnswers([{ answer: 'a', right: false }])).toMatchObject({ correct: 0, incorrect: 1 });
  });

  it('counts an answer whose verdict is not known yet as neither right nor wrong', () => {
    const counts = countAnswers([
      { answer: 'a', right: false, known: false },
      { answer: 'b', right: false, known: true },
    ]);
    expect(counts).toMatchObject({ total: 2, correct: 0, incorrect: 1, unanswered: 0 });
  });

  it('answers zeros for a play with nothing graded', () => {
    expect(countAnswers([])).toEqual({ total: 0, correct: 0, incorrect: 0, unanswered: 0, percentage: 0 });
  });
});

describe('the pass mark', () => {
  it('passes at the mark and not below it', () => {
    expect(reachesPassMark(3, 10, UNPAID_PASS_PERCENTAGE)).toBe(true);
    expect(reachesPassMark(2, 10, UNPAID_PASS_PERCENTAGE)).toBe(false);
    expect(reachesPassMark(1, 3, UNPAID_PASS_PERCENTAGE)).toBe(true);
  });

  it('never passes a play with nothing graded', () => {
    expect(reachesPassMark(0, 0, 0)).toBe(false);
  });

  it('is 30 % for a play that pays nothing', () => {
    expect(UNPAID_PASS_PERCENTAGE).toBe(30);
  });
});
