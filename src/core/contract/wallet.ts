import { z } from 'zod';
import { action } from './define';
import { paging } from './fields';

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
  get_tracker_data: action<LedgerEntry[]>()({
    input: z.object({ ...paging, type: z.enum(['all', 'credit', 'debit']).default('all') }),
    access: 'user',
    mutates: false,
  }),
};
