import { useState } from 'react';
import type { AdminUser } from '../../../../core/contract';
import { adminActions } from '../../../../core/contract/admin';
import { toast } from '../../../lib/toast';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Drawer } from '../ui/Drawer';
import { count, dateTime } from '../ui/format';
import { Tag } from '../ui/Tag';
import { AdjustCoinsForm } from './AdjustCoinsForm';
import { CoinHistory } from './CoinHistory';

type Ask = 'deactivate' | 'reactivate' | 'sessions' | null;

/**
 * One account: who it is, its state, and what an operator may do — deactivate (with a reason,
 * which also signs it out) or reactivate, sign it out everywhere, adjust its coins with a reason
 * — and its coin history.
 */
export function UserDrawer({
  user,
  onClose,
  onChanged,
}: {
  user: AdminUser;
  onClose: () => void;
  onChanged: (u: AdminUser) => void;
}) {
  const { t, lang } = useAdminT();
  const mutate = useMutate();
  const [ask, setAsk] = useState<Ask>(null);
  const active = user.status === 1;

  async function setStatus(status: '0' | '1', reason: string) {
    const fields = adminActions.admin_set_user_status.input.parse({ user_id: user.id, status, reason });
    onChanged(await mutate('admin_set_user_status', fields));
    toast.success(t(status === '0' ? 'users.deactivatedToast' : 'users.reactivatedToast', { name: user.name }));
  }

  async function resetSessions() {
    const { revoked } = await mutate('admin_reset_sessions', { user_id: user.id });
    onChanged({ ...user, sessions: 0 });
    toast.success(t('users.sessionsReset', { count: revoked }));
  }

  return (
    <Drawer title={user.name || t('users.noName')} onClose={onClose} testId="user-drawer">
      <dl className="admin-facts">
        <dt>{t('users.id')}</dt>
        <dd dir="ltr">#{user.id}</dd>
        {user.email && (
          <>
            <dt>{t('users.email')}</dt>
            <dd dir="ltr">{user.email}</dd>
          </>
        )}
        {user.mobile && (
          <>
            <dt>{t('users.mobile')}</dt>
            <dd dir="ltr">{user.mobile}</dd>
          </>
        )}
        <dt>{t('users.status')}</dt>
        <dd className="admin-cell-tags" data-testid="user-status">
          {active ? <Tag tone="good">{t('users.active')}</Tag> : <Tag tone="bad">{t('users.deactivated')}</Tag>}
          {user.role === 'admin' && <Tag tone="info">{t('users.admin')}</Tag>}
        </dd>
        {!active && user.deactivation_reason && (
          <>
            <dt>{t('users.reason')}</dt>
            <dd dir="auto" data-testid="user-reason">
              {user.deactivation_reason}
            </dd>
          </>
        )}
        <dt>{t('users.coins')}</dt>
        <dd data-testid="user-coins">{count(user.coins, lang)}</dd>
        <dt>{t('users.score')}</dt>
        <dd>{count(user.score, lang)}</dd>
        <dt>{t('users.sessions')}</dt>
        <dd data-testid="user-sessions">{user.sessions}</dd>
        <dt>{t('users.joined')}</dt>
        <dd>{dateTime(user.created_at, lang)}</dd>
      </dl>

      <div className="admin-drawer-actions">
        {active ? (
          <button
            type="button"
            className="btn btn-danger btn-small"
            onClick={() => setAsk('deactivate')}
            data-testid="user-deactivate"
          >
            {t('users.deactivate')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setAsk('reactivate')}
            data-testid="user-reactivate"
          >
            {t('users.reactivate')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={() => setAsk('sessions')}
          disabled={user.sessions === 0}
          data-testid="user-reset-sessions"
        >
          {t('users.resetSessions')}
        </button>
      </div>

      <AdjustCoinsForm userId={user.id} onDone={(coins) => onChanged({ ...user, coins })} />
      <CoinHistory userId={user.id} />

      {ask === 'deactivate' && (
        <ConfirmDialog
          title={t('users.deactivateTitle', { name: user.name })}
          body={t('users.deactivateBody')}
          confirmLabel={t('users.deactivate')}
          danger
          reasonLabel={t('users.reason')}
          reasonRequired
          onConfirm={(reason) => setStatus('0', reason)}
          onClose={() => setAsk(null)}
        />
      )}
      {ask === 'reactivate' && (
        <ConfirmDialog
          title={t('users.reactivateTitle', { name: user.name })}
          body={t('users.reactivateBody')}
          confirmLabel={t('users.reactivate')}
          onConfirm={() => setStatus('1', '')}
          onClose={() => setAsk(null)}
        />
      )}
      {ask === 'sessions' && (
        <ConfirmDialog
          title={t('users.resetSessions')}
          body={t('users.resetSessionsBody', { name: user.name })}
          confirmLabel={t('users.resetSessions')}
          danger
          onConfirm={resetSessions}
          onClose={() => setAsk(null)}
        />
      )}
    </Drawer>
  );
}
