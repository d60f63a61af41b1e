import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ContestBoard, ContestBoardEntry } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId, selectUser } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { formatCount } from '../../lib/format-number';
import { Avatar } from '../../ui/Avatar';
import { CoinIcon } from '../../ui/icons';
import { Empty } from '../../ui/LoadState';
import { MoreFooter, mergePage, type ListState } from '../../ui/MoreFooter';
import { PageTitle } from '../../ui/PageTitle';
import { Podium } from '../../ui/Podium';
import { mergeLiveBoard, myLiveEntry, throttle } from './board';
import { useContestBoardFeed } from './contest-feed';
import { listedContest } from './contest-cache';
import './contest.css';

const PAGE = 20;
/** The player's own row is asked again at most this often while the board moves. */
const ME_EVERY_MS = 1000;

type Meta = Pick<ContestBoard, 'name' | 'status' | 'closed' | 'total'>;

/**
 * A contest's leaderboard: pages of the ranking ("show more"), the player's own row pinned below,
 * and while the contest is open the live board over the realtime channel (the top rows replaced
 * as scores change, the own row asked again at most once a second). Closed: each row's prize.
 */
export default function ContestLeaderboardPage() {
  const { t } = useTranslation();
  const contestId = Number(useParams().id);
  const languageId = useAppSelector(selectLanguageId);
  const userId = useAppSelector(selectUser)?.id ?? 0;
  const [meta, setMeta] = useState<Meta | null>(null);
  const [rows, setRows] = useState<ContestBoardEntry[]>([]);
  const [me, setMe] = useState<ContestBoardEntry | null>(null);
  const [state, setState] = useState<ListState>('loading');
  const name = meta?.name ?? listedContest(contestId)?.name ?? '';

  async function load(offset: number) {
    setState('loading');
    try {
      const page = await api('get_contest_leaderboard', {
        contest_id: contestId,
        language_id: languageId,
        offset,
        limit: PAGE,
      });
      setMeta({ name: page.name, status: page.status, closed: page.closed, total: page.total });
      setRows((before) => mergePage(before, page.entries, (e) => e.user_id, offset === 0));
      setMe(page.me);
      setState('ready');
    } catch {
      setState('error');
    }
  }

  const loadFirst = useEffectEvent(() => void load(0));
  useEffect(() => {
    setRows([]);
    setMeta(null);
    loadFirst();
  }, [contestId]);

  // The live message never carries the player's own row: asked for, at most once a second.
  const meAgain = useMemo(
    () =>
      throttle(() => {
        api('get_contest_leaderboard', { contest_id: contestId, language_id: languageId, offset: 0, limit: 1 }).then(
          (b) => setMe(b.me),
          () => undefined,
        );
      }, ME_EVERY_MS),
    [contestId, languageId],
  );
  useEffect(() => () => meAgain.cancel(), [meAgain]);

  const onBoard = useCallback(
    (live: ContestBoard) => {
      setMeta({ name: live.name, status: live.status, closed: live.closed, total: live.total });
      setRows((before) => mergeLiveBoard(before, live));
      const mine = myLiveEntry(live, userId);
      if (mine && !live.closed) setMe(mine);
      else meAgain.call();
    },
    [userId, meAgain],
  );
  const watching = meta !== null && !meta.closed;
  const link = useContestBoardFeed(contestId, watching, onBoard);

  const closed = meta?.closed ?? false;
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
      {meta && (
        <div className="board-status" data-testid="contest-board-status" data-status={closed ? 'closed' : meta.status}>
          {closed ? (
            <span className="tag">{t('contest.board.final')}</span>
          ) : meta.status === 'live' ? (
            <span className="tag contest-live-tag">
              <span className="live-dot" aria-hidden="true" />
              {t('contest.board.live')}
            </span>
          ) : meta.status === 'past' ? (
            <span className="tag tag-warn">{t('contest.board.ended')}</span>
          ) : null}
          <span className="muted">{t('contest.players', { count: meta.total })}</span>
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
          more={meta !== null && rows.length < meta.total}
          onMore={() => void load(rows.length)}
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
            {meta?.status === 'live' && <Link to={paths.contestPlayOf(contestId)}>{t('contest.play')}</Link>}
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
