import { useTranslation } from '../lib/use-translation';
import { useUpdateWaiting } from '../lib/sw-update';

/** Offers the new version when a service worker waits; the player decides when. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const activate = useUpdateWaiting();
  if (!activate) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span>{t('update.available')}</span>
      <button type="button" className="btn btn-small btn-primary" onClick={activate} data-testid="update-accept">
        {t('update.action')}
      </button>
    </div>
  );
}
