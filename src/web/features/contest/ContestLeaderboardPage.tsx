import { useCallback, useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ContestBoard, ContestBoardEntry } from '../../../core/contract';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId, selectUser } from '../../app/selectors';
import { serverApi } from '../../app/server-state/api-slice';
import { updatePages, useApiPages } from '../../app/server-state/use-api-pages';
import { useTranslation } from '../../lib/use-translation';
import { formatCount } from '../../lib/format-number';
import { Avatar } from '../../ui/Avatar';
import { CoinIcon } from '../../ui/icons';
import { Empty } from '../../ui/LoadState';
import { MoreFooter } from '../../ui/MoreFooter';
import { PageTitle } from '../../ui/PageTitle';
import { Podium } from '../../ui/Podium';
import { myLiveEntry, putLiveBoard, putMyEntry, throttle } from './board';
import { useContestBoardFeed } from './contest-feed';
import { listedContest } from './contest-cache';
import './contest.css';

const PAGE = 20;
/** The player's own row is asked again at most this often while the board moves. */
const ME_EVERY_MS = 1000;
const byUser = (e: ContestBoardEntry) => e.user_id;

/**
 * A contest's leaderboard: pages of the ranking ("show more"), the player's own row pinned below,
 * and while the contest is open the live board over the realtime channel (the top rows replaced
 * as scores change, the own row asked again at most once a second). Closed: each row's prize.
 * The live board and the own row are written into the pages the server state keeps (the board's
 * fields and the own row read from the last page), so "show more" goes on from the board as shown.
 */
export default function ContestLeaderboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const contestId = Number(useParams().id);
  const languageId = useAppSelector(selectLanguageId);
  const userId = useAppSelector(selectUser)?.id ?? 0;
  const arg = useMemo(() => ({ contest_id: contestId, language_id: languageId, limit: PAGE }), [contestId, languageId]);
  const { items: rows, pages, state, more, loadMore } = useApiPages('get_contest_leaderboard', arg, byUser);
  const board = pages.at(-1)?.data ?? null;
  const me = board?.me ?? null;
  const name = board?.name ?? listedContest(contestId)?.name ?? '';

  // The live message never carries the player's own row: asked for, at most once a second.
  const meAgain = useMemo(
    () =>
      throttle(() => {
        dispatch(
          serverApi.endpoints.get_contest_leaderboard.initiate(
            { ...arg, offset: 0, limit: 1 },
            { subscribe: false, forceRefetch: true },
          ),
        )
          .unwrap()
          .then(
            (b) => dispatch(updatePages('get_contest_leaderboard', arg, (cached) => putMyEntry(cached, b.me))),
            () => undefined,
          );
      }, ME_EVERY_MS),
    [arg, dispatch],
  );
  useEffect(() => () => meAgain.cancel(), [meAgain]);

  const onBoard = useCallback(
    (live: ContestBoard) => {
      const mine = myLiveEntry(live, userId);
      dispatch(
        updatePages('get_contest_leaderboard', arg, (cached) => {
          putLiveBoard(cached, live);
          if (mine && !live.closed) putMyEntry(cached, mine);
        }),
      );
      if (!mine || live.closed) meAgain.call();
    },
    [arg, userId, dispatch, meAgain],
  );
  const watching = board !== null && !board.closed;
  const link = useContestBoardFeed(contestId, watching, onBoard);

  const closed = board?.closed ?? false;
  // The first three who scored, on steps above the list (the list, which names them too, is
  // what screen readers read).
  const top = rows.filter((e) => e.score > 0 && e.rank <= 3).slice(0, 3);
  return (
    <div className="board-page">
      <PageTitle
        title={name || t('contest.board.title')}
        subtitle={name ? t('contest.board.title') : undefined}
        back={paths.contestPlay}
        backLabel={t('common.back')}
      />
      {board && (
        <div className="board-status" data-testid="contest-board-status" data-status={closed ? 'closed' : board.status}>
          {closed ? (
            <span className="tag">{t('contest.board.final')}</span>
          ) : board.status === 'live' ? (
            <span className="tag contest-live-tag">
              <span className="live-dot" aria-hidden="true" />
              {t('contest.board.live')}
            </span>
          ) : board.status === 'past' ? (
            <span className="tag tag-warn">{t('contest.board.ended')}</span>
          ) : null}
          <span className="muted">{t('contest.players', { count: board.total })}</span>
        </div>
      )}
      {watching && link === 'offline' && (
        <p className="board-offline" role="status">
          {t('contest.board.offline')}
        </p>
      )}
      <section className="card" aria-label={t('contest.board.title')}>
        {top.length > 0 && (
          <Podium
            hidden
            label={t('contest.board.title')}
            places={top.map((e) => ({
              id: e.user_id,
              rank: e.rank,
              initial: e.name,
              image: e.profile || undefined,
              mine: e.user_id === userId,
              testId: `contest-podium-${e.user_id}`,
              name: e.name,
              score: e.score,
            }))}
          />
        )}
        {state === 'ready' && rows.length === 0 ? (
          <Empty text={t('contest.board.empty')} />
        ) : (
          <ol className="board-list" data-testid="contest-board">
            {rows.map((e) => (
              <Row key={e.user_id} e={e} mine={e.user_id === userId} closed={closed} testId="contest-board-row" />
            ))}
          </ol>
        )}
        <MoreFooter
          state={state}
          more={more}
          onMore={loadMore}
          label={t('contest.board.more')}
          testId="contest-board-more"
        />
      </section>
      <section className="card board-me" aria-label={t('contest.board.you')} data-testid="contest-my-rank">
        <span className="muted">{t('contest.board.you')}</span>
        {me ? (
          <ol className="board-list">
            <Row e={me} mine closed={closed} testId="contest-my-row" />
          </ol>
        ) : (
          <p className="board-none">
            {t('contest.board.notPlayed')}{' '}
            {board?.status === 'live' && <Link to={paths.contestPlayOf(contestId)}>{t('contest.play')}</Link>}
          </p>
        )}
      </section>
    </div>
  );
}

function Row({ e, mine, closed, testId }: { e: ContestBoardEntry; mine: boolean; closed: boolean; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={mine ? 'board-row mine' : 'board-row'} data-testid={testId} data-user-id={e.user_id}>
      <span className={e.rank <= 3 ? `board-rank place-${e.rank}` : 'board-rank'} dir="ltr">
        {e.score > 0 ? `#${e.rank}` : '–'}
      </span>
      <Avatar name={e.name} src={e.profile || undefined} size={32} />
      <span className="board-who">
        <span className="board-name">
          <span className="board-name-text" dir="auto" data-testid="contest-board-name">
            {e.name}
          </span>
          {mine && <span className="board-you">{t('leaderboard.youTag')}</span>}
        </span>
        <small className="board-line">
          <span className="muted">{t('contest.board.correct', { count: e.correct_answers })}</span>
          {closed && e.prize > 0 && (
            <span className="board-prize" data-testid="contest-board-prize">
              <span className="sr-only">{t('contest.board.prize')}: </span>
              <CoinIcon size={12} /> {formatCount(e.prize, i18n.language)}
            </span>
          )}
        </small>
      </span>
      <strong className="board-score" data-testid="contest-board-score">
        {formatCount(e.score, i18n.language)}
      </strong>
    </li>
  );
}
