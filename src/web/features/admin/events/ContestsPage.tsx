import { Link, useNavigate } from 'react-router-dom';
import type { AdminContest, AdminLanguage } from '../../../../core/contract';
import { useLoad } from '../../../lib/use-api';
import { loadPage } from '../admin-api';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { count } from '../ui/format';
import { CONTESTS } from './event-paths';
import { loadLanguages } from './event-data';
import { languageName } from './languages';
import { ContestStateTag } from './StateTag';
import { WhenCell } from './WhenCell';
import { operatorZone } from './zones';

const DEFAULTS = { filters: { state: 'all', language: 'all' } };

/** Contests: by state, language and name, their times on the operator's clock; a row opens its form. */
export default function ContestsPage() {
  const { t, lang } = useAdminT();
  const navigate = useNavigate();
  const [langs] = useLoad(loadLanguages, []);
  const languages: AdminLanguage[] = langs.status === 'ready' ? langs.data : [];
  const zone = operatorZone();

  const columns: Column<AdminContest>[] = [
    {
      id: 'name',
      header: t('events.name'),
      cell: (c) => (
        <span className="events-name-cell">
          {c.image ? (
            <img src={c.image} alt="" width={36} height={36} />
          ) : (
            <span className="events-thumb" aria-hidden="true" />
          )}
          <span className="admin-cell-stack">
            <strong dir="auto" data-testid="contest-name">
              {c.name}
            </strong>
            <small className="muted">
              {[
                languageName(languages, c.language_id),
                t('events.questionsCount', { count: c.total_questions }),
                c.entry_fee ? t('events.feeN', { count: c.entry_fee }) : t('events.free'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </small>
          </span>
        </span>
      ),
    },
    {
      id: 'when',
      header: t('events.when'),
      cell: (c) => <WhenCell start={c.starts_at} end={c.ends_at} />,
    },
    {
      id: 'fee',
      header: t('events.fee'),
      align: 'end',
      wide: true,
      cell: (c) => (c.entry_fee ? count(c.entry_fee, lang) : <span className="muted">{t('events.free')}</span>),
    },
    {
      id: 'prizes',
      header: t('events.prizePool'),
      align: 'end',
      wide: true,
      cell: (c) =>
        count(
          c.prizes.reduce((s, p) => s + p.coins, 0),
          lang,
        ),
    },
    {
      id: 'entries',
      header: t('events.entries'),
      align: 'end',
      cell: (c) => <span data-testid="contest-entries">{count(c.participants, lang)}</span>,
    },
    { id: 'state', header: t('events.stateLabel'), cell: (c) => <ContestStateTag contest={c} /> },
  ];

  return (
    <>
      <div className="events-toolbar">
        <p className="muted" data-testid="events-zone">
          {t('events.timesIn', { zone })}
        </p>
        <Link to={`${CONTESTS}/new`} className="btn btn-primary btn-small" data-testid="contest-new">
          {t('events.newContest')}
        </Link>
      </div>
      <DataTable
        label={t('events.contests')}
        testId="contests"
        columns={columns}
        rowKey={(c) => c.id}
        defaults={DEFAULTS}
        search={t('events.searchContests')}
        filters={[
          {
            name: 'state',
            label: t('events.stateLabel'),
            options: (['all', 'upcoming', 'live', 'past'] as const).map((s) => ({
              value: s,
              label: s === 'all' ? t('common.all') : t(`events.state.${s}`),
            })),
          },
          {
            name: 'language',
            label: t('events.language'),
            options: [
              { value: 'all', label: t('common.all') },
              ...languages.map((l) => ({ value: String(l.id), label: l.name })),
            ],
          },
        ]}
        load={(q) =>
          loadPage('admin_get_contests', {
            offset: q.offset,
            limit: q.limit,
            search: q.search,
            state: q.filters.state,
            language_id: q.filters.language === 'all' ? undefined : q.filters.language,
            timezone: zone,
          })
        }
        onRowClick={(c) => void navigate(`${CONTESTS}/${c.id}`)}
        rowActions={(c) => (
          <>
            <Link to={`${CONTESTS}/${c.id}/results`} className="btn btn-ghost btn-small" data-testid="contest-results">
              {t('events.results')}
            </Link>
            <Link to={`${CONTESTS}/${c.id}`} className="btn btn-outline btn-small" data-testid="contest-edit">
              {t('events.edit')}
            </Link>
          </>
        )}
        empty={t('events.noContests')}
      />
    </>
  );
}
