import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminReport } from '../../../../core/contract';
import { toast } from '../../../lib/toast';
import { useMutate } from '../admin-api';
import { useAdminT, type AdminKey } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { dateTime } from '../ui/format';
import { PageHead } from '../ui/PageHead';
import { Tag, type Tone } from '../ui/Tag';
import { answerText, QuestionPreview } from './QuestionPreview';
import { questionEditLink } from '../content/content-links';
import './reports.css';

const DEFAULTS = { filters: { status: 'open' } };
const TONE: Record<AdminReport['status'], Tone> = { open: 'warn', fixed: 'good', dismissed: 'plain' };

/**
 * Reported questions, open ones first: the question with its answer beside the player's
 * message; the operator fixes the question (then marks the report fixed) or dismisses it.
 */
export default function ReportsPage() {
  const { t, lang } = useAdminT();
  const mutate = useMutate();
  const [busy, setBusy] = useState<number | null>(null);

  async function resolve(r: AdminReport, status: 'fixed' | 'dismissed') {
    setBusy(r.id);
    try {
      await mutate('admin_resolve_report', { report_id: r.id, status });
      toast.success(t(status === 'fixed' ? 'reports.fixedToast' : 'reports.dismissedToast'));
    } catch {
      // Shown by the api client.
    } finally {
      setBusy(null);
    }
  }

  const columns: Column<AdminReport>[] = [
    {
      id: 'question',
      header: t('reports.question'),
      cell: (r) => (
        <span className="admin-cell-stack">
          <strong dir="auto" className="admin-clamp">
            {r.question}
          </strong>
          <small className="admin-report-answer" data-testid="report-answer-inline">
            {t('reports.answer', { answer: answerText(r.question_type, r.options, r.answer) })}
          </small>
          <small className="muted">
            {r.category_name} · #{r.question_id}
          </small>
        </span>
      ),
    },
    {
      id: 'message',
      header: t('reports.message'),
      cell: (r) => (
        <span className="admin-cell-stack">
          <span dir="auto" data-testid="report-message">
            {r.message || '—'}
          </span>
          <small className="muted" dir="auto">
            {t('reports.by', { name: r.user_name, date: dateTime(r.date, lang) })}
          </small>
        </span>
      ),
    },
    {
      id: 'count',
      header: t('reports.count'),
      align: 'end',
      wide: true,
      cell: (r) => (r.reports_on_question > 1 ? <Tag tone="bad">{r.reports_on_question}</Tag> : r.reports_on_question),
    },
    {
      id: 'status',
      header: t('reports.status'),
      cell: (r) => <Tag tone={TONE[r.status]}>{t(`reports.${r.status}` as AdminKey)}</Tag>,
    },
  ];

  return (
    <>
      <PageHead title={t('reports.title')} intro={t('reports.intro')} />
      <DataTable
        label={t('reports.title')}
        testId="reports"
        columns={columns}
        rowKey={(r) => r.id}
        defaults={DEFAULTS}
        filters={[
          {
            name: 'status',
            label: t('reports.status'),
            options: (['open', 'fixed', 'dismissed', 'all'] as const).map((s) => ({
              value: s,
              label: s === 'all' ? t('common.all') : t(`reports.${s}`),
            })),
          },
        ]}
        list={{
          action: 'admin_get_reports',
          fields: (q) => ({ offset: q.offset, limit: q.limit, status: q.filters.status }),
        }}
        expand={(r) => {
          const edit = questionEditLink(r.question_id);
          return (
            <div className="admin-report-detail">
              <QuestionPreview question={r.question} type={r.question_type} options={r.options} answer={r.answer} />
              {edit ? (
                <Link to={edit} className="btn btn-outline btn-small" data-testid="report-edit">
                  {t('reports.editQuestion')}
                </Link>
              ) : (
                <p className="muted">{t('reports.editLater')}</p>
              )}
            </div>
          );
        }}
        rowActions={(r) =>
          r.status === 'open' ? (
            <>
              <button
                type="button"
                className="btn btn-primary btn-small"
                disabled={busy === r.id}
                onClick={() => void resolve(r, 'fixed')}
                data-testid="report-fixed"
              >
                {t('reports.markFixed')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={busy === r.id}
                onClick={() => void resolve(r, 'dismissed')}
                data-testid="report-dismiss"
              >
                {t('reports.dismiss')}
              </button>
            </>
          ) : null
        }
        empty={t('reports.empty')}
      />
    </>
  );
}
