import { useState } from 'react';
import type { AdminPaymentRequest } from '../../../../core/contract';
import { toast } from '../../../lib/toast';
import { loadPage, mutate } from '../admin-api';
import { useAdminT, type AdminKey } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DataTable, type Column } from '../ui/DataTable';
import { count, dateOnly } from '../ui/format';
import { PageHead } from '../ui/PageHead';
import { Tag, type Tone } from '../ui/Tag';
import { PayoutSignals } from './PayoutSignals';

const DEFAULTS = { order: 'desc' as const, filters: { status: 'pending' } };
const STATUSES = ['pending', 'completed', 'rejected', 'cancelled'] as const;
const TONE: Record<string, Tone> = { pending: 'warn', completed: 'good', rejected: 'bad', cancelled: 'plain' };

type Decision = { request: AdminPaymentRequest; status: 'completed' | 'rejected' } | null;

/**
 * Payout requests, pending first: approve one once it is paid (completed) or reject it (its
 * coins go back to the player, once), weighing the review's signals; filter by status, search by
 * player. A deleted player's requests stay, named by their id.
 */
export default function PayoutsPage() {
  const { t, lang } = useAdminT();
  const [decision, setDecision] = useState<Decision>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const money = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  const columns: Column<AdminPaymentRequest>[] = [
    { id: 'id', header: t('payouts.id'), cell: (r) => <span dir="ltr">#{r.id}</span> },
    {
      id: 'player',
      // The review's signals sit under the player: the table keeps its width.
      header: t('payouts.player'),
      cell: (r) => (
        <span className="admin-cell-stack">
          <strong dir="auto">{r.user_deleted ? t('payouts.deletedPlayer', { id: r.user_id }) : r.user_name}</strong>
          <small className="muted" dir="ltr">
            {r.user_email}
          </small>
          <PayoutSignals r={r} />
        </span>
      ),
    },
    {
      id: 'method',
      header: t('payouts.method'),
      cell: (r) => (
        <span className="admin-cell-stack">
          <span>{r.payment_type}</span>
          <small className="muted admin-break" dir="ltr">
            {r.payment_address}
          </small>
        </span>
      ),
    },
    { id: 'coins', header: t('payouts.coins'), align: 'end', cell: (r) => count(r.coin_used, lang) },
    {
      id: 'amount',
      header: t('payouts.amount'),
      align: 'end',
      cell: (r) => <span className="admin-nowrap">{money.format(r.payment_amount)}</span>,
    },
    {
      id: 'status',
      header: t('payouts.status'),
      cell: (r) => (
        <Tag tone={TONE[r.status] ?? 'plain'} testId="payout-status">
          {t(`payouts.${r.status}` as AdminKey)}
        </Tag>
      ),
    },
    {
      id: 'date',
      header: t('payouts.requested'),
      wide: true,
      cell: (r) => (
        <span className="admin-cell-stack">
          <span>{dateOnly(r.date, lang)}</span>
          {r.settled_at && (
            <small className="muted">{t('payouts.settled', { date: dateOnly(r.settled_at, lang) })}</small>
          )}
        </span>
      ),
    },
  ];

  async function decide(d: NonNullable<Decision>) {
    await mutate('set_payment_request_status', { payment_id: d.request.id, status: d.status });
    toast.success(t(d.status === 'completed' ? 'payouts.approvedToast' : 'payouts.rejectedToast'));
    setReloadKey((n) => n + 1);
  }

  return (
    <>
      <PageHead title={t('payouts.title')} intro={t('payouts.intro')} />
      <DataTable
        label={t('payouts.title')}
        testId="payouts"
        columns={columns}
        rowKey={(r) => r.id}
        defaults={DEFAULTS}
        search={t('payouts.search')}
        filters={[
          {
            name: 'status',
            label: t('payouts.status'),
            options: [
              { value: 'all', label: t('common.all') },
              ...STATUSES.map((s) => ({ value: s, label: t(`payouts.${s}`) })),
            ],
          },
        ]}
        load={(q) =>
          loadPage('admin_get_payment_requests', {
            offset: q.offset,
            limit: q.limit,
            search: q.search,
            status: q.filters.status,
            order: q.order,
          })
        }
        rowActions={(r) =>
          r.status === 'pending' ? (
            // One above the other: the review's signals make the player column wide.
            <span className="admin-actions-stack">
              <button
                type="button"
                className="btn btn-primary btn-small"
                onClick={() => setDecision({ request: r, status: 'completed' })}
                data-testid="payout-approve"
              >
                {t('payouts.approve')}
              </button>
              <button
                type="button"
                className="btn btn-danger-ghost btn-small"
                onClick={() => setDecision({ request: r, status: 'rejected' })}
                data-testid="payout-reject"
              >
                {t('payouts.reject')}
              </button>
            </span>
          ) : null
        }
        empty={t('payouts.empty')}
        reloadKey={reloadKey}
      />
      {decision && (
        <ConfirmDialog
          title={t(decision.status === 'completed' ? 'payouts.approveTitle' : 'payouts.rejectTitle', {
            id: decision.request.id,
          })}
          body={t(decision.status === 'completed' ? 'payouts.approveBody' : 'payouts.rejectBody', {
            name: decision.request.user_deleted
              ? t('payouts.deletedPlayer', { id: decision.request.user_id })
              : decision.request.user_name,
            coins: decision.request.coin_used,
            amount: money.format(decision.request.payment_amount),
          })}
          confirmLabel={t(decision.status === 'completed' ? 'payouts.approve' : 'payouts.reject')}
          danger={decision.status === 'rejected'}
          onConfirm={() => decide(decision)}
          onClose={() => setDecision(null)}
        />
      )}
    </>
  );
}
