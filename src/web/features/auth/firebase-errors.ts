import type { ErrorCode } from '../../../core/contract';
import { ApiError } from '../../lib/api-client';

/**
 * Firebase Auth's error codes as this app's (their messages are the spec's: user not found,
 * invalid password, email already in use, invalid email, account disabled, too many requests,
 * operation not allowed, internal error). Anything else is an internal error.
 */
const CODES: Record<string, ErrorCode | 'network'> = {
  // Sign-in answers an unknown user and a wrong password alike (no account enumeration), as
  // newer Firebase projects and the local provider do.
  'auth/user-not-found': 'invalid_credentials',
  'auth/wrong-password': 'invalid_credentials',
  'auth/invalid-credential': 'invalid_credentials',
  'auth/invalid-login-credentials': 'invalid_credentials',
  'auth/email-already-in-use': 'email_already_in_use',
  'auth/invalid-email': 'invalid_email',
  'auth/missing-email': 'invalid_email',
  'auth/weak-password': 'weak_password',
  'auth/missing-password': 'invalid_password',
  'auth/user-disabled': 'account_deactivated',
  'auth/too-many-requests': 'rate_limited',
  'auth/operation-not-allowed': 'operation_not_allowed',
  'auth/admin-restricted-operation': 'operation_not_allowed',
  'auth/invalid-phone-number': 'invalid_mobile',
  'auth/missing-phone-number': 'invalid_mobile',
  'auth/invalid-verification-code': 'invalid_code',
  'auth/code-expired': 'invalid_code',
  'auth/network-request-failed': 'network',
  'auth/internal-error': 'internal_error',
};

export function firebaseErrorCode(e: unknown): ErrorCode | 'network' {
  const code = (e as { code?: unknown } | null)?.code;
  // Own keys only: "__proto__" or "constructor" must not find the object's prototype.
  return typeof code === 'string' && Object.hasOwn(CODES, code) ? CODES[code]! : 'internal_error';
}

/**
 * A failure of Firebase itself (not of this server, whose errors the API client shows): its own
 * type, so that screens show it once, and never a server error twice.
 */
export class FirebaseAuthFailure extends ApiError {
  constructor(code: ErrorCode | 'network', message: string = code) {
    super(code, 0, message);
    this.name = 'FirebaseAuthFailure';
  }
}
