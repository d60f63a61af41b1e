import { describe, expect, it } from 'vitest';
import { reasonLabel } from './reason';

describe('reasonLabel', () => {
  it('names known reasons in the interface language', () => {
    expect(reasonLabel('welcome_bonus')).toBe('Welcome bonus');
    expect(reasonLabel('battle_payout')).toBe('Battle winnings');
    expect(reasonLabel('quiz_zone_level')).toBe('Quiz zone level cleared');
  });

  it('makes an unknown reason readable rather than showing a code', () => {
    expect(reasonLabel('contest_prize')).toBe('Contest prize');
    expect(reasonLabel('')).toBe('');
  });
});
