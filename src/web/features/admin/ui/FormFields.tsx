import { useId, type ReactNode } from 'react';
import type { ZodForm } from './form-kit';
import type { z } from 'zod';
import './forms.css';

interface Base {
  form: ZodForm<z.ZodType>;
  name: string;
  label: string;
  hint?: string;
  testId?: string;
}

/** Label, control and the field's error (or hint) under it, wired for assistive technology. */
function Shell({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  const note = error ?? hint;
  return (
    <div className={error ? 'field admin-field has-error' : 'field admin-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {note && (
        <small id={`${id}-note`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
          {note}
        </small>
      )}
    </div>
  );
}

function useControl(p: Base) {
  const id = useId();
  const error = p.form.errors[p.name];
  const note = error ?? p.hint;
  return {
    id,
    error,
    attrs: {
      id,
      name: p.name,
      'aria-invalid': Boolean(error),
      'aria-describedby': note ? `${id}-note` : undefined,
      'data-testid': p.testId ?? `field-${p.name}`,
    },
  };
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A one-line text or number field. */
export function TextField(
  p: Base & { type?: 'text' | 'number' | 'email'; maxLength?: number; dir?: 'ltr' | 'auto'; placeholder?: string },
) {
  const c = useControl(p);
  return (
    <Shell id={c.id} label={p.label} error={c.error} hint={p.hint}>
      <input
        {...c.attrs}
        type={p.type === 'number' ? 'text' : (p.type ?? 'text')}
        inputMode={p.type === 'number' ? 'numeric' : undefined}
        dir={p.dir ?? (p.type === 'number' || p.type === 'email' ? 'ltr' : 'auto')}
        maxLength={p.maxLength}
        placeholder={p.placeholder}
        value={str(p.form.values[p.name])}
        onChange={(e) => p.form.set(p.name, e.target.value)}
      />
    </Shell>
  );
}

/** Text over several lines. */
export function TextArea(p: Base & { rows?: number; maxLength?: number }) {
  const c = useControl(p);
  return (
    <Shell id={c.id} label={p.label} error={c.error} hint={p.hint}>
      <textarea
        {...c.attrs}
        dir="auto"
        rows={p.rows ?? 4}
        maxLength={p.maxLength}
        value={str(p.form.values[p.name])}
        onChange={(e) => p.form.set(p.name, e.target.value)}
      />
    </Shell>
  );
}

/** One of a list. */
export function SelectField(p: Base & { options: { value: string; label: string }[] }) {
  const c = useControl(p);
  return (
    <Shell id={c.id} label={p.label} error={c.error} hint={p.hint}>
      <select {...c.attrs} value={str(p.form.values[p.name])} onChange={(e) => p.form.set(p.name, e.target.value)}>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** An on/off switch for a '1'/'0' setting. */
export function SwitchField(p: Base) {
  const c = useControl(p);
  const on = str(p.form.values[p.name]) === '1';
  return (
    <div
      className={c.error ? 'field admin-field admin-switch-field has-error' : 'field admin-field admin-switch-field'}
    >
      <label className="admin-switch" htmlFor={c.id}>
        <input
          {...c.attrs}
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(e) => p.form.set(p.name, e.target.checked ? '1' : '0')}
        />
        <span className="admin-switch-track" aria-hidden="true" />
        <span>{p.label}</span>
      </label>
      {(c.error ?? p.hint) && (
        <small
          id={`${c.id}-note`}
          className={c.error ? 'field-error' : 'field-hint'}
          role={c.error ? 'alert' : undefined}
        >
          {c.error ?? p.hint}
        </small>
      )}
    </div>
  );
}

/** The form-wide error (a refusal that is not about one field). */
export function FormError({ form }: { form: ZodForm<z.ZodType> }) {
  const e = form.errors._form;
  return e ? (
    <p className="field-error" role="alert" data-testid="form-error">
      {e}
    </p>
  ) : null;
}
