import { useState } from 'react';
import type { BadgeView } from '../../../core/contract';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { useApiMutation } from '../../app/server-state/use-api-mutation';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { refreshUser } from '../../app/session';
import { formatCount } from '../../lib/format-number';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';
import { CoinIcon } from '../../ui/icons';
import { LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import './badges.css';

/** A glyph for each badge that every system font has (emoji fonts are not everywhere). */
const GLYPH: Record<BadgeView['type'], string> = {
  dashing_debut: '★',
  combat_winner: '⚔',
  clash_winner: '⚑',
  contest_winner: '♔',
  quiz_warrior: '♛',
  super_sonic: '⚡',
  flashback: '↺',
  brainiac: '∞',
  big_thing: '✔',
  elite: '◆',
  thirsty: '☀',
  streak: '❖',
  sharing_caring: '♥',
  power_elite: '♚',
};

/** Badges: locked, unlocked (claim the reward) or claimed, checked by the server on every visit. */
export default function BadgesPage() {
  const { t, i18n } = useTranslation();
  // "More than 5,000" badges show the figure the player reads, not the count that earns them (5,001).
  const progressText = (p: NonNullable<BadgeView['progress']>) => {
    const value = formatCount(Math.min(p.value, p.target), i18n.language);
    return p.more_than === undefined
      ? t('badges.progressOf', { value, goal: formatCount(p.target, i18n.language) })
      : t('badges.progressMoreThan', { value, goal: formatCount(p.more_than, i18n.language) });
  };
  const dispatch = useAppDispatch();
  const [state, retry] = useApiQuery('get_user_badges', {});
  const setBadges = useApiMutation('set_badges');
  const [claimed, setClaimed] = useState<Record<string, BadgeView>>({});
  const [busy, setBusy] = useState<string | null>(null);

  async function claim(b: BadgeView) {
    setBusy(b.type);
    try {
      const v = await setBadges({ type: b.type, status: 2 });
      setClaimed((c) => ({ ...c, [b.type]: v }));
      toast.success(t('badges.claimedToast', { count: b.reward }));
      void refreshUser(dispatch);
    } catch {
      // Toasted by the api client.
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <PageTitle title={t('badges.title')} back={paths.profile} backLabel={t('common.back')} />
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={retry} />
      ) : (
        <>
          <p className="muted badges-summary" data-testid="badges-summary">
            {t('badges.summary', {
              count: state.data.filter((b) => (claimed[b.type] ?? b).status !== 'locked').length,
              total: state.data.length,
            })}
          </p>
          <ul className="badges-grid">
            {state.data.map((raw) => {
              const b = claimed[raw.type] ?? raw;
              return (
                <li key={b.type} className={`card badge badge-${b.status}`} data-testid={`badge-${b.type}`}>
                  <span className="badge-glyph" aria-hidden="true">
                    {GLYPH[b.type]}
                  </span>
                  <span className="badge-name">{t(`badges.name.${b.type}`)}</span>
                  <span className="badge-text muted">{t(`badges.text.${b.type}`)}</span>
                  {b.status === 'locked' && b.progress && (
                    <span className="badge-progress" aria-label={t('badges.progress')}>
                      <span className="badge-bar" aria-hidden="true">
                        <span
                          style={{ inlineSize: `${Math.min(100, (b.progress.value / b.progress.target) * 100)}%` }}
                        />
                      </span>
                      <small data-testid={`badge-progress-${b.type}`}>{progressText(b.progress)}</small>
                    </span>
                  )}
                  {b.status === 'locked' && <span className="tag">{t('badges.locked')}</span>}
                  {b.status === 'unlocked' && (
                    <button
                      type="button"
                      className="btn btn-primary btn-small"
                      disabled={busy !== null}
                      data-testid={`claim-${b.type}`}
                      onClick={() => void claim(b)}
                    >
                      <CoinIcon size={16} /> {t('badges.claim', { coins: b.reward })}
                    </button>
                  )}
                  {b.status === 'claimed' && <span className="tag tag-live">{t('badges.claimed')}</span>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
