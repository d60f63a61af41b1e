import { useId } from 'react';
import { useAdminT } from '../i18n';
import type { PrizeRow } from './contest-form';

const MAX_RANKS = 100;

/** The prize table: coins for rank 1, 2, 3…; a row added below the last, any row taken out (ranks close up). */
export function PrizeTable({
  rows,
  onChange,
  error,
}: {
  rows: PrizeRow[];
  onChange: (rows: PrizeRow[]) => void;
  error?: string;
}) {
  const { t } = useAdminT();
  const base = useId();
  const total = rows.reduce((s, r) => s + (/^\d+$/.test(r.coins.trim()) ? Number(r.coins) : 0), 0);
  const set = (i: number, coins: string) => onChange(rows.map((r, j) => (j === i ? { coins } : r)));

  return (
    <fieldset className={error ? 'events-group has-error' : 'events-group'} data-testid="prize-table">
      <legend>{t('events.prizes')}</legend>
      <p className="muted events-group-hint">{t('events.prizesHint')}</p>
      {rows.length > 0 && (
        <ol className="events-prizes">
          {rows.map((r, i) => (
            <li key={i} data-testid="prize-row">
              <label className="events-prize-rank" htmlFor={`${base}-${i}`}>
                {t('events.rankN', { rank: i + 1 })}
              </label>
              <input
                id={`${base}-${i}`}
                inputMode="numeric"
                dir="ltr"
                maxLength={8}
                value={r.coins}
                onChange={(e) => set(i, e.target.value)}
                aria-invalid={Boolean(error)}
                data-testid="prize-coins"
              />
              <span className="muted">{t('events.coins')}</span>
              <button
                type="button"
                className="btn btn-danger-ghost btn-small"
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
                aria-label={t('events.prizeRemove', { rank: i + 1 })}
                data-testid="prize-remove"
              >
                {t('events.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
      {rows.length === 0 && <p className="muted">{t('events.noPrizes')}</p>}
      <div className="events-group-foot">
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={rows.length >= MAX_RANKS}
          onClick={() => onChange([...rows, { coins: rows.at(-1)?.coins ?? '10' }])}
          data-testid="prize-add"
        >
          {t('events.prizeAdd')}
        </button>
        <span className="muted" data-testid="prize-total">
          {t('events.prizeTotal', { count: total })}
        </span>
      </div>
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
