import { errorMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { FirebaseAuthFailure } from './firebase-errors';

/**
 * Shows a failed Firebase call as the spec's message; anything else was shown already (the API
 * client shows the server's errors), and offline the banner says so.
 */
export function showFirebaseError(err: unknown): void {
  if (!(err instanceof FirebaseAuthFailure)) return;
  if (err.code === 'network' && !navigator.onLine) return;
  toast.error(errorMessage(err.code));
}
