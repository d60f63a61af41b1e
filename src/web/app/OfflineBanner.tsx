import { useEffect, useRef, useState } from 'react';
import { useOutbox } from '../lib/offline/outbox-state';
import { useOnline } from '../lib/use-online';
import { useTranslation } from '../lib/use-translation';
import { formatTime } from '../lib/format-date';

/** How long "All results sent" stays once the queue has emptied. */
const SENT_MS = 4000;
/** Online, a result is only "being sent" on screen once it has waited this long. */
const SLOW_MS = 1000;

/**
 * The connection as the player meets it: offline (results are kept and sent later), results
 * waiting (offline) or being sent (online), and a short "all sent" once the queue empties. An
 * online play's own result passes through the queue too: it is shown only when it waited (the
 * connection was gone, or the post is slow), so a quiz played online flashes no banner.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const { pending, lastSync } = useOutbox();
  const [sent, setSent] = useState(false);
  const [waited, setWaited] = useState(false);
  const had = useRef(pending);
  useEffect(() => {
    if (pending === 0) return;
    if (!online) {
      setWaited(true);
      return;
    }
    const timer = setTimeout(() => setWaited(true), SLOW_MS);
    return () => clearTimeout(timer);
  }, [pending, online]);
  useEffect(() => {
    const before = had.current;
    had.current = pending;
    if (!(before > 0 && pending === 0 && online)) return;
    if (!waited) return;
    setWaited(false);
    setSent(true);
  }, [pending, online, waited]);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), SENT_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  if (online && (pending === 0 || !waited)) {
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
