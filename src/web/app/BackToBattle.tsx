import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ActionOutput, HeldSeat } from '../../core/contract';
import { useTranslation } from '../lib/use-translation';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { selectIsLogin } from './selectors';
import { useApiQuery } from './server-state/use-api-query';

const QUIET = { expect: ['network', 'unknown', 'internal_error'] };
const seatOf = (reply: ActionOutput<'get_active_battle'>) => reply.seat;

/** The player's held seat, asked once per mount while signed in; null until known, and after its grace. */
function useHeldSeat(): HeldSeat | null {
  const isLogin = useAppSelector(selectIsLogin);
  const [read] = useApiQuery('get_active_battle', isLogin ? { call: QUIET } : skipToken, seatOf);
  const seat = isLogin && read.status === 'ready' ? read.data : null;
  const [givenUp, setGivenUp] = useState<HeldSeat | null>(null);
  useEffect(() => {
    if (!seat?.grace_ends_at) return;
    // A dropped seat is given up when its grace ends (server instants, so no clock offset matters).
    const left = Date.parse(seat.grace_ends_at) - Date.parse(seat.server_time);
    const expiry = setTimeout(() => setGivenUp(seat), Math.max(0, left));
    return () => clearTimeout(expiry);
  }, [seat]);
  return seat === givenUp ? null : seat;
}

/**
 * "Back to your battle" (issue 21 §5): a battle whose tab was closed can be found again from the
 * home screen and the battle lobbies while its seat is held (the reconnect grace). Nothing shows
 * without one.
 */
export function BackToBattle() {
  const { t } = useTranslation();
  const seat = useHeldSeat();
  useEffect(() => {
    // The figure the held-seat journey reads: when the way back was on screen.
    if (seat) performance.mark('battle-back-shown');
  }, [seat]);
  if (!seat) return null;
  return (
    <section className="card back-to-battle" data-testid="back-to-battle" aria-labelledby="back-to-battle-title">
      <span className="back-to-battle-icon" aria-hidden="true">
        ⚔
      </span>
      <div className="back-to-battle-text">
        <h2 id="back-to-battle-title">{t('battleBack.title')}</h2>
        <p className="muted">
          {t(seat.status === 'playing' ? 'battleBack.playing' : 'battleBack.waiting', {
            kind: t(`battleBack.kind.${seat.kind}`),
          })}
        </p>
      </div>
      <Link
        className="btn btn-primary"
        to={paths.battleRoom(seat.kind, seat.room_id)}
        data-testid="back-to-battle-link"
      >
        {t('battleBack.go')}
      </Link>
    </section>
  );
}
