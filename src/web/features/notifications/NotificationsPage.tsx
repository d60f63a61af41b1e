import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NotificationView } from '../../../core/contract';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notificationsRead } from '../../app/live-slice';
import { paths } from '../../app/paths';
import { useApiMutation } from '../../app/server-state/use-api-mutation';
import { useApiPages } from '../../app/server-state/use-api-pages';
import { i18n } from '../../lib/i18n';
import { enablePush, pushSupported } from '../../lib/push';
import { useTranslation } from '../../lib/use-translation';
import { Empty } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { MoreFooter, mergePage } from '../../ui/MoreFooter';
import './notifications.css';
import { formatDateTime } from '../../lib/format-date';

const PAGE = 20;
const byId = (n: NotificationView) => n.id;

/** A notification in words: the server's own by type and params, an operator's as written. */
export function noticeText(n: NotificationView): { title: string; body: string } {
  const t = i18n.t.bind(i18n);
  if (n.type === 'badge') {
    const key = `badges.name.${n.params.badge}`;
    const name = i18n.exists(key) ? t(key as 'badges.title') : String(n.params.badge);
    return { title: t('notifications.badgeTitle'), body: t('notifications.badge', { name }) };
  }
  if (n.type === 'referral')
    return { title: t('notifications.referralTitle'), body: t('notifications.referral', { count: n.params.coins }) };
  if (n.type === 'payout_completed')
    return {
      title: t('notifications.payout_completedTitle'),
      body: t('notifications.payout_completed', { count: n.params.coins }),
    };
  if (n.type === 'contest_prize')
    return {
      title: t('notifications.contest_prizeTitle'),
      body: t('notifications.contest_prize', {
        contest: `\u2068${String(n.params.contest ?? '')}\u2069`,
        rank: n.params.rank,
        count: Number(n.params.coins ?? 0),
      }),
    };
  if (n.type === 'payout_rejected')
    return {
      title: t('notifications.payout_rejectedTitle'),
      body: t('notifications.payout_rejected', { count: n.params.coins }),
    };
  return { title: n.title || t('notifications.general'), body: n.message };
}

/**
 * Push on this device: offered here, where the player is looking at notifications (not on first
 * visit); once allowed, the subscription is refreshed with the server on every visit.
 */
function PushCard() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    pushSupported() ? Notification.permission : 'unsupported',
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (permission === 'granted') void enablePush(false).catch(() => undefined);
  }, [permission]);

  if (permission === 'unsupported' || permission === 'granted') return null;
  if (permission === 'denied')
    return (
      <p className="muted push-note" data-testid="push-blocked">
        {t('notifications.pushBlocked')}
      </p>
    );
  return (
    <section className="card push-card" aria-labelledby="push-title">
      <h2 id="push-title">{t('notifications.pushTitle')}</h2>
      <p className="muted">{t('notifications.pushText')}</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        data-testid="push-enable"
        onClick={() => {
          setBusy(true);
          enablePush(true)
            .then(setPermission, () => undefined)
            .finally(() => setBusy(false));
        }}
      >
        {t('notifications.pushEnable')}
      </button>
    </section>
  );
}

/**
 * Notifications, newest first: pages merged by id (spec §3), those pushed while the page is open
 * on top, unread ones marked; a tap reads it and opens its screen.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { items, state, more, loadMore } = useApiPages('get_notifications', { limit: PAGE }, byId);
  const setRead = useApiMutation('set_notifications_read');
  // Notifications pushed while the page is open go on top, newest first (issue 21 §7); those that
  // arrived before it opened are in its first page already.
  const arrived = useAppSelector((s) => s.live.arrived);
  const [before] = useState(() => new Set(arrived.map(byId)));
  // Read here: marked at once, before the server's list says so.
  const [readHere, setReadHere] = useState<ReadonlySet<number>>(new Set());
  const rows = useMemo(() => {
    const fresh = arrived.filter((n) => !before.has(n.id));
    const all = fresh.length === 0 ? items : mergePage(items, fresh, byId, false).sort((a, b) => b.id - a.id);
    return all.map((r) => (!r.read && readHere.has(r.id) ? { ...r, read: true } : r));
  }, [items, arrived, before, readHere]);

  function open(n: NotificationView) {
    if (!n.read) {
      setReadHere((ids) => new Set(ids).add(n.id));
      void setRead({ ids: String(n.id) })
        .then((r) => dispatch(notificationsRead(r.unread)))
        .catch(() => undefined);
    }
    if (n.link.startsWith('/')) void navigate(n.link);
  }

  async function readAll() {
    try {
      const r = await setRead({ all: 1 });
      dispatch(notificationsRead(r.unread));
      setReadHere((ids) => new Set([...ids, ...rows.map(byId)]));
    } catch {
      // Toasted by the api client.
    }
  }

  const unread = rows.filter((r) => !r.read).length;
  return (
    <>
      <PageTitle title={t('notifications.title')} back={paths.profile} backLabel={t('common.back')} />
      <PushCard />
      {unread > 0 && (
        <div className="notices-bar">
          <span className="muted" data-testid="notices-unread">
            {t('notifications.unread', { count: unread })}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="notices-read-all"
            onClick={() => void readAll()}
          >
            {t('notifications.readAll')}
          </button>
        </div>
      )}
      {state === 'ready' && rows.length === 0 ? (
        <Empty text={t('notifications.empty')} />
      ) : (
        <ul className="notices" data-testid="notices">
          {rows.map((n) => {
            const { title, body } = noticeText(n);
            return (
              <li key={n.id}>
                <button
                  type="button"
                  className={n.read ? 'card notice' : 'card notice unread'}
                  data-testid={`notice-${n.id}`}
                  onClick={() => open(n)}
                >
                  <span className="notice-title" dir="auto">
                    {!n.read && <span className="notice-dot" aria-label={t('notifications.new')} />}
                    {title}
                  </span>
                  {body && (
                    <span className="notice-body" dir="auto">
                      {body}
                    </span>
                  )}
                  <small className="muted">{formatDateTime(n.date, i18n.language)}</small>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <MoreFooter state={state} more={more} onMore={loadMore} label={t('wallet.more')} testId="notices-more" />
    </>
  );
}
