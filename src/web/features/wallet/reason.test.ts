import { describe, expect, it } from 'vitest';
import { reasonLabel } from './reason';

describe('reasonLabel', () => {
  it('names known reasons in the interface language', () => {
    expect(reasonLabel('welcome_bonus')).toBe('Welcome bonus');
    expect(reasonLabel('battle_payout')).toBe('Battle winnings');
    expect(reasonLabel('quiz_zone_level')).toBe('Quiz zone level cleared');
    // Not "Fun n learn level" (issue 22 §11): the mode's own name.
    expect(reasonLabel('fun_n_learn_level')).toBe('Fun and Learn');
  });

  it('makes an unknown reason readable rather than showing a code', () => {
    expect(reasonLabel('contest_prize')).toBe('Contest prize');
    expect(reasonLabel('')).toBe('');
  });
});
