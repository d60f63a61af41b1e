import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { UpdateBanner } from './UpdateBanner';

/** The page frame: header, a thin progress bar while a route loads, the page, the footer. */
export function Layout() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="app">
      <div className={busy ? 'route-progress active' : 'route-progress'} aria-hidden="true" />
      <Header />
      <UpdateBanner />
      <main className="page" id="main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
