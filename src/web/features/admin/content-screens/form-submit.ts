import type { z } from 'zod';
import { isApiFailure } from '../../../app/server-state/base-query';
import { errorMessage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { ZodForm } from '../ui/form-kit';
import { FIELD_CODES, refusalAtField } from './content-errors';

/**
 * Sends a content form's change and shows a refusal where it belongs: a 400 at its field (the
 * form kit), a 409/404 naming a field at that field too, anything else as a toast.
 * Resolves with the result, or null when it was refused.
 */
export async function submitForm<S extends z.ZodType, T>(
  form: ZodForm<S>,
  send: (expect: readonly string[]) => Promise<T>,
  done?: string,
): Promise<T | null> {
  try {
    const out = await send(FIELD_CODES);
    if (done) toast.success(done);
    return out;
  } catch (err) {
    if (form.showServerError(err)) return null;
    const at = refusalAtField(err);
    if (at) form.setErrors({ ...form.errors, ...at });
    // Codes this form takes on itself were not toasted by the api client: one without a field is.
    else if (isApiFailure(err) && (FIELD_CODES as readonly string[]).includes(err.code))
      toast.error(errorMessage(err.code));
    return null;
  }
}
