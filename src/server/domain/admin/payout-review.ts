import { sql } from '../../db/client';

/**
 * What an operator weighs before paying a request out, per request `p` of player `u`: how old the
 * person's first account is, whether a contact is verified, the share of earned coins that came
 * from referrals, answers under the human floor, other accounts from the same device or network,
 * and every kind of trust event (trust-events.ts). Columns of the console's payout list.
 */
export const PAYOUT_SIGNALS = sql`u.deleted_at IS NOT NULL AS user_deleted,
  (SELECT floor(extract(epoch FROM now() - min(l.created_at)) / 86400)::int FROM users l
    WHERE coalesce(l.lineage_id, l.id) = coalesce(u.lineage_id, u.id)) AS account_days,
  u.contact_verified_at IS NOT NULL AS contact_verified,
  (SELECT CASE WHEN coalesce(sum(c.delta), 0) = 0 THEN 0
      ELSE round(100.0 * coalesce(sum(c.delta) FILTER (WHERE c.reason IN ('referral_bonus', 'referral_reward')), 0)
        / sum(c.delta))::int END
    FROM coin_ledger c WHERE c.user_id = u.id AND c.delta > 0) AS referral_share,
  (SELECT count(*)::int FROM trust_events e WHERE e.user_id = u.id AND e.kind = 'fast_answer') AS fast_answers,
  (SELECT count(*)::int FROM users o WHERE u.signup_device <> '' AND o.signup_device = u.signup_device
    AND o.id <> u.id) AS same_device,
  (SELECT count(*)::int FROM users o WHERE u.signup_ip <> '' AND o.signup_ip = u.signup_ip
    AND o.id <> u.id) AS same_network,
  (SELECT coalesce(jsonb_object_agg(k.kind, k.n), '{}'::jsonb) FROM (SELECT e.kind, count(*)::int AS n
    FROM trust_events e WHERE e.user_id = u.id GROUP BY e.kind) k) AS trust_events`;
