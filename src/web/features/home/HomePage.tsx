import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router-dom';
import type { HomeSettings } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectIsLogin, selectLanguageId, selectUser } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { BackToBattle } from '../../app/BackToBattle';
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

  // The start-up figure bench:pwa reads: the home screen is on screen, usable.
  useEffect(() => {
    if (performance.getEntriesByName('app-ready').length === 0) performance.mark('app-ready');
  }, []);

  useEffect(() => {
    api('get_web_home_settings', { language_id: languageId }, { expect: ['network', 'unknown', 'internal_error'] })
      .then(setHome)
      .catch(() => setHome(null));
  }, [languageId]);

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
        {MODES.map((m) => (
          <li key={m.key}>
            <Link to={m.to} className={m.live ? 'mode-card live' : 'mode-card'} data-testid={`mode-${m.key}`}>
              <span className="mode-icon" aria-hidden="true" style={{ background: m.color }}>
                {m.icon}
              </span>
              <span className="mode-name">{t(`modes.${m.key}`)}</span>
              <span className={m.live ? 'tag tag-live' : 'tag'}>{m.live ? t('home.playNow') : t('home.soon')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
