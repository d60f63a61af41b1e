import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import type { LeaderboardEntry } from '../../../core/contract';
import { paths } from '../../app/paths';
import { useApiPages } from '../../app/server-state/use-api-pages';
import { capitalizeName } from '../../lib/display-name';
import { formatCount } from '../../lib/format-number';
import { useTranslation } from '../../lib/use-translation';
import { Avatar } from '../../ui/Avatar';
import { Empty } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { Segmented } from '../../ui/Segmented';
import { MoreFooter } from '../../ui/MoreFooter';
import './leaderboard.css';

const PAGE = 50;
type Tab = 'daily' | 'monthly' | 'global';
const ACTION = {
  daily: 'get_daily_leaderboard',
  monthly: 'get_monthly_leaderboard',
  global: 'get_globle_leaderboard',
} as const;
const byUser = (e: LeaderboardEntry) => e.user_id;

function Row({ e, mine, testId }: { e: LeaderboardEntry; mine: boolean; testId: string }) {
  const { t, i18n } = useTranslation();
  const name = capitalizeName(e.name);
  return (
    <li className={mine ? 'lb-row lb-mine' : 'lb-row'} data-testid={testId}>
      <span className="lb-rank" dir="ltr">
        {e.score > 0 ? `#${e.rank}` : '–'}
      </span>
      <Avatar name={name} src={e.profile || undefined} size={36} />
      <span className="lb-name" aria-label={mine ? t('leaderboard.you', { name }) : undefined}>
        <span className="lb-name-text" dir="auto" title={name}>
          {name}
        </span>
        {mine && <span className="lb-you">{t('leaderboard.youTag')}</span>}
      </span>
      <strong className="lb-score">{formatCount(e.score, i18n.language)}</strong>
    </li>
  );
}

/**
 * Leaderboards: today, this month and all time, best first, with the player's own rank and
 * score pinned below the list whether or not they are on the page shown.
 */
export default function LeaderboardPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('daily');
  // One read per board, the tabs not shown skipped: a tab shown again loads afresh.
  const daily = useApiPages(ACTION.daily, tab === 'daily' ? { limit: PAGE } : skipToken, byUser);
  const monthly = useApiPages(ACTION.monthly, tab === 'monthly' ? { limit: PAGE } : skipToken, byUser);
  const global = useApiPages(ACTION.global, tab === 'global' ? { limit: PAGE } : skipToken, byUser);
  // Merged by player: a score changed meanwhile may move a player across pages.
  const { items: rows, pages, state, more, loadMore } = { daily, monthly, global }[tab];
  const me = pages.at(-1)?.data.me;
  return (
    <>
      <PageTitle title={t('leaderboard.title')} back={paths.home} backLabel={t('common.back')} />
      <section className="card" aria-label={t('leaderboard.title')}>
        <div className="lb-tabs">
          <Segmented
            label={t('leaderboard.title')}
            value={tab}
            onChange={setTab}
            options={(['daily', 'monthly', 'global'] as const).map((k) => ({
              value: k,
              label: t(`leaderboard.${k}`),
              testId: `leaderboard-${k}`,
            }))}
          />
        </div>
        {state === 'ready' && rows.length === 0 ? (
          <Empty text={t('leaderboard.empty')} />
        ) : (
          <ol className="lb-list" data-testid="leaderboard-rows">
            {rows.map((r) => (
              <Row key={r.user_id} e={r} mine={r.user_id === me?.user_id} testId={`leaderboard-row-${r.user_id}`} />
            ))}
          </ol>
        )}
        <MoreFooter
          state={state}
          more={more}
          onMore={loadMore}
          label={t('leaderboard.more')}
          testId="leaderboard-more"
        />
      </section>
      {me && (
        <section className="card lb-me" aria-label={t('leaderboard.yourRank')}>
          <span className="muted">{t('leaderboard.yourRank')}</span>
          <ol className="lb-list">
            <Row e={me} mine testId="leaderboard-me" />
          </ol>
          {me.score === 0 && <small className="muted">{t('leaderboard.noScore')}</small>}
        </section>
      )}
    </>
  );
}
