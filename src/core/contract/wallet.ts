import { z } from 'zod';
import { action } from './define';
import { paging } from './fields';
import { BADGES, type BadgeType } from '../rules/badges';

/** A badge as the player sees it. */
export interface BadgeView {
  type: BadgeType;
  status: 'locked' | 'unlocked' | 'claimed';
  /** Coins the badge pays when claimed. */
  reward: number;
  /** When it was unlocked (ISO), null while locked. */
  unlocked_at: string | null;
  /**
   * For counted badges: how far the player is. `more_than` is set for a "more than N" badge: the
   * figure the player reads (N), while `target` is the count that earns it (N + 1).
   */
  progress: { value: number; target: number; more_than?: number } | null;
}

export interface LedgerEntry {
  id: number;
  /** Positive for credits, negative for debits. */
  points: number;
  reason: string;
  ref: string;
  balance_after: number;
  date: string;
}

export const walletActions = {
  /** Every badge with its state (locked, unlocked, reward claimed), checked by the server now. */
  get_user_badges: action<BadgeView[]>()({
    input: z.object({}),
    access: 'user',
    mutates: true,
  }),
  /**
   * Spec: a badge's status set for a badge type. The server checks the badge from its own
   * records (a client's word never unlocks one); status 2 claims an unlocked badge's reward, once.
   */
  set_badges: action<BadgeView>()({
    input: z.object({
      type: z.enum(BADGES, { error: 'must be a badge type' }),
      status: z.coerce.number({ error: 'must be 1 or 2' }).int().min(1).max(2).default(1),
    }),
    access: 'user',
    mutates: true,
  }),
  get_tracker_data: action<LedgerEntry[]>()({
    input: z.object({ ...paging, type: z.enum(['all', 'credit', 'debit']).default('all') }),
    access: 'user',
    mutates: false,
  }),
};
