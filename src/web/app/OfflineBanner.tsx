import { useOutbox } from '../lib/offline/outbox-state';
import { useOnline } from '../lib/use-online';
import { useTranslation } from '../lib/use-translation';

/**
 * Says so while the device is offline (what needs the server waits until it is back), and how
 * many results wait to reach the server, with when the queue last synced.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const { pending, lastSync } = useOutbox();
  if (online && pending === 0) return null;
  const time = lastSync
    ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(lastSync)
    : '';
  return (
    <div className="offline-banner" role="status">
      {!online && <p data-testid="offline-banner">{t('offline.banner')}</p>}
      {pending > 0 && (
        <p className="pending-line" data-testid="pending-count" data-pending={pending}>
          {t('offline.pending', { count: pending })}
          {' · '}
          {time ? t('offline.lastSync', { time }) : t('offline.neverSynced')}
        </p>
      )}
    </div>
  );
}
