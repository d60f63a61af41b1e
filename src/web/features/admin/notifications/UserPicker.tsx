import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import type { AdminUser } from '../../../../core/contract';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { useAdminT } from '../i18n';
import { SearchBox } from '../ui/SearchBox';

/** Finds one account by name, e-mail, phone or id (the five best matches) and picks it. */
export function UserPicker({
  picked,
  onPick,
  error,
}: {
  picked: AdminUser | null;
  onPick: (u: AdminUser | null) => void;
  error?: string;
}) {
  const { t } = useAdminT();
  const [search, setSearch] = useState('');
  const [matches] = useApiQuery('admin_get_users', search ? { search, limit: 5, status: 'active' } : skipToken);
  const found = search && matches.status === 'ready' ? matches.data : [];

  if (picked)
    return (
      <div className="admin-picked" data-testid="picked-user">
        <span className="admin-cell-stack">
          <strong dir="auto">{picked.name}</strong>
          <small className="muted" dir="ltr">
            #{picked.id} · {picked.email || picked.mobile}
          </small>
        </span>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => onPick(null)}>
          {t('notifications.changeUser')}
        </button>
      </div>
    );
  return (
    <div className={error ? 'field admin-field has-error' : 'field admin-field'}>
      <SearchBox label={t('notifications.findUser')} value={search} onChange={setSearch} testId="user-picker-search" />
      {found.length > 0 && (
        <ul className="admin-picker-list" data-testid="user-picker-results">
          {found.map((u) => (
            <li key={u.id}>
              <button type="button" onClick={() => onPick(u)}>
                <strong dir="auto">{u.name}</strong>
                <small className="muted" dir="ltr">
                  #{u.id} · {u.email || u.mobile}
                </small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {search && found.length === 0 && <small className="muted">{t('notifications.noUser')}</small>}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
