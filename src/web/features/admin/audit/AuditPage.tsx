import type { AuditEntry } from '../../../../core/contract';
import { ACTIONS } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { dateTime } from '../ui/format';
import { PageHead } from '../ui/PageHead';
import { AuditDiff } from './AuditDiff';
import './audit.css';

const TARGET_RE = /^[a-z_]+:\d+$/;
/** The admin actions that change something: the ones the audit log records. */
const AUDITED = Object.entries(ACTIONS)
  .filter(([, spec]) => spec.access === 'admin' && spec.mutates)
  .map(([name]) => name)
  .sort();
const DEFAULTS = { filters: { action: '' } };

/** The audit log: who changed what and when, filtered by action or by target, each with its diff. */
export default function AuditPage() {
  const { t, lang } = useAdminT();
  const columns: Column<AuditEntry>[] = [
    { id: 'date', header: t('audit.when'), cell: (e) => dateTime(e.date, lang) },
    {
      id: 'admin',
      header: t('audit.who'),
      cell: (e) => <span dir="auto">{e.admin_name || `#${e.admin_id ?? '?'}`}</span>,
    },
    { id: 'action', header: t('audit.action'), cell: (e) => <code className="admin-code">{e.action}</code> },
    {
      id: 'target',
      header: t('audit.target'),
      cell: (e) =>
        e.target ? (
          <code className="admin-code" dir="ltr">
            {e.target}
          </code>
        ) : (
          <span className="muted">—</span>
        ),
    },
  ];

  return (
    <>
      <PageHead title={t('audit.title')} intro={t('audit.intro')} />
      <DataTable
        label={t('audit.title')}
        testId="audit"
        columns={columns}
        rowKey={(e) => e.id}
        defaults={DEFAULTS}
        search={t('audit.targetSearch')}
        filters={[
          {
            name: 'action',
            label: t('audit.action'),
            options: [{ value: '', label: t('common.all') }, ...AUDITED.map((a) => ({ value: a, label: a }))],
          },
        ]}
        list={{
          action: 'admin_get_audit',
          fields: (q) => {
            const target = q.search.replace(/\s*[:#]\s*|\s+/, ':').toLowerCase();
            return {
              offset: q.offset,
              limit: q.limit,
              action: q.filters.action || undefined,
              target: TARGET_RE.test(target) ? target : undefined,
            };
          },
        }}
        expand={(e) => <AuditDiff entry={e} />}
        empty={t('audit.empty')}
      />
    </>
  );
}
