import type { AdminBroadcast } from '../../../../core/contract';
import languages from '../../../../../locales/index.json';
import { useAdminT } from '../i18n';
import { CrudScreen } from '../ui/CrudScreen';
import type { Column } from '../ui/DataTable';
import { count, dateTime } from '../ui/format';
import { Tag } from '../ui/Tag';
import { ComposeForm } from './ComposeForm';
import './notifications.css';

/** Notifications: compose one (with a preview), and the sent ones with their delivery counts. */
export default function NotificationsPage() {
  const { t, lang } = useAdminT();

  const audience = (b: AdminBroadcast) =>
    b.audience === 'all'
      ? t('notifications.toAll')
      : b.audience === 'language'
        ? (languages.find((l) => l.code === b.language_code)?.name ?? b.language_code)
        : b.user_name || `#${b.user_id}`;

  const columns: Column<AdminBroadcast>[] = [
    { id: 'date', header: t('notifications.sentAt'), cell: (b) => dateTime(b.date, lang) },
    {
      id: 'to',
      header: t('notifications.audience'),
      cell: (b) => <Tag tone={b.audience === 'all' ? 'info' : 'plain'}>{audience(b)}</Tag>,
    },
    {
      id: 'what',
      header: t('notifications.titleField'),
      cell: (b) => (
        <span className="admin-cell-stack">
          <strong dir="auto">{b.title}</strong>
          <small className="muted admin-clamp" dir="auto">
            {b.message}
          </small>
        </span>
      ),
    },
    { id: 'recipients', header: t('notifications.recipients'), align: 'end', cell: (b) => count(b.recipients, lang) },
    { id: 'reads', header: t('notifications.reads'), align: 'end', cell: (b) => count(b.reads, lang) },
    {
      id: 'push',
      header: t('notifications.pushes'),
      align: 'end',
      wide: true,
      cell: (b) => (
        <span dir="ltr">
          {count(b.push_sent, lang)}
          {b.push_failed > 0 && <small className="bad"> / {t('notifications.failed', { count: b.push_failed })}</small>}
        </span>
      ),
    },
  ];

  return (
    <CrudScreen
      heading="page"
      title={t('notifications.title')}
      intro={t('notifications.intro')}
      before={() => (
        <>
          <ComposeForm />
          <h2 className="admin-section-title">{t('notifications.sent')}</h2>
        </>
      )}
      label={t('notifications.sent')}
      testId="broadcasts"
      columns={columns}
      rowKey={(b) => b.id}
      list={{ action: 'admin_get_broadcasts', fields: (q) => ({ offset: q.offset, limit: q.limit }) }}
      empty={t('notifications.empty')}
    />
  );
}
