import { Link } from 'react-router-dom';
import type { AdminDashboard } from '../../../../core/contract';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { LoadState } from '../../../ui/LoadState';
import { adminPaths } from '../admin-paths';
import { useAdminT, type AdminKey } from '../i18n';
import { PageHead } from '../ui/PageHead';
import './dashboard.css';

/** The dashboard's figures (the rest of the reply is about the server's setup). */
type Figure = Exclude<keyof AdminDashboard, 'undeliverable'>;

interface Tile {
  key: Figure;
  label: AdminKey;
  /** Where the number is worked on, if anywhere. */
  to?: string;
  /** Needs the operator's attention when above zero. */
  attention?: boolean;
}

const TILES: Tile[] = [
  { key: 'users', label: 'dashboard.users', to: adminPaths.users },
  { key: 'active_7d', label: 'dashboard.active7d' },
  { key: 'questions', label: 'dashboard.questions', to: adminPaths.content },
  { key: 'open_reports', label: 'dashboard.openReports', to: adminPaths.reports, attention: true },
  { key: 'pending_payouts', label: 'dashboard.pendingPayouts', to: adminPaths.payouts, attention: true },
  { key: 'coins_held', label: 'dashboard.coinsHeld' },
  { key: 'live_rooms', label: 'dashboard.liveRooms' },
];

/** The operator's overview: players, content and what waits for them (reports, payouts). */
export default function DashboardPage() {
  const { t, lang } = useAdminT();
  const [state, reload] = useApiQuery('admin_get_dashboard', {});
  const fmt = new Intl.NumberFormat(lang);
  return (
    <>
      <PageHead
        title={t('dashboard.title')}
        intro={t('dashboard.intro')}
        actions={
          <button type="button" className="btn btn-outline btn-small" onClick={reload} data-testid="dashboard-refresh">
            {t('common.refresh')}
          </button>
        }
      />
      {state.status === 'ready' && <UndeliverableNotice channels={state.data.undeliverable} />}
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={reload} />
      ) : (
        <ul className="admin-tiles" data-testid="dashboard-tiles">
          {TILES.map((tile) => {
            const n = state.data[tile.key];
            const hot = tile.attention && n > 0;
            const body = (
              <>
                <span className="admin-tile-label">{t(tile.label)}</span>
                <strong className="admin-tile-value" dir="ltr">
                  {fmt.format(n)}
                </strong>
                {hot && <span className="admin-tag admin-tag-warn">{t('dashboard.needsAttention')}</span>}
              </>
            );
            return (
              <li
                key={tile.key}
                className={hot ? 'card admin-tile hot' : 'card admin-tile'}
                data-testid={`tile-${tile.key}`}
              >
                {tile.to ? (
                  <Link to={tile.to} className="admin-tile-body admin-tile-link">
                    {body}
                  </Link>
                ) : (
                  <div className="admin-tile-body">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** Says which sign-in codes this server cannot send (production without SMTP or SMS settings). */
function UndeliverableNotice({ channels }: { channels: AdminDashboard['undeliverable'] }) {
  const { t } = useAdminT();
  if (channels.length === 0) return null;
  return (
    <div className="card admin-undeliverable" role="alert" data-testid="dashboard-undeliverable">
      <strong>{t('dashboard.undeliverableTitle')}</strong>
      <ul>
        {channels.map((c) => (
          <li key={c}>{t(c === 'email' ? 'dashboard.undeliverableEmail' : 'dashboard.undeliverableSms')}</li>
        ))}
      </ul>
    </div>
  );
}
