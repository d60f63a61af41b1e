import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectUser } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import NotFoundPage from '../../ui/NotFoundPage';
import { useTopOnChange } from '../../ui/use-top-on-change';
import { Spinner } from '../../ui/Spinner';
import { battleFollow, battleUnfollow, noBattle } from './battle-slice';
import './battle-store';
import { BattlePlay } from './BattlePlay';
import { BattleResult } from './BattleResult';
import { RandomSearch } from './RandomSearch';
import { WaitingRoom } from './WaitingRoom';
import './battle.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One battle room, live: follows the room over the realtime channel (the middleware joins it
 * again after any reconnect) and shows what the server says it is: waiting (search or waiting
 * room), playing, finished or deleted.
 */
export default function BattleRoomPage() {
  const { roomId = '' } = useParams();
  const valid = UUID.test(roomId);
  const dispatch = useAppDispatch();
  const b = useAppSelector((s) => s.battle) ?? noBattle;
  const me = useAppSelector(selectUser)?.id ?? 0;

  useEffect(() => {
    if (!valid) return;
    dispatch(battleFollow(roomId.toLowerCase()));
    return () => {
      dispatch(battleUnfollow());
    };
  }, [dispatch, roomId, valid]);

  // Leaving the page while still searching cancels the match (the stake comes back).
  const searching = useRef(false);
  searching.current = b.room?.kind === 'random' && b.room.status === 'waiting' && b.room.owner_id === me;
  useEffect(
    () => () => {
      if (searching.current)
        void api(
          'get_random_questions',
          { match_id: roomId, destroy_match: 1 },
          { expect: ['network', 'not_found'] },
        ).catch(() => undefined);
    },
    [roomId],
  );

  const room = b.room?.room_id === roomId.toLowerCase() ? b.room : null;
  // Each stage opens at its top (issue 22: the result opened with "Victory!" off-screen).
  useTopOnChange(room ? (room.status === 'deleted' ? 'waiting' : room.status) : null);
  if (!valid) return <NotFoundPage />;
  if (!room) {
    if (b.error?.code === 'not_found') return <NotFoundPage />;
    return <Connecting offline={b.link === 'offline'} />;
  }
  if (room.kind === 'random' && (room.status === 'waiting' || room.status === 'deleted'))
    return <RandomSearch room={room} me={me} />;
  if (room.status === 'waiting' || room.status === 'deleted') return <WaitingRoom room={room} me={me} />;
  if (room.status === 'finished') {
    // The last round's close came just before the result: it is revealed there, as every round is.
    const last =
      b.closed && b.closed.room_id === room.room_id
        ? { close: b.closed, question: b.round?.round === b.closed.round ? b.round.question : null }
        : null;
    return <BattleResult room={room} result={b.result} me={me} last={last} />;
  }
  return <BattlePlay battle={b} room={room} me={me} />;
}

function Connecting({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="battle-connecting">
      <Spinner />
      {offline && (
        <>
          <p className="battle-banner offline" role="status" data-testid="battle-offline">
            {t('battle.offline')}
          </p>
          <button type="button" className="btn btn-ghost" onClick={() => void navigate(paths.home)}>
            {t('common.backHome')}
          </button>
        </>
      )}
    </div>
  );
}
