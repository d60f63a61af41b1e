import type { BattleStatistic } from '../../../core/contract';
import { useApiPages } from '../../app/server-state/use-api-pages';
import { useTranslation } from '../../lib/use-translation';
import { formatCount } from '../../lib/format-number';
import { Avatar } from '../../ui/Avatar';
import { Empty, LoadState } from '../../ui/LoadState';
import { battleTotals } from './battle-totals';
import './battle-history.css';
import { formatDate } from '../../lib/format-date';

const LIMIT = 20;

const byRoom = (b: BattleStatistic) => b.room_id;

/** Totals over the battles listed, saying whether they are all of them or the last ones only. */
function Totals({ battles, total }: { battles: BattleStatistic[]; total: number }) {
  const { t } = useTranslation();
  const totals = battleTotals(battles);
  return (
    <>
      <p className="muted battle-totals-label" data-testid="battle-totals-label">
        {total > battles.length ? t('battle.totalsLast', { count: battles.length }) : t('battle.totalsAll')}
      </p>
      <dl className="stats four" data-testid="battle-totals">
        {(['played', 'won', 'lost', 'drawn'] as const).map((k) => (
          <div key={k}>
            <dt>{t(`battle.${k}`)}</dt>
            <dd data-testid={`battle-${k}`}>{totals[k]}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * Battle statistics: totals and the player's last 1v1 battles (get_battle_statistics), newest
 * first. The server sends one page, so beyond it the totals cover the last battles only.
 */
export function BattleHistory() {
  const { t, i18n } = useTranslation();
  // One page: its reply's total says whether the totals cover every battle.
  const {
    items: battles,
    pages,
    state,
    loadMore: retry,
  } = useApiPages('get_battle_statistics', { limit: LIMIT }, byRoom);
  const total = pages[0]?.total ?? 0;
  return (
    <section className="card battle-history-card" aria-labelledby="battle-history">
      <h2 id="battle-history" className="battle-subhead">
        {t('battle.history')}
      </h2>
      {state !== 'ready' ? (
        <LoadState
          state={state === 'error' ? { status: 'error', code: 'unknown' } : { status: 'loading' }}
          retry={retry}
        />
      ) : battles.length === 0 ? (
        <Empty text={t('battle.historyEmpty')} />
      ) : (
        <>
          <Totals battles={battles} total={total} />
          <ul className="battle-history" data-testid="battle-history">
            {battles.map((b) => (
              <li key={b.room_id}>
                <Avatar name={b.opponent_name || '?'} src={b.opponent_image || undefined} size={36} />
                <span className="history-who">
                  <span dir="auto">{t('battle.vs', { name: b.opponent_name || t('battle.bot') })}</span>
                  <small className="muted">{formatDate(b.date, i18n.language)}</small>
                </span>
                <span className={`tag history-${b.result}`}>{t(`battle.${b.result}`)}</span>
                <span className="history-score" dir="ltr">
                  {formatCount(b.points, i18n.language)} – {formatCount(b.opponent_points, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
