import { describe, expect, it } from 'vitest';
import { DEFAULT_REWARD_RULES as R } from './reward-rules';
import { percentage, quizReward, quizScore } from './quiz-reward';

describe('quizReward', () => {
  it('pays nothing below 30 % correct', () => {
    expect(quizReward(2, 10, R, 10)).toBe(0);
    expect(quizReward(29, 100, R, 10)).toBe(0);
  });
  it('pays the full amount at 70 % and above', () => {
    expect(quizReward(7, 10, R, 10)).toBe(10);
    expect(quizReward(10, 10, R, 10)).toBe(10);
  });
  it('pays linearly between the floor and the full mark, rounded down', () => {
    expect(quizReward(3, 10, R, 10)).toBe(0); // exactly at the floor: zero share
    expect(quizReward(5, 10, R, 10)).toBe(5); // (50-30)/40 of 10
    expect(quizReward(6, 10, R, 10)).toBe(7); // 7.5 rounded down
    expect(quizReward(4, 10, R, 10)).toBe(2); // 2.5 rounded down
  });
  it('uses the exact ratio, not the rounded percentage', () => {
    // 2/3 = 66.67 %: (66.67-30)/40*12 = 11 exactly; floating point would make it 10.999… → 10
    expect(quizReward(2, 3, R, 12)).toBe(11);
  });
  it('never pays for an empty quiz, a negative count or a zero maximum', () => {
    expect(quizReward(0, 0, R, 10)).toBe(0);
    expect(quizReward(-3, 10, R, 10)).toBe(0);
    expect(quizReward(10, 10, R, 0)).toBe(0);
  });
  it('caps correct answers at the number of questions', () => {
    expect(quizReward(50, 10, R, 10)).toBe(10);
  });
});

describe('quizScore', () => {
  it('gives 4 points a correct answer by default', () => {
    expect(quizScore(7, R)).toBe(28);
    expect(quizScore(0, R)).toBe(0);
    expect(quizScore(-1, R)).toBe(0);
  });
});

describe('percentage', () => {
  it('rounds to a whole number and handles an empty quiz', () => {
    expect(percentage(1, 3)).toBe(33);
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(0, 0)).toBe(0);
    expect(percentage(12, 10)).toBe(100);
  });
});
