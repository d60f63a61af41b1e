import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectIsLogin, selectUser } from '../../app/selectors';
import { refreshUser, sessionJustEnded } from '../../app/session';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';
import { Spinner } from '../../ui/Spinner';
import { useAdminT } from './i18n';
import { AdminIcon } from './ui/admin-icons';

/**
 * The console's guard (the server's 403 is the real one; this keeps players out of a screen that
 * could only fail): signed out → the login, then back here; a player → "not allowed". The role
 * is read from a fresh user record, so a promotion or demotion since the last visit counts.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const isLogin = useAppSelector(selectIsLogin);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { t } = useTranslation();
  const [fresh, setFresh] = useState(false);
  const warned = useRef(false);

  useEffect(() => {
    if (isLogin) void refreshUser(dispatch).finally(() => setFresh(true));
  }, [isLogin, dispatch]);

  useEffect(() => {
    if (!isLogin && !warned.current && !sessionJustEnded()) {
      warned.current = true;
      toast.error(t('auth.loginFirst'));
    }
  }, [isLogin, t]);

  if (!isLogin) {
    if (sessionJustEnded()) return <Navigate to={paths.home} replace />;
    return <Navigate to={paths.login} replace state={{ returnTo: location.pathname + location.search }} />;
  }
  if (user?.role === 'admin') return <>{children}</>;
  // A player's persisted record may predate a promotion: ask the server before refusing.
  if (!fresh) return <Spinner />;
  return <NotAllowed name={user?.name ?? ''} />;
}

function NotAllowed({ name }: { name: string }) {
  const { t } = useAdminT();
  return (
    <main className="admin-denied" data-testid="admin-not-allowed">
      <div className="card admin-denied-card" role="alert">
        <span className="admin-denied-icon">
          <AdminIcon name="lock" size={32} />
        </span>
        <h1>{t('guard.title')}</h1>
        <p>{t('guard.body', { name })}</p>
        <Link to={paths.home} className="btn btn-primary">
          {t('layout.backToApp')}
        </Link>
      </div>
    </main>
  );
}
