import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * Shows a failed Firebase call as the spec's message. Only Firebase's (status 0): the server's
 * errors were already shown by the API client, and offline the banner says so.
 */
export function showFirebaseError(err: unknown): void {
  if (!(err instanceof ApiError) || err.status !== 0) return;
  if (err.code === 'network' && !navigator.onLine) return;
  toast.error(errorMessage(err.code));
}
