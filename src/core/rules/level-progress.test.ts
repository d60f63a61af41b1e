import { describe, expect, it } from 'vitest';
import { DEFAULT_REWARD_RULES as R } from './reward-rules';
import { isLevelPlayable, levelOutcome, levelPassed } from './level-progress';

const fresh = { level: 1, maxLevel: 5, unlockedLevel: 1, clearedBefore: false, bestScore: 0 };

describe('isLevelPlayable', () => {
  it('opens level 1 to everyone and nothing above the unlocked level', () => {
    expect(isLevelPlayable(1, 1)).toBe(true);
    expect(isLevelPlayable(1, 0)).toBe(true);
    expect(isLevelPlayable(2, 1)).toBe(false);
    expect(isLevelPlayable(3, 3)).toBe(true);
    expect(isLevelPlayable(0, 3)).toBe(false);
  });
});

describe('levelPassed', () => {
  it('passes at the pass percentage and above', () => {
    expect(levelPassed(3, 10, R)).toBe(true);
    expect(levelPassed(2, 10, R)).toBe(false);
    expect(levelPassed(0, 0, R)).toBe(false);
  });
});

describe('levelOutcome', () => {
  it('pays coins, adds score and unlocks the next level on a first clear', () => {
    const o = levelOutcome(10, 10, fresh, R);
    expect(o).toMatchObject({ passed: true, points: 40, scoreGain: 40, coins: 10, firstClear: true });
    expect(o).toMatchObject({ unlockedLevel: 2, nextLevelUnlocked: true });
  });
  it('pays no coins when the level was cleared before, and adds only score beyond the best', () => {
    const o = levelOutcome(10, 10, { ...fresh, clearedBefore: true, bestScore: 32, unlockedLevel: 2 }, R);
    expect(o.coins).toBe(0);
    expect(o.scoreGain).toBe(8);
    expect(o.firstClear).toBe(false);
    expect(o.nextLevelUnlocked).toBe(false);
    expect(o.unlockedLevel).toBe(2);
  });
  it('unlocks nothing and pays nothing on a fail, but keeps the score of the correct answers', () => {
    const o = levelOutcome(2, 10, fresh, R);
    expect(o).toMatchObject({
      passed: false,
      coins: 0,
      points: 8,
      scoreGain: 8,
      unlockedLevel: 1,
      nextLevelUnlocked: false,
    });
  });
  it('does not unlock past the last level', () => {
    const o = levelOutcome(10, 10, { ...fresh, level: 5, unlockedLevel: 5 }, R);
    expect(o.nextLevelUnlocked).toBe(false);
    expect(o.unlockedLevel).toBe(5);
    expect(o.coins).toBe(10);
  });
  it('does not lower the unlocked level when an earlier level is replayed', () => {
    const o = levelOutcome(10, 10, { ...fresh, level: 1, unlockedLevel: 4, clearedBefore: true, bestScore: 40 }, R);
    expect(o.unlockedLevel).toBe(4);
    expect(o.scoreGain).toBe(0);
  });
  it('pays partial coins between the floor and the full mark on a first clear', () => {
    expect(levelOutcome(5, 10, fresh, R).coins).toBe(5);
  });
});
