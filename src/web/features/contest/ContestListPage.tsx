import { useEffect, useReducer, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ContestLists, ContestSummary } from '../../../core/contract';
import type { ContestStatus } from '../../../core/rules/contest';
import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { useOnline } from '../../lib/use-online';
import { useTranslation } from '../../lib/use-translation';
import { formatCount } from '../../lib/format-number';
import { CoinIcon } from '../../ui/icons';
import { Empty, LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { Segmented } from '../../ui/Segmented';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { rememberContests } from './contest-cache';
import { listsAt, nextChangeIn } from './contest-clock';
import { PlayAction } from './ContestEntry';
import './contest.css';
import { formatDateTime } from '../../lib/format-date';

type Tab = keyof ContestLists;

/** Keeps each contest listed for the contest's own pages; returns the lists. */
function remember(lists: ContestLists): ContestLists {
  rememberContests([...lists.live, ...lists.upcoming, ...lists.past]);
  return lists;
}
const TABS: Tab[] = ['live', 'upcoming', 'past'];

/** Contests: live ones to play (or resume), upcoming ones with their start, past ones with their boards. */
export default function ContestListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'live';
  const languageId = useAppSelector(selectLanguageId);
  const online = useOnline();
  const [state, retry] = useApiQuery(
    'get_contest',
    { language_id: languageId, timezone: browserTimezone(), gmt_format: gmtOffset() },
    remember,
  );

  // Starts and ends come on their own (issue 21 §7): a timer to the next one, on the server's clock.
  const offset = useAppSelector((s) => s.live.clockOffsetMs) ?? 0;
  const [tick, bump] = useReducer((n: number) => n + 1, 0);
  const shown = useRef(new Map<number, ContestStatus>());
  const lists = state.status === 'ready' ? listsAt(state.data, Date.now() + offset, shown.current) : null;
  if (lists) for (const c of [...lists.live, ...lists.upcoming, ...lists.past]) shown.current.set(c.id, c.status);
  const wait = lists ? nextChangeIn(lists, Date.now() + offset) : null;
  useEffect(() => {
    if (wait === null) return;
    const timer = setTimeout(bump, wait);
    return () => clearTimeout(timer);
  }, [wait, tick]);
  const rows = lists ? lists[tab] : [];
  return (
    <>
      <PageTitle
        title={t('modes.contestPlay')}
        subtitle={t('contest.intro')}
        back={paths.home}
        backLabel={t('common.back')}
        howTo="contest"
      />
      <ContentLanguagePicker />
      {!online && (
        <p className="contest-offline" role="status" data-testid="contest-offline">
          {t('contest.needsConnection')}
        </p>
      )}
      <Segmented
        label={t('contest.tabs')}
        value={tab}
        onChange={(v) => setParams(v === 'live' ? {} : { tab: v })}
        options={TABS.map((k) => ({
          value: k,
          label: t(`contest.${k}`),
          testId: `contest-tab-${k}`,
        }))}
      />
      {state.status !== 'ready' ? (
        <div className="events-empty">
          <LoadState state={state} retry={retry} />
        </div>
      ) : rows.length === 0 ? (
        <div className="events-empty">
          <Empty text={t(`contest.empty.${tab}`)} />
        </div>
      ) : (
        <ul className="events-list" data-testid="contest-list">
          {rows.map((c) => (
            <ContestCard key={c.id} contest={c} />
          ))}
        </ul>
      )}
    </>
  );
}

function ContestCard({ contest: c }: { contest: ContestSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={`card event-card contest-card status-${c.status}`} data-testid="contest-card" data-contest-id={c.id}>
      <div className="event-head">
        <span className="event-icon contest-icon" aria-hidden="true">
          ★
        </span>
        <div className="event-title">
          <h2 dir="auto">{c.name}</h2>
          {c.status === 'live' && (
            <span className="tag contest-live-tag">
              <span className="live-dot" aria-hidden="true" />
              {t('contest.live')}
            </span>
          )}
          {c.status === 'past' && (
            <span className={c.closed ? 'tag' : 'tag tag-warn'}>
              {c.closed ? t('contest.board.final') : t('contest.board.ended')}
            </span>
          )}
          {c.my_play !== 'none' && (
            <span className={c.my_play === 'playing' ? 'tag tag-warn' : 'tag tag-live'} data-testid="contest-my-play">
              {t(`contest.my.${c.my_play}`)}
            </span>
          )}
        </div>
      </div>
      {c.description && (
        <p className="event-desc" dir="auto">
          {c.description}
        </p>
      )}
      <dl className="event-facts">
        <div>
          <dt>{t('contest.fee')}</dt>
          <dd data-testid="contest-fee">
            {c.entry_fee > 0 ? (
              <>
                <span className="chip-label" aria-hidden="true">
                  {t('contest.fee')}
                </span>
                <CoinIcon size={14} /> {c.entry_fee}
              </>
            ) : (
              <>
                <CoinIcon size={14} /> {t('contest.free')}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('contest.questions', { count: c.total_questions })}</dt>
          <dd>{t('contest.questions', { count: c.total_questions })}</dd>
        </div>
        <div>
          <dt>{t('contest.seconds', { count: c.seconds_per_question })}</dt>
          <dd>{t('contest.seconds', { count: c.seconds_per_question })}</dd>
        </div>
        <div>
          <dt>{t('contest.players', { count: c.participants })}</dt>
          <dd data-testid="contest-participants">{t('contest.players', { count: c.participants })}</dd>
        </div>
      </dl>
      {c.prizes.length > 0 && (
        <div className="contest-prizes">
          <span className="muted">{t('contest.prizes')}</span>
          <ol className="prize-list" data-testid="contest-prizes">
            {c.prizes.map((p) => (
              <li key={p.rank} className={p.rank <= 3 ? `prize place-${p.rank}` : 'prize'}>
                <span className="prize-rank" dir="ltr">
                  {t('contest.rankN', { rank: p.rank })}
                </span>
                <span className="prize-coins">
                  <CoinIcon size={14} /> {formatCount(p.coins, i18n.language)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
      <p className="contest-dates muted">
        {c.status === 'upcoming' ? (
          <span data-testid="contest-starts">{t('contest.starts', { date: when(c.starts_at, i18n.language) })}</span>
        ) : c.status === 'live' ? (
          <span>{t('contest.ends', { date: when(c.ends_at, i18n.language) })}</span>
        ) : (
          <span>{t('contest.ended', { date: when(c.ends_at, i18n.language) })}</span>
        )}
      </p>
      {c.status === 'live' && c.my_play !== 'finished' ? (
        <div className="event-actions contest-actions">
          {c.my_play === 'playing' || c.participants > 0 ? (
            <Link className="btn btn-ghost btn-small" to={paths.contestLeaderboard(c.id)}>
              {t('contest.leaderboard')}
            </Link>
          ) : (
            <span />
          )}
          <PlayAction contest={c} />
        </div>
      ) : c.status !== 'upcoming' ? (
        <div className="event-actions contest-actions">
          <span />
          <Link className="btn btn-outline" to={paths.contestLeaderboard(c.id)} data-testid="contest-leaderboard-link">
            {t('contest.leaderboard')}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/** A contest's instant in the player's words and zone, kept whole inside a sentence of either direction. */
function when(iso: string, lang: string) {
  return `\u2068${formatDateTime(iso, lang)}\u2069`;
}
