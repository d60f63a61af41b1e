import { promptInstall, snoozeInstall, useInstallOffer } from '../../lib/install';
import { useTranslation } from '../../lib/use-translation';

/**
 * The offer to install the app: the browser's own dialog where it has one (Chromium's
 * beforeinstallprompt), the Share → Add to Home Screen steps on iPhone and iPad Safari.
 */
export function InstallCard() {
  const { t } = useTranslation();
  const offer = useInstallOffer();
  if (offer === 'none') return null;
  return (
    <section className="card install-card" aria-labelledby="install-title" data-testid="install-card">
      <img src="/icons/icon-192.png" alt="" width={48} height={48} className="install-icon" />
      <div className="install-text">
        <h2 id="install-title">{t('install.title')}</h2>
        {offer === 'prompt' ? (
          <p>{t('install.body')}</p>
        ) : (
          <ol className="install-steps" data-testid="install-ios-steps">
            <li>{t('install.iosShare')}</li>
            <li>{t('install.iosAdd')}</li>
          </ol>
        )}
        <div className="row">
          {offer === 'prompt' && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void promptInstall()}
              data-testid="install-button"
            >
              {t('install.button')}
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={snoozeInstall} data-testid="install-later">
            {t('install.later')}
          </button>
        </div>
      </div>
    </section>
  );
}
