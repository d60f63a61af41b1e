import { useEffect, useEffectEvent, useState } from 'react';
import type { LedgerEntry } from '../../../../core/contract';
import { loadPage } from '../admin-api';
import { useAdminT } from '../i18n';
import { dateTime, signed, words } from '../ui/format';

const PAGE = 10;

/** An account's coin movements, newest first, a page at a time. */
export function CoinHistory({ userId, reloadKey }: { userId: number; reloadKey: number }) {
  const { t, lang } = useAdminT();
  const [rows, setRows] = useState<LedgerEntry[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  async function load(offset: number) {
    setState('loading');
    try {
      const page = await loadPage('admin_get_coin_history', { user_id: userId, offset, limit: PAGE });
      setRows((r) => (offset === 0 ? page.rows : [...r, ...page.rows]));
      setTotal(page.total);
      setState('ready');
    } catch {
      setState('error');
    }
  }

  const loadFirst = useEffectEvent(() => void load(0));
  useEffect(() => loadFirst(), [userId, reloadKey]);

  const more = total === null ? rows.length % PAGE === 0 && rows.length > 0 : rows.length < total;
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
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void load(rows.length)}>
          {t('common.more')}
        </button>
      )}
    </section>
  );
}
