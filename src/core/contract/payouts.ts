import { z } from 'zod';
import type { PaymentStatus } from '../rules/payout';
import { action } from './define';
import { idField, intField, optionalText, paging, textField } from './fields';

export interface PaymentRequest {
  id: number;
  payment_type: string;
  payment_address: string;
  /** Money, derived by the server from coin_used (system configuration's conversion). */
  payment_amount: number;
  coin_used: number;
  details: string;
  status: PaymentStatus;
  date: string;
}

export interface PaymentRequestResult {
  request: PaymentRequest;
  /** The player's balance after the coins were held. */
  coins: number;
}

/** An amount of money: a number or a decimal string with at most two decimals. */
const amountField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number({ error: 'must be an amount' }).min(0).max(1_000_000_000),
);

export const payoutActions = {
  get_payment_request: action<PaymentRequest[]>()({
    input: z.object({ ...paging }),
    access: 'user',
    mutates: false,
  }),
  set_payment_request: action<PaymentRequestResult>()({
    input: z.object({
      payment_type: textField(40),
      payment_address: textField(200),
      // Optional: the server derives the amount; a stated one that disagrees is refused (400).
      payment_amount: z.preprocess((v) => (v === '' ? undefined : v), amountField.optional()),
      coin_used: intField(1, 1_000_000_000),
      details: optionalText(500),
    }),
    access: 'user',
    mutates: true,
  }),
  delete_pending_payment_request: action<{ coins: number }>()({
    input: z.object({ payment_id: idField }),
    access: 'user',
    mutates: true,
  }),
  /** Operator: a pending request is paid (completed) or refused (rejected, coins refunded once). */
  set_payment_request_status: action<PaymentRequest>()({
    input: z.object({ payment_id: idField, status: z.enum(['completed', 'rejected']) }),
    access: 'admin',
    mutates: true,
  }),
};
