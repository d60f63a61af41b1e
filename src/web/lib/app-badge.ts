import { useEffect } from 'react';

/**
 * The installed app's icon shows the unread count (Badging API): set while there are unread
 * notifications, cleared when there are none or the player signs out (the bell goes). Where the
 * browser has no badge (most desktops, Firefox) nothing happens. `null`: not known yet.
 */
export function useAppBadge(unread: number | null): void {
  useEffect(() => {
    if (unread === null || typeof navigator === 'undefined' || !('setAppBadge' in navigator)) return;
    const done = () => undefined;
    if (unread > 0) navigator.setAppBadge(unread).catch(done);
    else navigator.clearAppBadge().catch(done);
    return () => void navigator.clearAppBadge().catch(done);
  }, [unread]);
}
