import type { AdminT } from '../i18n';
import { useAdminT } from '../i18n';
import type { TableFilter } from '../ui/DataTable';
import { Tag } from '../ui/Tag';

/** The all / active / inactive filter of a content list. */
export function statusFilter(t: AdminT): TableFilter {
  return {
    name: 'status',
    label: t('contentScreens.status'),
    options: [
      { value: 'all', label: t('common.all') },
      { value: 'active', label: t('contentScreens.active') },
      { value: 'inactive', label: t('contentScreens.inactive') },
    ],
  };
}

/** Active or inactive. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useAdminT();
  return status === 1 ? (
    <Tag tone="good">{t('contentScreens.active')}</Tag>
  ) : (
    <Tag tone="bad" testId="status-inactive">
      {t('contentScreens.inactive')}
    </Tag>
  );
}
