import { lazy, Suspense, use, useEffect, useEffectEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';
import { RoutePendingContext } from './AppRouter';
import { Footer } from './Footer';
import { useReturnToErrand } from './guards';
import { Header } from './Header';
import { ScrollToTop } from './ScrollToTop';
import { SkipLink } from './SkipLink';
import { useRouteFocus } from './route-focus';
import { OfflineBanner } from './OfflineBanner';
import { useOnline } from '../lib/use-online';
import { UpdateBanner } from './UpdateBanner';
import { useAppDispatch, useAppSelector } from './hooks';
import { refreshUser } from './session';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// The phone's tab bar is fixed at the bottom (its room is kept by CSS): it can arrive just after
// the first paint, in its own small chunk, so the first screen's JavaScript does not grow.
const TabBar = lazy(() => import('./TabBar').then((m) => ({ default: m.TabBar })));

/**
 * The page frame: a skip link, header, a thin progress bar while a route loads, the page, the footer, and on
 * phones the bottom tab bar (not during a play).
 */
export function Layout() {
  const pending = use(RoutePendingContext);
  const dispatch = useAppDispatch();
  const isLogin = useAppSelector((s) => s.auth.isLogin);
  useReturnToErrand();
  useRouteFocus();
  const online = useOnline();
  const { pathname } = useLocation();
  // Once per app start, and when the network comes back (offline, no call is made): the
  // persisted session is checked against the server.
  const checkSession = useEffectEvent(() => {
    if (isLogin) void refreshUser(dispatch);
  });
  useEffect(() => {
    if (online) checkSession();
  }, [online]);
  return (
    <div className="app">
      <SkipLink />
      <div className={pending ? 'route-progress active' : 'route-progress'} aria-hidden="true" />
      {/* The offline banner sticks with the header: a scrolled page does not slide it under it. */}
      <div className="top-bar">
        <Header />
        <OfflineBanner />
      </div>
      <UpdateBanner />
      <main className="page" id="main">
        {/* A page that fails (a render error, a chunk not fetched) fails alone, inside the frame. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <TabBar />
      </Suspense>
      <ScrollToTop />
    </div>
  );
}
