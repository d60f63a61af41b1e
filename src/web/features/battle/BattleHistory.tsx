import { api } from '../../lib/api-client';
import { useLoad } from '../../lib/use-api';
import { useTranslation } from '../../lib/use-translation';
import { Avatar } from '../../ui/Avatar';
import { Empty, LoadState } from '../../ui/LoadState';
import './battle.css';

/** Battle statistics: the player's last 1v1 battles (get_battle_statistics), newest first. */
export function BattleHistory() {
  const { t, i18n } = useTranslation();
  const [state, retry] = useLoad(() => api('get_battle_statistics', { limit: 20 }), []);
  return (
    <section className="card" aria-labelledby="battle-history">
      <h2 id="battle-history" className="battle-subhead">
        {t('battle.history')}
      </h2>
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={retry} />
      ) : state.data.length === 0 ? (
        <Empty text={t('battle.historyEmpty')} />
      ) : (
        <ul className="battle-history" data-testid="battle-history">
          {state.data.map((b) => (
            <li key={b.room_id}>
              <Avatar name={b.opponent_name || '?'} src={b.opponent_image || undefined} size={36} />
              <span className="history-who">
                <span dir="auto">{t('battle.vs', { name: b.opponent_name || t('battle.bot') })}</span>
                <small className="muted">{new Date(b.date).toLocaleDateString(i18n.language)}</small>
              </span>
              <span className={`tag history-${b.result}`}>{t(`battle.${b.result}`)}</span>
              <span className="history-score" dir="ltr">
                {b.points} – {b.opponent_points}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
