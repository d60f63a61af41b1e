import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_RULES as R, nextPayoutAt, payoutAmount, payoutRefusal, sameAmount } from './payout';

describe('payout rules', () => {
  it('converts 10 coins to 1 unit, rounded down to cents', () => {
    expect(payoutAmount(100, R)).toBe(10);
    expect(payoutAmount(105, R)).toBe(10.5);
    expect(payoutAmount(3, { payout_coins_per_unit: 7 })).toBe(0.42);
    expect(payoutAmount(10, { payout_coins_per_unit: 0 })).toBe(10);
  });

  it('checks a stated amount to the cent', () => {
    expect(sameAmount(10, 100, R)).toBe(true);
    expect(sameAmount(10.001, 100, R)).toBe(true);
    expect(sameAmount(11, 100, R)).toBe(false);
  });

  it('refuses an unknown method, fewer than the minimum and more than the balance', () => {
    expect(payoutRefusal({ method: 'paypal', coins: 100, balance: 100 }, R)).toBeUndefined();
    expect(payoutRefusal({ method: 'cash', coins: 100, balance: 100 }, R)).toBe('payout_method_invalid');
    expect(payoutRefusal({ method: 'upi', coins: 99, balance: 1000 }, R)).toBe('payout_below_minimum');
    expect(payoutRefusal({ method: 'bank', coins: 101, balance: 100 }, R)).toBe('not_enough_coins');
  });

  it('allows the next request 48 hours later', () => {
    expect(nextPayoutAt(0, R)).toBe(48 * 3600 * 1000);
  });
});
