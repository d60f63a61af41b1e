import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { ContestForm } from './ContestForm';
import { CONTESTS } from './event-paths';
import { EventFormShell } from './EventFormShell';
import { ContestStateTag } from './StateTag';
import { operatorZone } from './zones';

/** A new contest (`contests/new`) or a saved one (`contests/:id`) with its delete and results. */
export default function ContestFormPage() {
  const { t } = useAdminT();
  const mutate = useMutate();
  return (
    <EventFormShell
      spec={{
        kind: 'contest',
        listPath: CONTESTS,
        listLabel: t('events.contests'),
        newTitle: t('events.newContest'),
        savedTitle: t('events.contest'),
        read: { action: 'admin_get_contest', fields: (id) => ({ contest_id: id, timezone: operatorZone() }) },
        nameOf: (c) => c.name,
        tag: (c) => <ContestStateTag contest={c} />,
        form: (c, languages) => <ContestForm key={c?.id ?? 'new'} contest={c} languages={languages} />,
        // Not once it started, nor once someone entered (no fee is ever lost with it).
        deleteWhy: (c) =>
          c.status !== 'upcoming'
            ? t('events.deleteStarted')
            : c.participants > 0
              ? t('events.deleteEntered', { count: c.participants })
              : '',
        deleteTitle: (c) => t('events.deleteContestTitle', { name: c.name }),
        deleteBody: t('events.deleteContestBody'),
        remove: (c) => mutate('admin_delete_contest', { contest_id: c.id }),
        deleted: (c) => t('events.contestDeleted', { name: c.name }),
      }}
    />
  );
}
