import { isApiFailure } from '../../../app/server-state/base-query';
import { errorMessage } from '../../../lib/i18n';
import { sentence, type FormErrors } from '../ui/form-kit';

/**
 * A refusal that names a field but is not a 400 (a 409 such as `default_language_required`,
 * `slug_taken`, `category_not_empty`; a 404 of a chosen id; an unreadable upload) as that
 * field's error: the server's own reason when it gave one for the field, else the code's
 * translated message. Null when the failure names no field.
 */
export function refusalAtField(err: unknown): FormErrors | null {
  if (!isApiFailure(err) || !err.field || err.code === 'invalid_input') return null;
  const field = err.field.split('.')[0]!;
  const own = err.message.startsWith(`${err.field}: `) ? sentence(err.message.slice(err.field.length + 2)) : null;
  return { [field]: own ?? errorMessage(err.code) };
}

/** The codes a content form shows at its fields itself (so the api client does not toast them too). */
export const FIELD_CODES = [
  'invalid_input',
  'not_found',
  'slug_taken',
  'language_code_taken',
  'default_language_required',
  'category_not_empty',
  'subcategory_not_empty',
  'image_invalid',
  'audio_invalid',
  'content_file_invalid',
  'image_too_large',
] as const;
