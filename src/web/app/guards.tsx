import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { toast } from '../lib/toast';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { selectIsLogin } from './selectors';
import { sessionJustEnded } from './session';

/** Protected routes: anonymous visitors go to the login page with "Please login first". */
export function RequireAuth() {
  const isLogin = useAppSelector(selectIsLogin);
  const location = useLocation();
  const { t } = useTranslation();
  const warned = useRef(false);
  useEffect(() => {
    if (!isLogin && !warned.current && !sessionJustEnded()) {
      warned.current = true;
      toast.error(t('auth.loginFirst'));
    }
  }, [isLogin, t]);
  if (!isLogin && sessionJustEnded()) return <Navigate to={paths.home} replace />;
  if (!isLogin) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Auth routes: a signed-in player is sent home (an admin back to the console page they asked for). */
export function GuestOnly() {
  const isLogin = useAppSelector(selectIsLogin);
  const back = (useLocation().state as { returnTo?: unknown } | null)?.returnTo;
  if (isLogin) {
    const to = typeof back === 'string' && back.startsWith(`${paths.admin}`) ? back : paths.home;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
