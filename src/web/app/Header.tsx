import { useAppBadge } from '../lib/app-badge';
import { useTranslation } from '../lib/use-translation';
import { formatCount } from '../lib/format-number';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from './LanguageSwitch';
import { Avatar } from '../ui/Avatar';
import { BellIcon, CoinIcon } from '../ui/icons';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { selectIsLogin, selectUser, selectWebSettings } from './selectors';

/** The bell: the player's notifications, with the unread count the server pushes (issue 21 §7), also on the app's icon. */
function NotificationBell() {
  const { t } = useTranslation();
  const known = useAppSelector((s) => s.live.unread);
  const unread = known ?? 0;
  // The installed app's icon shows it too.
  useAppBadge(known ?? null);
  // Named by text, not aria-label: a voice user says what they see (WCAG 2.5.3), and the count
  // on the bell is read as a sentence rather than a bare figure.
  return (
    <Link to={paths.profileNotifications} className="header-bell" data-testid="notifications-bell">
      <BellIcon size={22} />
      <span className="visually-hidden">
        {unread > 0
          ? `${t('notifications.title')}: ${t('notifications.unread', { count: unread })}`
          : t('notifications.title')}
      </span>
      {unread > 0 && (
        <span className="bell-count" data-testid="notifications-unread" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

/** The top bar: logo and name, coins and the bell when signed in, language switch, profile or login. */
export function Header() {
  const { t, i18n } = useTranslation();
  const settings = useAppSelector(selectWebSettings);
  const isLogin = useAppSelector(selectIsLogin);
  const user = useAppSelector(selectUser);
  const appName = settings?.app_name ?? 'QuizHub';
  return (
    <header className="header">
      <div className="header-inner">
        {/* Every header control is named by the text it shows, then what it does (WCAG 2.5.3). */}
        <Link to={paths.home} className="brand">
          <img src={settings?.logo || '/icons/icon.svg'} alt="" width={36} height={36} />
          <span className="brand-name">{appName}</span>
          <span className="visually-hidden">, {t('nav.home')}</span>
        </Link>
        <div className="header-actions">
          {isLogin && user && (
            <Link to={paths.profile} className="coins-badge" data-testid="coins-badge">
              <CoinIcon />
              <span>{formatCount(user.coins, i18n.language)}</span>
              <span className="visually-hidden"> {t('profile.coins')}</span>
            </Link>
          )}
          {isLogin && user && <NotificationBell />}
          <LanguageSwitch />
          {isLogin && user ? (
            <Link to={paths.profile} className="header-avatar">
              <Avatar name={user.name} src={user.profile} size={40} />
              <span className="visually-hidden">{t('nav.profile')}</span>
            </Link>
          ) : (
            <Link to={paths.login} className="btn btn-small btn-primary">
              {t('nav.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
