import { skipToken } from '@reduxjs/toolkit/query';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { AdminContestDetail, AdminContestResult } from '../../../../core/contract';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { LoadState } from '../../../ui/LoadState';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { count, dateTime } from '../ui/format';
import { CONTESTS } from './event-paths';
import { ContestStateTag } from './StateTag';
import { SubHead } from './SubHead';
import { instantRange } from './when';
import { operatorZone } from './zones';

/** A contest's players, best first: rank, score, what they paid to enter and the prize paid. */
export default function ContestResultsPage() {
  const { t, lang } = useAdminT();
  const id = Number(useParams().id);
  const ok = Number.isSafeInteger(id) && id > 0;
  const [state, retry] = useApiQuery(
    'admin_get_contest',
    ok ? { contest_id: id, timezone: operatorZone() } : skipToken,
  );
  if (!ok) return <Navigate to={CONTESTS} replace />;
  const contest = state.status === 'ready' ? state.data : null;

  const columns: Column<AdminContestResult>[] = [
    {
      id: 'rank',
      header: t('events.rank'),
      cell: (r) => (
        <span className={`events-rank place-${Math.min(r.rank, 4)}`} data-testid="result-rank">
          {r.rank}
        </span>
      ),
    },
    {
      id: 'player',
      header: t('events.player'),
      cell: (r) => (
        <span className="admin-cell-stack">
          <strong dir="auto">{r.name || `#${r.user_id}`}</strong>
          <small className="muted" dir="ltr">
            {r.email}
          </small>
        </span>
      ),
    },
    {
      id: 'score',
      header: t('events.score'),
      align: 'end',
      cell: (r) => <span data-testid="result-score">{count(r.score, lang)}</span>,
    },
    {
      id: 'correct',
      header: t('events.correct'),
      align: 'end',
      wide: true,
      cell: (r) => `${r.correct_answers} / ${r.questions_attended}`,
    },
    {
      id: 'fee',
      header: t('events.feePaid'),
      align: 'end',
      cell: (r) => <span data-testid="result-fee">{count(r.fee_paid, lang)}</span>,
    },
    {
      id: 'prize',
      header: t('events.prizePaid'),
      align: 'end',
      cell: (r) => <span data-testid="result-prize">{r.prize_paid ? count(r.prize_paid, lang) : '—'}</span>,
    },
    {
      id: 'finished',
      header: t('events.finished'),
      wide: true,
      cell: (r) =>
        r.finished_at ? dateTime(r.finished_at, lang) : <span className="muted">{t('events.playing')}</span>,
    },
  ];

  return (
    <>
      <SubHead
        back={CONTESTS}
        backLabel={t('events.contests')}
        title={contest ? t('events.resultsOf', { name: contest.name }) : t('events.results')}
        tag={contest && <ContestStateTag contest={contest} />}
        actions={
          contest && (
            <Link to={`${CONTESTS}/${contest.id}`} className="btn btn-outline btn-small">
              {t('events.edit')}
            </Link>
          )
        }
      />
      {contest ? <ContestFacts contest={contest} /> : <LoadState state={state} retry={retry} />}
      {contest && (
        <DataTable
          label={t('events.results')}
          testId="contest-results"
          columns={columns}
          rowKey={(r) => r.user_id}
          list={{
            action: 'admin_get_contest_results',
            fields: (q) => ({ contest_id: id, offset: q.offset, limit: q.limit }),
          }}
          empty={t(contest.status === 'upcoming' ? 'events.noEntriesYet' : 'events.noEntries')}
        />
      )}
    </>
  );
}

/** What the contest asked and what it moved: times, fee, entries, fees taken and prizes paid. */
function ContestFacts({ contest: c }: { contest: AdminContestDetail }) {
  const { t, lang } = useAdminT();
  const facts: [string, string, string][] = [
    [t('events.when'), instantRange(c.starts_at, c.ends_at, lang), 'when'],
    [t('events.fee'), c.entry_fee ? count(c.entry_fee, lang) : t('events.free'), 'fee'],
    [t('events.entries'), count(c.participants, lang), 'entries'],
    [t('events.feesCollected'), count(c.fees_collected, lang), 'fees'],
    [t('events.prizesPaidTotal'), count(c.prizes_paid, lang), 'prizes'],
  ];
  return (
    <dl className="card events-facts" data-testid="contest-facts">
      {facts.map(([label, value, key]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-testid={`contest-fact-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
