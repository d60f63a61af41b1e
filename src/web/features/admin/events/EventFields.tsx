import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useAdminT } from '../i18n';
import type { ZodForm } from '../ui/form-kit';

// Inputs the form kit has no field for (date and time, a secret with a reveal), in its markup:
// label, control, and the error (or hint) under it, wired for assistive technology.

interface FieldProps {
  form: ZodForm<z.ZodType>;
  name: string;
  label: string;
  hint?: ReactNode;
  testId?: string;
}

function Field({ p, id, children }: { p: FieldProps; id: string; children: ReactNode }) {
  const error = p.form.errors[p.name];
  const note = error ?? p.hint;
  return (
    <div className={error ? 'field admin-field has-error' : 'field admin-field'}>
      <label htmlFor={id}>{p.label}</label>
      {children}
      {note && (
        <small id={`${id}-note`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
          {note}
        </small>
      )}
    </div>
  );
}

function controlAttrs(p: FieldProps, id: string) {
  const error = p.form.errors[p.name];
  return {
    id,
    name: p.name,
    'aria-invalid': Boolean(error),
    'aria-describedby': (error ?? p.hint) ? `${id}-note` : undefined,
    'data-testid': p.testId ?? `field-${p.name}`,
  };
}

/** A date (`date`) or a wall-clock date and time (`datetime-local`). */
export function DateField(p: FieldProps & { type: 'date' | 'datetime-local'; min?: string }) {
  const id = useId();
  return (
    <Field p={p} id={id}>
      <input
        {...controlAttrs(p, id)}
        type={p.type}
        dir="ltr"
        min={p.min}
        value={String(p.form.values[p.name] ?? '')}
        onChange={(e) => p.form.set(p.name, e.target.value)}
      />
    </Field>
  );
}

/** A secret (an exam's key): dots until the operator reveals it. */
export function SecretField(p: FieldProps & { maxLength?: number }) {
  const { t } = useAdminT();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <Field p={p} id={id}>
      <span className="events-secret">
        <input
          {...controlAttrs(p, id)}
          type={shown ? 'text' : 'password'}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          maxLength={p.maxLength}
          value={String(p.form.values[p.name] ?? '')}
          onChange={(e) => p.form.set(p.name, e.target.value)}
        />
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
          data-testid={`${p.testId ?? `field-${p.name}`}-reveal`}
        >
          {shown ? t('events.hide') : t('events.reveal')}
        </button>
      </span>
    </Field>
  );
}
