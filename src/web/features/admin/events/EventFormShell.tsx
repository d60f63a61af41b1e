import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { AdminLanguage } from '../../../../core/contract';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-api';
import { LoadState } from '../../../ui/LoadState';
import { useAdminT } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { loadLanguages, type EventKind } from './event-data';
import { SubHead } from './SubHead';

/** What tells a contest's form page from an exam's. */
export interface EventPageSpec<D extends { id: number }> {
  kind: EventKind;
  /** The list this page belongs to (and goes back to). */
  listPath: string;
  listLabel: string;
  /** The title of a new one, and of a saved one while it loads. */
  newTitle: string;
  savedTitle: string;
  load: (id: number) => Promise<D>;
  nameOf: (d: D) => string;
  tag: (d: D) => ReactNode;
  form: (d: D | null, languages: AdminLanguage[]) => ReactNode;
  /** Why it cannot be deleted ('' when it can). */
  deleteWhy: (d: D) => string;
  deleteTitle: (d: D) => string;
  deleteBody: string;
  remove: (d: D) => Promise<unknown>;
  deleted: (d: D) => string;
}

/**
 * A new contest or exam (`…/new`) or a saved one (`…/:id`) with its delete and results; the
 * form itself is the spec's, built on `EventFormFrame`.
 */
export function EventFormShell<D extends { id: number }>({ spec }: { spec: EventPageSpec<D> }) {
  const { t } = useAdminT();
  const { id } = useParams();
  const eventId = id === undefined ? null : Number(id);
  const bad = eventId !== null && !(Number.isSafeInteger(eventId) && eventId > 0);
  const [state, retry] = useLoad(
    () => Promise.all([loadLanguages(), eventId && !bad ? spec.load(eventId) : null]),
    [eventId],
  );
  if (bad) return <Navigate to={spec.listPath} replace />;
  const event = state.status === 'ready' ? state.data[1] : null;

  return (
    <>
      <SubHead
        back={spec.listPath}
        backLabel={spec.listLabel}
        title={event ? spec.nameOf(event) : eventId ? spec.savedTitle : spec.newTitle}
        tag={event && spec.tag(event)}
        actions={
          event && (
            <>
              <Link
                to={`${spec.listPath}/${event.id}/results`}
                className="btn btn-outline btn-small"
                data-testid={`${spec.kind}-results-link`}
              >
                {t('events.results')}
              </Link>
              <DeleteEvent spec={spec} event={event} />
            </>
          )
        }
      />
      {state.status === 'ready' ? spec.form(event, state.data[0]) : <LoadState state={state} retry={retry} />}
    </>
  );
}

/** Delete, asked first; not offered (and the reason said) when the rules keep it. */
function DeleteEvent<D extends { id: number }>({ spec, event }: { spec: EventPageSpec<D>; event: D }) {
  const { t } = useAdminT();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const why = spec.deleteWhy(event);
  const whyId = `${spec.kind}-delete-why`;

  return (
    <>
      {why && (
        <small className="muted events-why" id={whyId} data-testid={whyId}>
          {why}
        </small>
      )}
      <button
        type="button"
        className="btn btn-danger btn-small"
        disabled={Boolean(why)}
        aria-describedby={why ? whyId : undefined}
        onClick={() => setAsking(true)}
        data-testid={`${spec.kind}-delete`}
      >
        {t('events.delete')}
      </button>
      {asking && (
        <ConfirmDialog
          title={spec.deleteTitle(event)}
          body={spec.deleteBody}
          confirmLabel={t('events.delete')}
          danger
          onConfirm={async () => {
            await spec.remove(event);
            toast.success(spec.deleted(event));
            void navigate(spec.listPath);
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
