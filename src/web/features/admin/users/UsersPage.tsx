import { useState } from 'react';
import type { AdminUser } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { count, dateOnly } from '../ui/format';
import { PageHead } from '../ui/PageHead';
import { Tag } from '../ui/Tag';
import { UserDrawer } from './UserDrawer';

const DEFAULTS = { sort: 'id', order: 'desc' as const, filters: { status: 'all', role: 'all' } };

/** Accounts: search, filter by status and role, sort; a row opens the account's drawer. */
export default function UsersPage() {
  const { t, lang } = useAdminT();
  const [open, setOpen] = useState<AdminUser | null>(null);

  const columns: Column<AdminUser>[] = [
    { id: 'id', header: t('users.id'), cell: (u) => <span dir="ltr">#{u.id}</span>, sort: 'id' },
    {
      id: 'name',
      header: t('users.name'),
      sort: 'name',
      cell: (u) => (
        <span className="admin-cell-stack">
          <strong dir="auto">
            {u.name ||
              (u.deactivation_reason === 'deleted' ? t('payouts.deletedPlayer', { id: u.id }) : t('users.noName'))}
          </strong>
          <small className="muted" dir="ltr">
            {u.email || u.mobile}
          </small>
        </span>
      ),
    },
    {
      id: 'status',
      header: t('users.status'),
      cell: (u) => (
        <span className="admin-cell-tags">
          {u.status === 1 ? (
            <Tag tone="good">{t('users.active')}</Tag>
          ) : (
            <Tag tone="bad" testId="user-deactivated">
              {t('users.deactivated')}
            </Tag>
          )}
          {u.role === 'admin' && <Tag tone="info">{t('users.admin')}</Tag>}
        </span>
      ),
    },
    { id: 'coins', header: t('users.coins'), sort: 'coins', align: 'end', cell: (u) => count(u.coins, lang) },
    {
      id: 'score',
      header: t('users.score'),
      sort: 'score',
      align: 'end',
      wide: true,
      cell: (u) => count(u.score, lang),
    },
    { id: 'sessions', header: t('users.sessions'), align: 'end', wide: true, cell: (u) => u.sessions },
    {
      id: 'created',
      header: t('users.joined'),
      sort: 'created_at',
      wide: true,
      cell: (u) => dateOnly(u.created_at, lang),
    },
  ];

  return (
    <>
      <PageHead title={t('users.title')} intro={t('users.intro')} />
      <DataTable
        label={t('users.title')}
        testId="users"
        columns={columns}
        rowKey={(u) => u.id}
        defaults={DEFAULTS}
        search={t('users.search')}
        filters={[
          {
            name: 'status',
            label: t('users.status'),
            options: [
              { value: 'all', label: t('common.all') },
              { value: 'active', label: t('users.active') },
              { value: 'deactivated', label: t('users.deactivated') },
            ],
          },
          {
            name: 'role',
            label: t('users.role'),
            options: [
              { value: 'all', label: t('common.all') },
              { value: 'player', label: t('users.player') },
              { value: 'admin', label: t('users.admin') },
            ],
          },
        ]}
        list={{
          action: 'admin_get_users',
          fields: (q) => ({
            offset: q.offset,
            limit: q.limit,
            search: q.search,
            status: q.filters.status,
            role: q.filters.role,
            sort: q.sort,
            order: q.order,
          }),
        }}
        onRowClick={setOpen}
        rowActions={(u) => (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(u)} data-testid="user-open">
            {t('common.open')}
          </button>
        )}
        empty={t('users.empty')}
      />
      {open && <UserDrawer user={open} onClose={() => setOpen(null)} onChanged={setOpen} />}
    </>
  );
}
