import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { AdminContestDetail } from '../../../../core/contract';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-api';
import { LoadState } from '../../../ui/LoadState';
import { mutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ContestForm } from './ContestForm';
import { CONTESTS } from './event-paths';
import { loadLanguages } from './event-data';
import { ContestStateTag } from './StateTag';
import { SubHead } from './SubHead';
import { operatorZone } from './zones';

/** A new contest (`contests/new`) or a saved one (`contests/:id`) with its delete and results. */
export default function ContestFormPage() {
  const { t } = useAdminT();
  const { id } = useParams();
  const contestId = id === undefined ? null : Number(id);
  const bad = contestId !== null && !(Number.isSafeInteger(contestId) && contestId > 0);
  const [state, retry] = useLoad(
    () =>
      Promise.all([
        loadLanguages(),
        contestId && !bad ? api('admin_get_contest', { contest_id: contestId, timezone: operatorZone() }) : null,
      ]),
    [contestId],
  );
  if (bad) return <Navigate to={CONTESTS} replace />;
  const contest = state.status === 'ready' ? state.data[1] : null;

  return (
    <>
      <SubHead
        back={CONTESTS}
        backLabel={t('events.contests')}
        title={contest ? contest.name : contestId ? t('events.contest') : t('events.newContest')}
        tag={contest && <ContestStateTag contest={contest} />}
        actions={
          contest && (
            <>
              <Link
                to={`${CONTESTS}/${contest.id}/results`}
                className="btn btn-outline btn-small"
                data-testid="contest-results-link"
              >
                {t('events.results')}
              </Link>
              <DeleteContest contest={contest} />
            </>
          )
        }
      />
      {state.status === 'ready' ? (
        <ContestForm key={contest?.id ?? 'new'} contest={contest} languages={state.data[0]} />
      ) : (
        <LoadState state={state} retry={retry} />
      )}
    </>
  );
}

/** Delete, asked first; not offered (and the reason said) once it started or someone entered. */
function DeleteContest({ contest }: { contest: AdminContestDetail }) {
  const { t } = useAdminT();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const why =
    contest.status !== 'upcoming'
      ? t('events.deleteStarted')
      : contest.participants > 0
        ? t('events.deleteEntered', { count: contest.participants })
        : '';

  return (
    <>
      {why && (
        <small className="muted events-why" id="contest-delete-why" data-testid="contest-delete-why">
          {why}
        </small>
      )}
      <button
        type="button"
        className="btn btn-danger btn-small"
        disabled={Boolean(why)}
        aria-describedby={why ? 'contest-delete-why' : undefined}
        onClick={() => setAsking(true)}
        data-testid="contest-delete"
      >
        {t('events.delete')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('events.deleteContestTitle', { name: contest.name })}
          body={t('events.deleteContestBody')}
          confirmLabel={t('events.delete')}
          danger
          onConfirm={async () => {
            await mutate('admin_delete_contest', { contest_id: contest.id });
            toast.success(t('events.contestDeleted', { name: contest.name }));
            void navigate(CONTESTS);
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
