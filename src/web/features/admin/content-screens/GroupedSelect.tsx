import { useId } from 'react';
import type { z } from 'zod';
import type { ZodForm } from '../ui/form-kit';

export interface OptionGroup {
  label: string;
  options: { value: string; label: string }[];
}

/** A select of a form field whose options come in groups (categories by mode), with its error or hint. */
export function GroupedSelect({
  form,
  name,
  label,
  groups,
  hint,
  placeholder,
  onPick,
  disabled,
}: {
  form: ZodForm<z.ZodType>;
  name: string;
  label: string;
  groups: OptionGroup[];
  hint?: string;
  /** The first, empty choice ("Choose a category"). */
  placeholder?: string;
  /** Called with the value chosen (after the form's own update). */
  onPick?: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const error = form.errors[name];
  const note = error ?? hint;
  const value = form.values[name];
  return (
    <div className={error ? 'field admin-field has-error' : 'field admin-field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value === undefined || value === null ? '' : String(value)}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(e) => {
          form.set(name, e.target.value);
          onPick?.(e.target.value);
        }}
        data-testid={`field-${name}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {groups.map((g) =>
          g.label ? (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ) : (
            g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))
          ),
        )}
      </select>
      {note && (
        <small id={`${id}-note`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
          {note}
        </small>
      )}
    </div>
  );
}
