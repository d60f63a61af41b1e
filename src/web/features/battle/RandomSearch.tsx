import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RoomState } from '../../../core/contract';
import { formatClock } from '../../../core/rules/battle';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { refreshUser } from '../../app/session';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { Avatar } from '../../ui/Avatar';
import { useBattleRules, useEnterRoom } from './battle-common';

/**
 * A random battle still looking for an opponent: the search runs for the configured time, then
 * the match is cancelled (the stake comes back) and the player may retry or play the bot. An
 * opponent found meanwhile starts the battle (the room turns to playing on the live channel).
 */
export function RandomSearch({ room, me }: { room: RoomState; me: number }) {
  const { t } = useTranslation();
  const rules = useBattleRules();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const enter = useEnterRoom();
  const languageId = useAppSelector(selectLanguageId);
  const started = useRef(Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const searching = room.status === 'waiting';
  const left = started.current + rules.search_seconds * 1000 - now;
  const expired = useRef(false);

  useEffect(() => {
    if (!searching) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [searching]);

  useEffect(() => {
    if (!searching || left > 0 || expired.current) return;
    expired.current = true;
    // The server answers the room as it is: deleted (refunded), or playing if someone came in time.
    void api('get_random_questions', { match_id: room.room_id, destroy_match: 1 }).then(
      () => void refreshUser(dispatch),
      () => undefined,
    );
  }, [searching, left, room.room_id, dispatch]);

  async function cancel() {
    setBusy(true);
    try {
      await api('get_random_questions', { match_id: room.room_id, destroy_match: 1 });
      void refreshUser(dispatch);
      void navigate(paths.randomBattle, { state: { category: room.category } });
    } catch {
      setBusy(false);
    }
  }

  async function again(call: () => Promise<RoomState>) {
    setBusy(true);
    try {
      enter(await call(), true);
    } catch {
      setBusy(false);
    }
  }

  const mine = room.seats.find((s) => s.user_id === me);
  if (!searching) {
    return (
      <section className="card battle-search done" data-testid="no-opponent">
        <div className="battle-search-art" aria-hidden="true">
          ?
        </div>
        <p className="battle-search-text" role="alert">
          {t('battle.noOpponent')}
        </p>
        <div className="battle-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            data-testid="search-retry"
            onClick={() =>
              void again(() => api('get_random_questions', { language_id: languageId, category: room.category }))
            }
          >
            {t('battle.retry')}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            data-testid="search-bot"
            onClick={() => void again(() => api('play_with_bot', { language_id: languageId, category: room.category }))}
          >
            {t('battle.playBot')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="card battle-search" data-testid="searching" aria-busy="true">
      <div className="battle-search-ring" aria-hidden="true">
        <Avatar name={mine?.name ?? '?'} src={mine?.image || undefined} size={72} />
      </div>
      <p className="battle-search-text" role="status">
        {t('battle.searching')}
      </p>
      <p className="muted" dir="auto">
        {t('battle.searchLeft', { time: formatClock(Math.max(0, left)) })}
      </p>
      <p className="muted">{t('battle.fee', { count: room.entry_fee })}</p>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={busy}
        data-testid="search-cancel"
        onClick={() => void cancel()}
      >
        {t('common.cancel')}
      </button>
    </section>
  );
}
