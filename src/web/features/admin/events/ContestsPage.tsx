import type { AdminContest, AdminLanguage } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import type { Column } from '../ui/DataTable';
import { count } from '../ui/format';
import { CONTESTS } from './event-paths';
import { EventList } from './EventList';
import { languageName } from './languages';
import { ContestStateTag } from './StateTag';
import { WhenCell } from './WhenCell';
import { operatorZone } from './zones';

/** Contests: by state, language and name, their times on the operator's clock; a row opens its form. */
export default function ContestsPage() {
  const { t, lang } = useAdminT();

  const columns = (languages: AdminLanguage[]): Column<AdminContest>[] => [
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
    <EventList
      spec={{
        kind: 'contest',
        path: CONTESTS,
        label: t('events.contests'),
        note: t('events.timesIn', { zone: operatorZone() }),
        noteTestId: 'events-zone',
        newLabel: t('events.newContest'),
        search: t('events.searchContests'),
        states: ['upcoming', 'live', 'past'],
        action: 'admin_get_contests',
        columns,
        empty: t('events.noContests'),
      }}
    />
  );
}
