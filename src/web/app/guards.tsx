import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { toast } from '../lib/toast';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { selectIsLogin } from './selectors';
import { forgetReturnTo, isAuthPage, loginPathFrom, rememberReturnTo, returnToPath, safeReturnPath } from './return-to';
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
  if (!isLogin) return <Navigate to={loginPathFrom(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/**
 * Auth routes: a signed-in visitor goes back to the page that asked for the sign-in (`?next=`, or
 * the console's `returnTo`), kept while they move between the auth pages, else home.
 */
export function GuestOnly() {
  const isLogin = useAppSelector(selectIsLogin);
  const location = useLocation();
  const next = new URLSearchParams(location.search).get('next');
  const back = (location.state as { returnTo?: unknown } | null)?.returnTo;
  const asked = safeReturnPath(next) ?? safeReturnPath(back);
  useEffect(() => {
    if (asked) rememberReturnTo(asked);
  }, [asked]);
  if (isLogin) return <Navigate to={asked ?? returnToPath()} replace />;
  return <Outlet />;
}

/** Any page but the auth pages ends a sign-in errand: a later login from the header goes home. */
export function useReturnToErrand() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isAuthPage(pathname)) forgetReturnTo();
  }, [pathname]);
}
