import { useEffect, useRef, useState } from 'react';
import { useOutbox } from '../lib/offline/outbox-state';
import { useOnline } from '../lib/use-online';
import { useTranslation } from '../lib/use-translation';
import { formatTime } from '../lib/format-date';

/** How long "All results sent" stays once the queue has emptied. */
const SENT_MS = 4000;

/**
 * The connection as the player meets it: offline (results are kept and sent later), results
 * waiting (offline) or being sent (online), and a short "all sent" once the queue empties.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const { pending, lastSync } = useOutbox();
  const [sent, setSent] = useState(false);
  const had = useRef(pending);
  useEffect(() => {
    const before = had.current;
    had.current = pending;
    if (!(before > 0 && pending === 0 && online)) return;
    setSent(true);
    const timer = setTimeout(() => setSent(false), SENT_MS);
    return () => clearTimeout(timer);
  }, [pending, online]);

  if (online && pending === 0) {
    if (!sent) return null;
    return (
      <div className="offline-banner synced" role="status">
        <p data-testid="sync-done">{t('offline.sent')}</p>
      </div>
    );
  }
  const time = lastSync ? formatTime(lastSync, i18n.language) : '';
  return (
    <div className="offline-banner" role="status">
      {!online && <p data-testid="offline-banner">{t('offline.banner')}</p>}
      {pending > 0 && (
        <p
          className="pending-line"
          data-testid="pending-count"
          data-pending={pending}
          data-state={online ? 'sending' : 'waiting'}
        >
          {online ? t('offline.sending', { count: pending }) : t('offline.pending', { count: pending })}
          {time && ` · ${t('offline.lastSync', { time })}`}
        </p>
      )}
    </div>
  );
}
