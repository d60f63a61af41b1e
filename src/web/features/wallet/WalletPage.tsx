import { useEffect, useState } from 'react';
import type { LedgerEntry } from '../../../core/contract';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectUser } from '../../app/selectors';
import { useApiPages } from '../../app/server-state/use-api-pages';
import { refreshUser } from '../../app/session';
import { i18n } from '../../lib/i18n';
import { formatCount } from '../../lib/format-number';
import { useTranslation } from '../../lib/use-translation';
import { CoinIcon } from '../../ui/icons';
import { Empty } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { Segmented } from '../../ui/Segmented';
import { MoreFooter } from '../../ui/MoreFooter';
import { reasonLabel } from './reason';
import './wallet.css';
import { formatDateTime } from '../../lib/format-date';

const PAGE = 20;
type Kind = 'all' | 'credit' | 'debit';
const byId = (r: LedgerEntry) => r.id;

/**
 * The wallet: the balance and every coin movement (get_tracker_data), newest first, with its
 * reason, amount and the balance after it; credits or debits only; more pages on demand.
 */
export default function WalletPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [kind, setKind] = useState<Kind>('all');
  const { items: rows, state, more, loadMore } = useApiPages('get_tracker_data', { type: kind, limit: PAGE }, byId);

  useEffect(() => {
    void refreshUser(dispatch);
  }, [dispatch]);

  return (
    <>
      <PageTitle title={t('wallet.title')} back={paths.profile} backLabel={t('common.back')} />
      <section className="card wallet-balance" aria-label={t('wallet.balance')}>
        <span className="muted">{t('wallet.balance')}</span>
        <strong data-testid="wallet-balance">
          <CoinIcon size={28} /> {user?.coins ?? 0}
        </strong>
      </section>
      <section className="card" aria-labelledby="wallet-history">
        <h2 id="wallet-history" className="wallet-head">
          {t('wallet.history')}
        </h2>
        <Segmented
          label={t('wallet.history')}
          value={kind}
          onChange={setKind}
          options={(['all', 'credit', 'debit'] as const).map((k) => ({
            value: k,
            label: t(`wallet.${k}`),
            testId: `wallet-${k}`,
          }))}
        />
        {state === 'ready' && rows.length === 0 ? (
          <Empty text={t('wallet.empty')} />
        ) : (
          <ul className="ledger" data-testid="ledger">
            {rows.map((r) => (
              <li key={r.id} data-testid={`ledger-${r.id}`}>
                <span className="ledger-what">
                  <span dir="auto">{reasonLabel(r.reason)}</span>
                  <small className="muted">{formatDateTime(r.date, i18n.language)}</small>
                </span>
                <span className="ledger-amount">
                  <strong className={r.points >= 0 ? 'credit' : 'debit'} dir="ltr">
                    {`${r.points >= 0 ? '+' : '−'}${formatCount(Math.abs(r.points), i18n.language)}`}
                  </strong>
                  <small className="muted">{t('wallet.after', { coins: r.balance_after })}</small>
                </span>
              </li>
            ))}
          </ul>
        )}
        <MoreFooter state={state} more={more} onMore={loadMore} label={t('wallet.more')} testId="ledger-more" />
      </section>
    </>
  );
}
