import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { useAdminT } from '../i18n';
import { AdminIcon } from '../ui/admin-icons';
import { useZodForm, type FormErrors, type FormValues, type ZodForm } from '../ui/form-kit';
import { FormError } from '../ui/FormFields';
import type { EventKind, PickedQuestion } from './event-data';
import { revealFirstError } from './reveal-error';

/** What both event forms edit besides their own fields: a language and its questions. */
interface EventValues {
  [key: string]: unknown;
  language_id: string;
  questions: PickedQuestion[];
}

/** A save: the values to check, errors found before sending, and the change (its toast's text). */
interface Save {
  values: FormValues;
  extra?: FormErrors;
  send: () => Promise<string>;
}

/**
 * A contest's or an exam's form state: the zod form over its values; another language empties
 * its questions; `save` checks, sends, says so and goes back to the list, or shows the refusal
 * at its field (the first one brought into view).
 */
export function useEventForm<S extends z.ZodType, V extends EventValues>(schema: S, initial: V, listPath: string) {
  const navigate = useNavigate();
  const form = useZodForm(schema, initial);
  const v = form.values as V;
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFormElement>(null);

  // Questions belong to one language: another language starts the list again.
  const language = useRef(v.language_id);
  const { set } = form;
  useEffect(() => {
    if (language.current === v.language_id) return;
    language.current = v.language_id;
    if (v.questions.length) set('questions', []);
  }, [v.language_id, v.questions.length, set]);

  async function save({ values, extra, send }: Save) {
    if (!form.validate({ values, extra })) return revealFirstError(ref.current);
    setBusy(true);
    try {
      toast.success(await send());
      void navigate(listPath);
    } catch (err) {
      if (!form.showServerError(err)) form.setErrors({ _form: (err as Error).message });
      revealFirstError(ref.current);
      setBusy(false);
    }
  }

  return { form, v, busy, ref, save };
}

/**
 * The frame of both event forms: their details, the note saying what is fixed once players
 * came, the terms that note locks, and the form's error, cancel and save.
 */
export function EventFormFrame({
  kind,
  event,
  listPath,
  onSubmit,
  details,
  lockedNote,
  saveLabel,
  children,
}: {
  kind: EventKind;
  event: { form: ZodForm<z.ZodType>; busy: boolean; ref: React.RefObject<HTMLFormElement | null> };
  listPath: string;
  onSubmit: () => void;
  details: ReactNode;
  /** Why the terms are fixed; they are open when absent. */
  lockedNote: string | null;
  saveLabel: string;
  /** The terms: disabled together once locked. */
  children: ReactNode;
}) {
  const { t } = useAdminT();
  return (
    <form
      ref={event.ref}
      className="events-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
      data-testid={`${kind}-form`}
    >
      {details}
      {lockedNote && (
        <p className="events-locked-note" role="note" data-testid={`${kind}-locked`}>
          <AdminIcon name="lock" size={18} />
          {lockedNote}
        </p>
      )}
      <fieldset disabled={Boolean(lockedNote)} className="events-plain events-form">
        {children}
      </fieldset>
      <div className="events-actions">
        <FormError form={event.form} />
        <Link to={listPath} className="btn btn-ghost">
          {t('events.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={event.busy} data-testid={`${kind}-save`}>
          {saveLabel}
        </button>
      </div>
    </form>
  );
}
