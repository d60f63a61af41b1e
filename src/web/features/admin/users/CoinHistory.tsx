import type { LedgerEntry } from '../../../../core/contract';
import { useApiPages } from '../../../app/server-state/use-api-pages';
import { useAdminT } from '../i18n';
import { dateTime, signed, words } from '../ui/format';

const PAGE = 10;
const byId = (r: LedgerEntry) => r.id;

/** An account's coin movements, newest first, a page at a time (refetched after a change of its coins). */
export function CoinHistory({ userId }: { userId: number }) {
  const { t, lang } = useAdminT();
  const {
    items: rows,
    state,
    more,
    loadMore,
  } = useApiPages('admin_get_coin_history', { user_id: userId, limit: PAGE }, byId);

  return (
    <section className="admin-history" aria-labelledby="coin-history">
      <h3 id="coin-history">{t('users.history')}</h3>
      {state === 'ready' && rows.length === 0 && <p className="muted">{t('users.historyEmpty')}</p>}
      <ul className="admin-ledger" data-testid="coin-history">
        {rows.map((r) => (
          <li key={r.id}>
            <span className="admin-cell-stack">
              <span>{words(r.reason)}</span>
              {r.ref && (
                <small className="muted" dir="auto">
                  {r.ref}
                </small>
              )}
              <small className="muted">{dateTime(r.date, lang)}</small>
            </span>
            <span className="admin-cell-stack end">
              <strong className={r.points >= 0 ? 'good' : 'bad'} dir="ltr">
                {signed(r.points)}
              </strong>
              <small className="muted">{t('users.balanceAfter', { coins: r.balance_after })}</small>
            </span>
          </li>
        ))}
      </ul>
      {state === 'loading' && (
        <span className="spinner admin-inline-spinner" role="status" aria-label={t('table.loading')} />
      )}
      {state === 'error' && (
        <p role="alert" className="field-error">
          {t('table.error')}
        </p>
      )}
      {state === 'ready' && more && (
        <button type="button" className="btn btn-ghost btn-small" onClick={loadMore}>
          {t('common.more')}
        </button>
      )}
    </section>
  );
}
