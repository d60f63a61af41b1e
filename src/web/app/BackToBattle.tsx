import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { HeldSeat } from '../../core/contract';
import { api } from '../lib/api-client';
import { useTranslation } from '../lib/use-translation';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { selectIsLogin } from './selectors';

/** The player's held seat, asked once per mount while signed in; null until known, and after its grace. */
function useHeldSeat(): HeldSeat | null {
  const isLogin = useAppSelector(selectIsLogin);
  const [seat, setSeat] = useState<HeldSeat | null>(null);
  useEffect(() => {
    if (!isLogin) return;
    let gone = false;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    api('get_active_battle', {}, { expect: ['network', 'unknown', 'internal_error'] })
      .then(({ seat: s }) => {
        if (gone) return;
        setSeat(s);
        // A dropped seat is given up when its grace ends (server instants, so no clock offset matters).
        if (s?.grace_ends_at) {
          const left = Date.parse(s.grace_ends_at) - Date.parse(s.server_time);
          expiry = setTimeout(() => setSeat(null), Math.max(0, left));
        }
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      clearTimeout(expiry);
    };
  }, [isLogin]);
  return isLogin ? seat : null;
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
