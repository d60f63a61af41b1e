import { useId, type InputHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  testId: string;
  hint?: string;
}

/** A labelled input with its error under it (announced to screen readers). */
export function Field({ label, error, testId, hint, ...input }: FieldProps) {
  const id = useId();
  const note = error ?? hint;
  // Addresses, numbers and passwords read left to right even in an Arabic interface.
  const dir = input.dir ?? (['email', 'password', 'tel'].includes(input.type ?? '') ? 'ltr' : undefined);
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={testId}
        aria-invalid={Boolean(error)}
        aria-describedby={note ? `${id}-note` : undefined}
        {...input}
        dir={dir}
      />
      {note && (
        <small id={`${id}-note`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
          {note}
        </small>
      )}
    </div>
  );
}
