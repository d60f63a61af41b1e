import { paths } from '../../app/paths';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { formatCount } from '../../lib/format-number';
import { useTranslation } from '../../lib/use-translation';
import { LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { shareOrCopy } from '../../ui/share';
import './referral.css';

/**
 * Refer and earn: the player's code, an invitation link to share, what it has paid and what
 * waits until the friends' accounts are real; and the referral the player joined with.
 */
export default function ReferPage() {
  const { t, i18n } = useTranslation();
  const [state, retry] = useApiQuery('get_referral_summary', {});
  if (state.status !== 'ready') return <LoadState state={state} retry={retry} />;
  const s = state.data;
  const link = `${window.location.origin}${paths.signUp}?ref=${encodeURIComponent(s.refer_code)}`;
  const text = t('refer.shareText', { code: s.refer_code, count: s.new_user_bonus });

  // Share sheet dismissed, or no clipboard: the code and link are on screen.
  const share = () => shareOrCopy({ title: t('refer.title'), text, url: link }, t('refer.copied'));

  return (
    <>
      <PageTitle title={t('refer.title')} back={paths.profile} backLabel={t('common.back')} />
      <section className="card refer-card">
        <p className="refer-offer">{t('refer.offer', { friend: s.new_user_bonus, you: s.referrer_bonus })}</p>
        <p className="muted">{t('refer.yourCode')}</p>
        <p className="refer-code" dir="ltr" data-testid="refer-code">
          {s.refer_code}
        </p>
        <p className="refer-link muted" dir="ltr" data-testid="refer-link">
          {link}
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => void share()}>
          {t('refer.share')}
        </button>
      </section>
      <section className="card">
        <dl className="stats stats-grid" data-testid="refer-stats">
          <div>
            <dt>{t('refer.friends')}</dt>
            <dd data-testid="refer-friends">{s.friends}</dd>
            {s.former_friends > 0 && (
              <dd className="muted refer-former" data-testid="refer-former">
                {t('refer.former', { count: s.former_friends })}
              </dd>
            )}
          </div>
          <div>
            <dt>{t('refer.earned')}</dt>
            <dd data-testid="refer-earned">{s.coins_earned}</dd>
          </div>
          <div>
            <dt>{t('refer.pending')}</dt>
            <dd data-testid="refer-pending">{s.pending_friends}</dd>
          </div>
          <div>
            <dt>{t('refer.pendingCoins')}</dt>
            <dd data-testid="refer-pending-coins">{formatCount(s.pending_coins, i18n.language)}</dd>
          </div>
        </dl>
        {s.pending_friends > 0 && <p className="muted">{t('refer.pendingNote')}</p>}
      </section>
      {s.own_referral && (
        <section className="card" data-testid="refer-own">
          <p>{t(`refer.own.${s.own_referral.status}`, { count: s.own_referral.coins })}</p>
        </section>
      )}
    </>
  );
}
