import { Link } from 'react-router-dom';
import type { AdminLanguage } from '../../../../core/contract';
import { rowsOf, useLanguages } from '../content-screens/use-content-lists';
import { useAdminT } from '../i18n';
import { CrudScreen } from '../ui/CrudScreen';
import type { Column } from '../ui/DataTable';
import { anyOf, byId } from '../ui/table-filters';
import type { EventKind } from './event-data';
import { operatorZone } from './zones';

/** What tells the contests' list from the exams'. */
interface EventListSpec<T> {
  kind: EventKind;
  /** The list's path: a row's form is under it (`…/:id`), and its results (`…/:id/results`). */
  path: string;
  label: string;
  /** The line over the table saying which clock its times are on. */
  note: string;
  noteTestId?: string;
  newLabel: string;
  search: string;
  /** The states to filter by, besides all. */
  states: readonly ('upcoming' | 'live' | 'open' | 'past')[];
  action: 'admin_get_contests' | 'admin_get_exams';
  columns: (languages: AdminLanguage[]) => Column<T>[];
  empty: string;
}

const DEFAULTS = { filters: { state: 'all', language: 'all' } };

/** Contests or exams: by state, language and name, on the operator's clock; a row opens its form. */
export function EventList<T extends { id: number }>({ spec }: { spec: EventListSpec<T> }) {
  const { t } = useAdminT();
  const languages = rowsOf(useLanguages());
  const zone = operatorZone();
  const { kind, path } = spec;

  return (
    <CrudScreen<T, EventListSpec<T>['action']>
      before={() => (
        <div className="events-toolbar">
          <p className="muted" data-testid={spec.noteTestId}>
            {spec.note}
          </p>
          <Link to={`${path}/new`} className="btn btn-primary btn-small" data-testid={`${kind}-new`}>
            {spec.newLabel}
          </Link>
        </div>
      )}
      title={spec.label}
      testId={`${kind}s`}
      columns={spec.columns(languages)}
      rowKey={(e) => e.id}
      defaults={DEFAULTS}
      search={spec.search}
      filters={[
        anyOf(
          'state',
          t('events.stateLabel'),
          t('common.all'),
          spec.states.map((s) => ({ value: s, label: t(`events.state.${s}`) })),
        ),
        anyOf('language', t('events.language'), t('common.all'), byId(languages)),
      ]}
      list={{
        action: spec.action,
        fields: (q) => ({
          offset: q.offset,
          limit: q.limit,
          search: q.search,
          state: q.filters.state,
          language_id: q.filters.language === 'all' ? undefined : q.filters.language,
          timezone: zone,
        }),
      }}
      rowActions={(e) => (
        <Link to={`${path}/${e.id}/results`} className="btn btn-ghost btn-small" data-testid={`${kind}-results`}>
          {t('events.results')}
        </Link>
      )}
      edit={{ label: t('events.edit'), testId: `${kind}-edit`, to: (e) => `${path}/${e.id}` }}
      empty={spec.empty}
    />
  );
}
