/**
 * Payout (redeem request) rules. Operators edit them in system configuration; these are the
 * defaults the reference product ships (ARCHITECTURE.md §5, spec §9).
 */
export interface PayoutRules {
  /** Payout methods a player may choose, by a stable code (shown translated when known). */
  payout_methods: string[];
  /** Coins worth one unit of money. */
  payout_coins_per_unit: number;
  /** The money a unit is: an ISO 4217 code ("USD", written with Intl) or a short name of the operator's. */
  payout_currency: string;
  /** Fewest coins one request may use. */
  payout_min_coins: number;
  /** Hours between two requests of one player (cancelled requests do not count). */
  payout_interval_hours: number;
  /** Days an account (counted from a deleted predecessor's first sign-up) must be old to ask. */
  payout_min_account_days: number;
  /** '1': only an account with a verified e-mail or phone may ask for a payout. */
  payout_require_verified_contact: '0' | '1';
}

export const DEFAULT_PAYOUT_RULES: PayoutRules = {
  payout_methods: ['paypal', 'upi', 'bank'],
  payout_coins_per_unit: 10,
  payout_currency: 'USD',
  payout_min_coins: 100,
  payout_interval_hours: 48,
  payout_min_account_days: 0,
  payout_require_verified_contact: '1',
};

/** `cancelled`: the player took a pending request back (the row stays, its coins came back). */
export const PAYMENT_STATUSES = ['pending', 'completed', 'rejected', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The money a number of coins is worth, rounded down to cents. */
export function payoutAmount(coins: number, rules: Pick<PayoutRules, 'payout_coins_per_unit'>): number {
  const per = rules.payout_coins_per_unit > 0 ? rules.payout_coins_per_unit : 1;
  return Math.floor((coins * 100) / per) / 100;
}

/** True when a client-stated amount is the one the coins are worth (to the cent). */
export function sameAmount(stated: number, coins: number, rules: Pick<PayoutRules, 'payout_coins_per_unit'>): boolean {
  return Math.round(stated * 100) === Math.round(payoutAmount(coins, rules) * 100);
}

export type PayoutRefusal = 'payout_below_minimum' | 'not_enough_coins' | 'payout_method_invalid';

/** Why a request of `coins` by method `method` with `balance` coins is refused, if it is. */
export function payoutRefusal(
  r: { method: string; coins: number; balance: number },
  rules: PayoutRules,
): PayoutRefusal | undefined {
  if (!rules.payout_methods.includes(r.method)) return 'payout_method_invalid';
  if (r.coins < rules.payout_min_coins) return 'payout_below_minimum';
  if (r.coins > r.balance) return 'not_enough_coins';
  return undefined;
}

/** When the next request is allowed after one made at `last` (ms since the epoch). */
export function nextPayoutAt(last: number, rules: Pick<PayoutRules, 'payout_interval_hours'>): number {
  return last + rules.payout_interval_hours * 3_600_000;
}
