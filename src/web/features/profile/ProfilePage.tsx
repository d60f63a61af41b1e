import { useEffect, useState } from 'react';
import { formatCount } from '../../lib/format-number';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectUser } from '../../app/selectors';
import { logout, refreshUser } from '../../app/session';
import { useOutbox } from '../../lib/offline/outbox-state';
import { CoinIcon, StarIcon } from '../../ui/icons';
import { AvatarUpload } from './AvatarUpload';
import { DeleteAccount } from './DeleteAccount';
import { EditProfileForm } from './EditProfileForm';

/** The profile's links: where, what it says, its test id. */
const PROFILE_LINKS = [
  [paths.profileWallet, 'profile.wallet', 'profile-wallet'],
  [paths.profileNotifications, 'profile.notifications', 'profile-notifications'],
  [paths.profileRedeem, 'profile.redeem', 'profile-redeem'],
  [paths.leaderboard, 'leaderboard.title', 'profile-leaderboard'],
  [paths.profileBadges, 'profile.badges', 'profile-badges'],
  [paths.profileRefer, 'profile.refer', 'profile-refer'],
  [paths.profileStatistics, 'profile.statistics', 'profile-statistics'],
  [paths.profileBookmarks, 'profile.bookmarks', 'profile-bookmarks'],
  [paths.profileSettings, 'profile.settings', 'profile-settings'],
] as const;

/** The player's profile: picture, balance, links to its screens, details and account actions. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { pending } = useOutbox();
  // Logging out clears results still waiting for the server: said first, then confirmed.
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    void refreshUser(dispatch);
  }, [dispatch]);
  if (!user) return null;

  async function signOut() {
    await logout(dispatch);
  }

  return (
    <div className="profile">
      <section className="card profile-head">
        <AvatarUpload user={user} />
        <div className="profile-id">
          <h1>{user.name}</h1>
          <p className="muted" dir="ltr">
            {user.email || user.mobile}
          </p>
        </div>
        <dl className="stats">
          <div>
            <dt>{t('profile.coins')}</dt>
            <dd data-testid="profile-coins">
              <CoinIcon size={18} /> {formatCount(user.coins, i18n.language)}
            </dd>
          </div>
          <div>
            <dt>{t('profile.score')}</dt>
            <dd data-testid="profile-score">
              <StarIcon size={18} /> {formatCount(user.all_time_score, i18n.language)}
            </dd>
          </div>
        </dl>
      </section>
      <nav className="card link-list" aria-label={t('nav.profile')}>
        {PROFILE_LINKS.map(([to, label, testId]) => (
          <Link key={to} to={to} data-testid={testId}>
            {t(label)}
          </Link>
        ))}
      </nav>
      {/* Keyed by the record: the form takes up a record refreshed from the server. */}
      <EditProfileForm key={`${user.name}|${user.mobile}|${user.email}`} user={user} />
      <section className="card danger-zone">
        {confirming && pending > 0 ? (
          <div className="logout-confirm" role="alert" data-testid="logout-pending">
            <p>{t('profile.logoutPending', { count: pending })}</p>
            <div className="row">
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => void signOut()}
                data-testid="logout-confirm"
              >
                {t('profile.logoutAnyway')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => setConfirming(false)}>
                {t('profile.stay')}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-block"
            onClick={() => (pending > 0 ? setConfirming(true) : void signOut())}
            data-testid="logout"
          >
            {t('profile.logout')}
          </button>
        )}
        <DeleteAccount />
      </section>
    </div>
  );
}
