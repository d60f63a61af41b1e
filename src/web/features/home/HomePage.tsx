import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router-dom';
import type { HomeSettings } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { lazyPage } from '../../app/lazy-page';
import { selectIsLogin, selectLanguageId, selectUser } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useOnline } from '../../lib/use-online';
import { ModeIcon } from './ModeIcon';
import { MODES } from './modes';

// What to do today: its own chunk, asked for once home is on screen (the first screen's JS stays).
const HomeToday = lazy(() => import('./HomeToday'));
// A signed-in player's way back to a battle: its own chunk, a guest never loads it.
const BackToBattle = lazy(() => import('../../app/BackToBattle').then((m) => ({ default: m.BackToBattle })));
// The install offer, over the page's foot when the browser offers it. Its chunk is fetched beside
// the entry's others when the app opens on home (HomePage.preload, called by preloadRoute): Chromium
// offers the install while the app starts, and a card that came a round trip after the first
// paint was the page's largest paint (Lighthouse's LCP element), drawn again on its own.
const InstallCard = lazyPage(() => import('./InstallCard').then((m) => ({ default: m.InstallCard })), false);

/** Home: a greeting, what to do today (signed in), and the play modes. */
export default function HomePage() {
  const { t } = useTranslation();
  const isLogin = useAppSelector(selectIsLogin);
  const user = useAppSelector(selectUser);
  const languageId = useAppSelector(selectLanguageId);
  const contentCode = useAppSelector((s) => s.languages.currentLanguage.code);
  const appLanguage = useAppSelector((s) => s.languages.appLanguage);
  const [home, setHome] = useState<HomeSettings | null>(null);
  const online = useOnline();
  // The modes the operator switched off are not offered (how to play leaves them out too).
  const disabled = useAppSelector((s) => s.settings.systemConfig?.disabled_modes);
  const modes = disabled?.length ? MODES.filter((m) => !disabled.includes(m.code)) : MODES;

  // The start-up figure bench:pwa reads: the home screen is on screen, usable.
  useEffect(() => {
    if (performance.getEntriesByName('app-ready').length === 0) performance.mark('app-ready');
  }, []);

  // Offline, not asked (the built-in subtitle shows); asked when the network is back.
  useEffect(() => {
    if (!online) return;
    api('get_web_home_settings', { language_id: languageId }, { expect: ['network', 'unknown', 'internal_error'] })
      .then(setHome)
      .catch(() => setHome(null));
  }, [languageId, online]);

  return (
    <>
      <section className="hero">
        <h1>
          {isLogin && user ? t('home.greetingUser', { name: `\u2068${user.name}\u2069` }) : t('home.greetingGuest')}
        </h1>
        {/* The operator's home text is per content language: shown when it matches the interface. */}
        <p>{home && contentCode === appLanguage ? home.subtitle : t('home.subtitle')}</p>
        {!isLogin && (
          <div className="hero-guest">
            <p className="hint">{t('home.loginToAccess')}</p>
            <div className="row">
              <Link to={paths.login} className="btn btn-light">
                {t('nav.login')}
              </Link>
              <Link to={paths.signUp} className="btn btn-outline-light">
                {t('nav.signUp')}
              </Link>
            </div>
          </div>
        )}
      </section>
      {isLogin && (
        <Suspense fallback={null}>
          <BackToBattle />
        </Suspense>
      )}
      {isLogin && user && (
        <Suspense fallback={<div className="today today-pending" aria-hidden="true" />}>
          <HomeToday />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <InstallCard />
      </Suspense>
      <h2 className="section-title">{t('home.modes')}</h2>
      <ul className="modes-grid">
        {modes.map((m) => {
          const icon = <ModeIcon id={m.icon} />;
          const name = <span className="mode-name">{t(`modes.${m.key}`)}</span>;
          // Offline: the modes that play from the device say so; the others wait for the network.
          if (!online && m.live && !m.offline)
            return (
              <li key={m.key}>
                <span
                  className={`mode-tile tone-${m.tone} waiting`}
                  aria-disabled="true"
                  data-testid={`mode-${m.key}`}
                  data-offline="waiting"
                >
                  {icon}
                  {name}
                  <span className="tag">{t('home.waitsForConnection')}</span>
                </span>
              </li>
            );
          // Online, a live mode needs no tag: the tile is the invitation.
          const tag = !m.live ? (
            <span className="tag">{t('home.soon')}</span>
          ) : online ? null : (
            <span className="tag tag-offline">{t('home.playsOffline')}</span>
          );
          return (
            <li key={m.key}>
              <Link
                to={m.to}
                className={`mode-tile tone-${m.tone}`}
                data-testid={`mode-${m.key}`}
                data-offline={online ? undefined : 'ready'}
              >
                {icon}
                {name}
                {tag}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** What preloadRoute fetches for home beside the entry: the install card's chunk (not its words' catalogue). */
HomePage.preload = InstallCard.preload;
