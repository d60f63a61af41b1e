import { useOnline } from '../lib/use-online';
import { useTranslation } from '../lib/use-translation';

/** Says so while the device is offline: what needs the server waits until it is back. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('offline.banner')}
    </div>
  );
}
