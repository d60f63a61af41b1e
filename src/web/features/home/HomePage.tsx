import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router-dom';
import type { HomeSettings } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectIsLogin, selectLanguageId, selectUser } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { BackToBattle } from '../../app/BackToBattle';
import { useOnline } from '../../lib/use-online';
import { InstallCard } from './InstallCard';
import { MODES } from './modes';

/** Home: a greeting and the grid of play modes. */
export default function HomePage() {
  const { t } = useTranslation();
  const isLogin = useAppSelector(selectIsLogin);
  const user = useAppSelector(selectUser);
  const languageId = useAppSelector(selectLanguageId);
  const contentCode = useAppSelector((s) => s.languages.currentLanguage.code);
  const appLanguage = useAppSelector((s) => s.languages.appLanguage);
  const [home, setHome] = useState<HomeSettings | null>(null);
  const online = useOnline();

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
      <BackToBattle />
      <InstallCard />
      <h2 className="section-title">{t('home.modes')}</h2>
      <ul className="grid modes-grid">
        {MODES.map((m) => {
          const icon = (
            <span className="mode-icon" aria-hidden="true" style={{ background: m.color }}>
              {m.icon}
            </span>
          );
          const name = <span className="mode-name">{t(`modes.${m.key}`)}</span>;
          // Offline: the modes that play from the device say so; the others wait for the network.
          if (!online && m.live && !m.offline)
            return (
              <li key={m.key}>
                <span
                  className="mode-card waiting"
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
          const tag = !m.live ? (
            <span className="tag">{t('home.soon')}</span>
          ) : online ? (
            <span className="tag tag-live">{t('home.playNow')}</span>
          ) : (
            <span className="tag tag-offline">{t('home.playsOffline')}</span>
          );
          return (
            <li key={m.key}>
              <Link
                to={m.to}
                className={m.live ? 'mode-card live' : 'mode-card'}
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
