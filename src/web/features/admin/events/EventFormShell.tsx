import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { ActionOutput, AdminLanguage } from '../../../../core/contract';
import type { ApiArg } from '../../../app/server-state/base-query';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { toast } from '../../../lib/toast';
import type { Loadable } from '../../../lib/loadable';
import { LoadState } from '../../../ui/LoadState';
import { useAdminT } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useEveryRow } from '../ui/use-every-row';
import type { EventKind } from './event-data';
import { SubHead } from './SubHead';

/** The read of a saved contest or exam. */
type EventRead = 'admin_get_contest' | 'admin_get_exam';

/** What tells a contest's form page from an exam's (`A` reads a saved one, `D` as it replies). */
export interface EventPageSpec<A extends EventRead, D extends { id: number } = ActionOutput<A>> {
  kind: EventKind;
  /** The list this page belongs to (and goes back to). */
  listPath: string;
  listLabel: string;
  /** The title of a new one, and of a saved one while it loads. */
  newTitle: string;
  savedTitle: string;
  /** How a saved one is read: the action, and its fields for an id. */
  read: { action: A; fields: (id: number) => ApiArg<A> };
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
export function EventFormShell<A extends EventRead, D extends { id: number } = ActionOutput<A>>({
  spec,
}: {
  spec: EventPageSpec<A, D>;
}) {
  const { t } = useAdminT();
  const { id } = useParams();
  const eventId = id === undefined ? null : Number(id);
  const bad = eventId !== null && !(Number.isSafeInteger(eventId) && eventId > 0);
  const [languages, retryLanguages] = useEveryRow('admin_get_languages', {});
  const [saved, retrySaved] = useApiQuery(
    spec.read.action as EventRead,
    eventId && !bad ? (spec.read.fields(eventId) as ApiArg<EventRead>) : skipToken,
  );
  if (bad) return <Navigate to={spec.listPath} replace />;
  const read = (eventId === null ? { status: 'ready', data: null } : saved) as Loadable<D | null>;
  const state = languages.status !== 'ready' ? languages : read;
  const event = read.status === 'ready' ? read.data : null;
  const retry = () => {
    if (languages.status === 'error') retryLanguages();
    if (read.status === 'error') retrySaved();
  };

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
      {languages.status === 'ready' && read.status === 'ready' ? (
        spec.form(event, languages.data)
      ) : (
        <LoadState state={state} retry={retry} />
      )}
    </>
  );
}

/** Delete, asked first; not offered (and the reason said) when the rules keep it. */
function DeleteEvent<A extends EventRead, D extends { id: number }>({
  spec,
  event,
}: {
  spec: EventPageSpec<A, D>;
  event: D;
}) {
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
