import { useEffect, useRef, useState } from 'react';
import type { RoomSeat, RoomState } from '../../../core/contract';
import { formatClock } from '../../../core/rules/battle';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';
import { Avatar } from '../../ui/Avatar';
import { WarnIcon } from '../../ui/question/Timer';

/** The server's clock now (ms), ticking every quarter second: this device's clock plus the measured offset. */
export function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    const id = setInterval(() => setNow(Date.now() + offsetMs), 250);
    return () => clearInterval(id);
  }, [offsetMs]);
  return now;
}

/** The two-player countdown clock: remaining time to a server deadline as mm:ss. */
export function Countdown({ left, total, label }: { left: number; total: number; label: string }) {
  const urgent = left <= 5000;
  // Not by colour alone: the last seconds show a warning sign too.
  const share = total > 0 ? Math.max(0, Math.min(1, left / total)) : 0;
  return (
    <div className={urgent ? 'battle-clock urgent' : 'battle-clock'} role="timer" aria-label={label}>
      <span className="battle-clock-time">
        {urgent && <WarnIcon />}
        <span dir="ltr" data-testid="battle-clock">
          {formatClock(left)}
        </span>
      </span>
      <span className="battle-clock-bar" aria-hidden="true">
        <span style={{ inlineSize: `${share * 100}%` }} />
      </span>
    </div>
  );
}

/** A seat's name: "You" for this player, the bot's label for the bot. */
export function useSeatName() {
  const { t } = useTranslation();
  return (s: RoomSeat, me: number) => (s.user_id === me ? t('battle.you') : s.name || t('battle.bot'));
}

/** Players of a room as cards: avatar, name, points; who answered, who is reconnecting or left. */
export function Seats({
  room,
  me,
  answered,
  showEmpty,
}: {
  room: RoomState;
  me: number;
  answered?: readonly number[];
  showEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useSeatName();
  const empty = showEmpty ? Math.max(0, room.max_players - room.seats.length) : 0;
  return (
    <ul className={`battle-seats seats-${Math.min(4, room.max_players)}`} data-testid="battle-seats">
      {room.seats.map((s) => (
        <li
          key={s.user_id}
          className={`battle-seat${s.user_id === me ? ' me' : ''}${s.state === 'left' ? ' gone' : ''}`}
          data-testid={`seat-${s.slot}`}
        >
          <span className="seat-avatar">
            <Avatar name={s.name || '?'} src={s.image || undefined} size={44} />
            {answered?.includes(s.user_id) && (
              <span className="seat-tick" title={t('battle.answered')} data-testid={`answered-${s.slot}`}>
                ✓<span className="sr-only">{t('battle.answered')}</span>
              </span>
            )}
          </span>
          <span className="seat-name" dir="auto">
            {nameOf(s, me)}
          </span>
          <span className="seat-points" data-testid={`points-${s.slot}`}>
            {t('battle.points', { count: s.points })}
          </span>
          {s.user_id === room.owner_id && room.kind === 'group' && <span className="tag">{t('battle.owner')}</span>}
          {s.state === 'disconnected' && <span className="tag tag-warn">{t('battle.reconnecting')}</span>}
          {s.state === 'left' && <span className="tag tag-bad">{t('battle.left')}</span>}
        </li>
      ))}
      {Array.from({ length: empty }, (_, i) => (
        <li key={`empty-${i}`} className="battle-seat empty">
          <span className="seat-avatar placeholder" aria-hidden="true">
            ?
          </span>
          <span className="seat-name muted">{t('battle.freeSeat')}</span>
        </li>
      ))}
    </ul>
  );
}

/** Says "opponent has left the game" (1v1) or "<name> has left the game" once per player who leaves. */
export function useLeaveNotices(room: RoomState, me: number) {
  const { t } = useTranslation();
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    const gone = room.seats.filter((s) => s.state === 'left' && s.user_id !== me);
    if (seen.current === null) {
      // Players who had left before this screen opened are shown, not announced.
      seen.current = new Set(gone.map((s) => s.user_id));
      return;
    }
    for (const s of gone) {
      if (seen.current.has(s.user_id)) continue;
      seen.current.add(s.user_id);
      toast.info(room.max_players === 2 ? t('battle.opponentLeft') : t('battle.playerLeft', { name: s.name }));
    }
  }, [room, me, t]);
}

const svg = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Two people: play with a friend. */
export function FriendsIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" {...svg}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <circle cx="17" cy="9" r="2.8" />
      <path d="M17 14.2c2.7.2 4.5 2.2 4.5 5.3" />
    </svg>
  );
}

/** A robot's head: the bot. */
export function BotIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" {...svg}>
      <rect x="4" y="7" width="16" height="12" rx="3" />
      <path d="M12 3v4M2 12v3M22 12v3" />
      <circle cx="9" cy="12.5" r="1.3" fill="currentColor" />
      <circle cx="15" cy="12.5" r="1.3" fill="currentColor" />
      <path d="M9.5 16h5" />
    </svg>
  );
}

/** A cup: victory. */
export function TrophyIcon({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" {...svg}>
      <path d="M7 4h10v5a5 5 0 0 1-10 0z" />
      <path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5" />
      <path d="M12 14v4M8.5 20.5h7M9.5 18h5" />
    </svg>
  );
}
