import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../lib/use-translation';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { useInPlay } from './play-screen';
import { selectIsLogin } from './selectors';

interface Tab {
  key: string;
  to: string;
  label: string;
  icon: string;
  /** Other path prefixes the tab stands for (the group battle is a battle too). */
  also?: string[];
}

/** Whether `pathname` is `root` or below it ('/' only for itself). */
function within(pathname: string, root: string): boolean {
  if (root === paths.home) return pathname === root;
  return pathname === root || pathname.startsWith(`${root}/`);
}

/** A sprite icon (public/icons/modes.svg, precached): no icon code in the first screen's JS. */
function SpriteIcon({ id }: { id: string }) {
  return (
    <span className="tab-pill" aria-hidden="true">
      <svg width="24" height="24">
        <use href={`/icons/modes.svg#${id}`} />
      </svg>
    </span>
  );
}

/**
 * The phone's bottom tab bar (CSS shows it under 768 px only): home, battles, leaderboard and the
 * profile (log in for a guest). Hidden while a play is in progress.
 */
export function TabBar() {
  const { t } = useTranslation();
  const isLogin = useAppSelector(selectIsLogin);
  const { pathname } = useLocation();
  const inPlay = useInPlay();
  if (inPlay) return null;
  const tabs: Tab[] = [
    { key: 'home', to: paths.home, label: t('nav.home'), icon: 'home' },
    { key: 'battles', to: paths.randomBattle, label: t('nav.battles'), icon: 'battles', also: [paths.groupBattle] },
    { key: 'leaderboard', to: paths.leaderboard, label: t('nav.leaderboard'), icon: 'leaderboard' },
    isLogin
      ? { key: 'profile', to: paths.profile, label: t('nav.profile'), icon: 'profile' }
      : { key: 'login', to: paths.login, label: t('nav.login'), icon: 'login', also: ['/auth'] },
  ];
  return (
    <nav className="tab-bar" aria-label={t('nav.tabs')} data-testid="tab-bar">
      {tabs.map((tab) => {
        const current = [tab.to, ...(tab.also ?? [])].some((root) => within(pathname, root));
        return (
          <Link
            key={tab.key}
            to={tab.to}
            className={`tab tab-${tab.key}`}
            aria-current={current ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
          >
            <SpriteIcon id={tab.icon} />
            <span className="tab-label">{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
