import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { paths } from '../../app/paths';
import { useRouteFocus } from '../../app/route-focus';
import { selectUser, selectWebSettings } from '../../app/selectors';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { useAdminT } from './i18n';
import { NAV } from './nav';
import { AdminIcon } from './ui/admin-icons';
import { RouteErrorBoundary } from '../../app/RouteErrorBoundary';
import { useMenuKeys } from './use-menu-keys';

/**
 * The console's frame: a header (menu button on narrow screens, the admin's name, a way back to
 * the app) and the navigation — a side bar on a laptop, a menu that opens under the header on a
 * tablet or phone.
 */
export function AdminLayout() {
  const { t } = useAdminT();
  const user = useAppSelector(selectUser);
  const settings = useAppSelector(selectWebSettings);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  useMenuKeys(
    menuOpen,
    menuButton,
    nav,
    useCallback(() => setMenuOpen(false), []),
  );

  // A chosen entry closes the narrow-screen menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // A new screen's heading takes the focus, as the app's pages do (WCAG 2.4.3).
  useRouteFocus();

  return (
    <div className="admin" data-testid="admin-console">
      <a href="#main" className="admin-skip" data-testid="admin-skip">
        {t('layout.skipToContent')}
      </a>
      <header className="admin-header">
        <button
          ref={menuButton}
          type="button"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((o) => !o)}
          data-testid="admin-menu"
        >
          <AdminIcon name={menuOpen ? 'close' : 'menu'} />
          <span>{t('layout.menu')}</span>
        </button>
        <Link to="/admin" className="admin-brand">
          <img src={settings?.logo || '/icons/icon.svg'} alt="" width={32} height={32} />
          <span>
            <strong>{settings?.app_name ?? 'QuizHub'}</strong>
            <small>{t('layout.console')}</small>
          </span>
        </Link>
        <div className="admin-header-end">
          <LanguageSwitch />
          <span className="admin-who" data-testid="admin-who">
            <Avatar name={user?.name ?? ''} src={user?.profile} size={32} />
            <span className="admin-who-name">{user?.name}</span>
          </span>
          <Link to={paths.home} className="admin-back" data-testid="admin-back-to-app">
            <span className="flip">
              <AdminIcon name="back" size={18} />
            </span>
            <span>{t('layout.backToApp')}</span>
          </Link>
        </div>
      </header>
      <div className="admin-body">
        <nav
          ref={nav}
          id="admin-nav"
          className={menuOpen ? 'admin-nav open' : 'admin-nav'}
          aria-label={t('layout.navigation')}
        >
          {NAV.map((g) => (
            <div key={g.label} className="admin-nav-group">
              <span className="admin-nav-label">{t(g.label)}</span>
              {g.entries.map((e) => (
                <NavLink key={e.to} to={e.to} end={e.end} className="admin-nav-link" data-testid={e.testId}>
                  <AdminIcon name={e.icon} />
                  <span>{t(e.label)}</span>
                </NavLink>
              ))}
            </div>
          ))}
        </nav>
        <main className="admin-main" id="main" tabIndex={-1}>
          <RouteErrorBoundary resetKey={location.pathname} home={paths.admin}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
    </div>
  );
}
