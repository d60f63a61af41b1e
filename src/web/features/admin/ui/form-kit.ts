import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { isApiFailure } from '../../../app/server-state/base-query';

export type FormValues = Record<string, unknown>;
export type FormErrors = Record<string, string>;

/** A zod message as a sentence ("must not be zero" → "Must not be zero"). */
export function sentence(message: string): string {
  return message ? message.charAt(0).toLocaleUpperCase() + message.slice(1) : message;
}

/** The first message for each field of a failed parse (a list's item counts for its list). */
export function issuesByField(error: z.ZodError): FormErrors {
  const out: FormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_form';
    out[field] ??= sentence(issue.message);
  }
  return out;
}

/**
 * A server refusal as field errors: a 400 names its field (`config.payout_min_coins`) and says
 * why; `prefix` is stripped so it lands on the form's own field. Null for other failures.
 */
export function serverFieldErrors(err: unknown, prefix = ''): FormErrors | null {
  if (!isApiFailure(err, 'invalid_input') || !err.field) return null;
  const own = prefix && err.field.startsWith(prefix) ? err.field.slice(prefix.length) : err.field;
  const field = own.split('.')[0]!;
  const why = err.message.startsWith(`${err.field}: `) ? err.message.slice(err.field.length + 2) : err.message;
  return { [field]: sentence(why) };
}

export interface ZodForm<S extends z.ZodType> {
  values: FormValues;
  errors: FormErrors;
  set: (name: string, value: unknown) => void;
  reset: (values: FormValues) => void;
  /**
   * Parses the values (or `values` given) with the action's schema: its output, or null with the
   * errors shown; `extra` adds errors of the screen's own rules.
   */
  validate: (o?: { values?: FormValues; extra?: FormErrors }) => z.output<S> | null;
  /** Shows a server's 400 at its field; false when the failure was not about a field. */
  showServerError: (err: unknown) => boolean;
  setErrors: (errors: FormErrors) => void;
}

/**
 * A form checked with the same zod schema the server checks the action with (the contract's
 * `input`): errors appear at the field before anything is sent, and the server's at theirs.
 */
export function useZodForm<S extends z.ZodType>(
  schema: S,
  initial: FormValues,
  opts: { serverPrefix?: string } = {},
): ZodForm<S> {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  const set = useCallback((name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e) && !('_form' in e)) return e;
      const { [name]: _drop, _form: _f, ...rest } = e;
      return rest;
    });
  }, []);

  const reset = useCallback((next: FormValues) => {
    setValues(next);
    setErrors({});
  }, []);

  function validate(o: { values?: FormValues; extra?: FormErrors } = {}): z.output<S> | null {
    const parsed = schema.safeParse(o.values ?? values);
    const found = { ...(parsed.success ? {} : issuesByField(parsed.error)), ...o.extra };
    setErrors(found);
    return parsed.success && Object.keys(found).length === 0 ? parsed.data : null;
  }

  function showServerError(err: unknown): boolean {
    const found = serverFieldErrors(err, opts.serverPrefix);
    if (!found) return false;
    setErrors((e) => ({ ...e, ...found }));
    return true;
  }

  return { values, errors, set, reset, validate, showServerError, setErrors };
}
