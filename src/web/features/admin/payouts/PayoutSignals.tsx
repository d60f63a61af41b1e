import type { AdminPaymentRequest } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import { Tag } from '../ui/Tag';

// Above this share of coins from referrals a request deserves a closer look.
const REFERRAL_SHARE_WARN = 50;

/**
 * The payout review's signals for one request: account age, verified contact, coins from
 * referrals, answers under the human floor, accounts sharing the device or network, and the
 * player's other trust events; the worrying ones stand out.
 */
export function PayoutSignals({ r }: { r: AdminPaymentRequest }) {
  const { t } = useAdminT();
  const others = Object.entries(r.trust_events)
    .filter(([kind]) => kind !== 'fast_answer')
    .reduce((n, [, c]) => n + c, 0);
  return (
    <span className="admin-cell-tags" data-testid="payout-signals">
      <Tag tone={r.account_days < 7 ? 'warn' : 'plain'}>{t('payouts.signal.age', { count: r.account_days })}</Tag>
      <Tag tone={r.contact_verified ? 'good' : 'bad'}>
        {t(r.contact_verified ? 'payouts.signal.verified' : 'payouts.signal.unverified')}
      </Tag>
      <Tag tone={r.referral_share >= REFERRAL_SHARE_WARN ? 'warn' : 'plain'}>
        {t('payouts.signal.referrals', { percent: r.referral_share })}
      </Tag>
      {r.fast_answers > 0 && <Tag tone="bad">{t('payouts.signal.fast', { count: r.fast_answers })}</Tag>}
      {r.same_device > 0 && <Tag tone="warn">{t('payouts.signal.device', { count: r.same_device })}</Tag>}
      {r.same_network > 0 && <Tag tone="warn">{t('payouts.signal.network', { count: r.same_network })}</Tag>}
      {others > 0 && (
        <Tag tone="warn">
          <span
            title={Object.entries(r.trust_events)
              .map(([k, n]) => `${k}: ${n}`)
              .join(', ')}
          >
            {t('payouts.signal.events', { count: others })}
          </span>
        </Tag>
      )}
    </span>
  );
}
