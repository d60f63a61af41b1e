import type { AdminPaymentRequest } from '../../../../core/contract';
import { toast } from '../../../lib/toast';
import { useMutate } from '../admin-api';
import { useAdminT, type AdminKey } from '../i18n';
import { CrudScreen, type CrudContext } from '../ui/CrudScreen';
import type { Column } from '../ui/DataTable';
import { count, dateOnly } from '../ui/format';
import { Tag, type Tone } from '../ui/Tag';
import { anyOf } from '../ui/table-filters';
import { PayoutSignals } from './PayoutSignals';

const DEFAULTS = { order: 'desc' as const, filters: { status: 'pending' } };
const STATUSES = ['pending', 'completed', 'rejected', 'cancelled'] as const;
const TONE: Record<string, Tone> = { pending: 'warn', completed: 'good', rejected: 'bad', cancelled: 'plain' };

/**
 * Payout requests, pending first: approve one once it is paid (completed) or reject it (its
 * coins go back to the player, once), weighing the review's signals; filter by status, search by
 * player. A deleted player's requests stay, named by their id.
 */
export default function PayoutsPage() {
  const { t, lang } = useAdminT();
  const mutate = useMutate();
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

  // Approve once it is paid, reject to give the coins back: either asked first.
  const ask = (r: AdminPaymentRequest, status: 'completed' | 'rejected', ctx: CrudContext<AdminPaymentRequest>) =>
    ctx.confirm({
      title: t(status === 'completed' ? 'payouts.approveTitle' : 'payouts.rejectTitle', { id: r.id }),
      body: t(status === 'completed' ? 'payouts.approveBody' : 'payouts.rejectBody', {
        name: r.user_deleted ? t('payouts.deletedPlayer', { id: r.user_id }) : r.user_name,
        coins: r.coin_used,
        amount: money.format(r.payment_amount),
      }),
      confirmLabel: t(status === 'completed' ? 'payouts.approve' : 'payouts.reject'),
      danger: status === 'rejected',
      onConfirm: async () => {
        await mutate('set_payment_request_status', { payment_id: r.id, status });
        toast.success(t(status === 'completed' ? 'payouts.approvedToast' : 'payouts.rejectedToast'));
      },
    });

  return (
    <CrudScreen
      heading="page"
      title={t('payouts.title')}
      intro={t('payouts.intro')}
      testId="payouts"
      columns={columns}
      rowKey={(r) => r.id}
      defaults={DEFAULTS}
      search={t('payouts.search')}
      filters={[
        anyOf(
          'status',
          t('payouts.status'),
          t('common.all'),
          STATUSES.map((s) => ({ value: s, label: t(`payouts.${s}`) })),
        ),
      ]}
      list={{
        action: 'admin_get_payment_requests',
        fields: (q) => ({
          offset: q.offset,
          limit: q.limit,
          search: q.search,
          status: q.filters.status,
          order: q.order,
        }),
      }}
      rowActions={(r, ctx) =>
        r.status === 'pending' ? (
          // One above the other: the review's signals make the player column wide.
          <span className="admin-actions-stack">
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => ask(r, 'completed', ctx)}
              data-testid="payout-approve"
            >
              {t('payouts.approve')}
            </button>
            <button
              type="button"
              className="btn btn-danger-ghost btn-small"
              onClick={() => ask(r, 'rejected', ctx)}
              data-testid="payout-reject"
            >
              {t('payouts.reject')}
            </button>
          </span>
        ) : null
      }
      empty={t('payouts.empty')}
    />
  );
}
