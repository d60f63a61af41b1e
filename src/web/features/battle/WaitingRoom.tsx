import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RoomState } from '../../../core/contract';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { refreshUser } from '../../app/session';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';
import { useBattleRules } from './battle-common';
import { Seats } from './battle-parts';

/**
 * A friend or group room before it starts: the code to share, the seats, and the owner's Start
 * and Delete (others may leave, their fee refunded). A deleted room says so and offers the lobby.
 */
export function WaitingRoom({ room, me }: { room: RoomState; me: number }) {
  const { t } = useTranslation();
  const rules = useBattleRules();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const lobby = room.kind === 'group' ? paths.groupBattle : paths.randomBattle;
  const owner = room.owner_id === me;
  const players = room.seats.filter((s) => s.state !== 'left').length;
  const title = room.kind === 'group' ? t('modes.groupBattle') : t('battle.friendTitle');

  async function act(call: () => Promise<unknown>, then?: () => void) {
    setBusy(true);
    try {
      await call();
      void refreshUser(dispatch);
      then?.();
    } catch {
      // Toasted by the api client.
    } finally {
      setBusy(false);
    }
  }

  if (room.status === 'deleted') {
    return (
      <section className="card battle-deleted" data-testid="room-deleted">
        <h1>{title}</h1>
        <p role="alert">{owner ? t('battle.deleted') : t('battle.deletedByOwner')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void navigate(lobby)}>
          {t('common.back')}
        </button>
      </section>
    );
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(room.room_code);
      toast.success(t('battle.copied'));
    } catch {
      // No clipboard (insecure origin or denied): the code is on screen to read out.
    }
  }

  return (
    <>
      <section className="card battle-waiting" aria-labelledby="waiting-title">
        <h1 id="waiting-title">{title}</h1>
        <p className="muted">{t('battle.shareCode')}</p>
        <div className="room-code" dir="ltr" data-testid="room-code" aria-label={t('battle.roomCode')}>
          {room.room_code}
        </div>
        <button type="button" className="btn btn-outline btn-small" onClick={() => void copy()}>
          {t('battle.copy')}
        </button>
        <ul className="facts battle-facts">
          <li>{room.entry_fee > 0 ? t('battle.fee', { count: room.entry_fee }) : t('battle.noCoins')}</li>
          {room.entry_fee > 0 && <li>{t('battle.pot', { count: room.entry_fee * players })}</li>}
          <li>{t('quiz.questionCount', { count: room.no_of_que })}</li>
        </ul>
      </section>
      <section className="card" aria-labelledby="seats-title">
        <h2 id="seats-title" className="battle-subhead">
          {t('battle.waitingPlayers')}{' '}
          <span className="muted" data-testid="seats-taken">
            {t('battle.seatsTaken', { taken: players, max: room.max_players })}
          </span>
        </h2>
        <Seats room={room} me={me} showEmpty />
        <div className="battle-actions">
          {owner ? (
            <>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy || players < rules.group_battle_min_players}
                data-testid="start-room"
                onClick={() => void act(() => api('start_room', { room_id: room.room_id }))}
              >
                {t('battle.start')}
              </button>
              <button
                type="button"
                className="btn btn-danger-ghost"
                disabled={busy}
                data-testid="delete-room"
                onClick={() => {
                  if (window.confirm(t('battle.deleteConfirm')))
                    void act(() => api('delete_room', { room_id: room.room_id }));
                }}
              >
                {t('battle.deleteRoom')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              data-testid="leave-room"
              onClick={() => {
                if (window.confirm(t('battle.leaveWaiting')))
                  void act(
                    () => api('leave_room', { room_id: room.room_id }),
                    () => void navigate(lobby),
                  );
              }}
            >
              {t('battle.leave')}
            </button>
          )}
        </div>
        {owner && players < rules.group_battle_min_players && <p className="muted">{t('battle.startNeedsTwo')}</p>}
      </section>
    </>
  );
}
