import { alias } from 'drizzle-orm/pg-core';
import { sql } from '../../db/client';
import { users } from '../../db/schema';

/** The player of a payout request, read as `u` (the signals' subqueries name their own tables). */
export const payer = alias(users, 'u');

/**
 * What an operator weighs before paying a request out, per request of player `payer`: how old
 * the person's first account is, whether a contact is verified, the share of earned coins that
 * came from referrals, answers under the human floor, other accounts from the same device or
 * network, and every kind of trust event (trust-events.ts). Columns of the console's payout list.
 */
export const payoutSignals = {
  user_deleted: sql<boolean>`${payer.deleted_at} IS NOT NULL`,
  account_days: sql<number>`(SELECT floor(extract(epoch FROM now() - min(l.created_at)) / 86400)::int FROM users l
    WHERE coalesce(l.lineage_id, l.id) = coalesce(${payer.lineage_id}, ${payer.id}))`,
  contact_verified: sql<boolean>`${payer.contact_verified_at} IS NOT NULL`,
  referral_share: sql<number>`(SELECT CASE WHEN coalesce(sum(c.delta), 0) = 0 THEN 0
      ELSE round(100.0 * coalesce(sum(c.delta) FILTER (WHERE c.reason IN ('referral_bonus', 'referral_reward')), 0)
        / sum(c.delta))::int END
    FROM coin_ledger c WHERE c.user_id = ${payer.id} AND c.delta > 0)`,
  fast_answers: sql<number>`(SELECT count(*)::int FROM trust_events e
    WHERE e.user_id = ${payer.id} AND e.kind = 'fast_answer')`,
  same_device: sql<number>`(SELECT count(*)::int FROM users o WHERE ${payer.signup_device} <> ''
    AND o.signup_device = ${payer.signup_device} AND o.id <> ${payer.id})`,
  same_network: sql<number>`(SELECT count(*)::int FROM users o WHERE ${payer.signup_ip} <> ''
    AND o.signup_ip = ${payer.signup_ip} AND o.id <> ${payer.id})`,
  trust_events: sql<Record<string, number>>`(SELECT coalesce(jsonb_object_agg(k.kind, k.n), '{}'::jsonb)
    FROM (SELECT e.kind, count(*)::int AS n FROM trust_events e WHERE e.user_id = ${payer.id} GROUP BY e.kind) k)`,
};
