import { describe, expect, it } from 'vitest';
import { firebaseErrorCode } from './firebase-errors';

describe('Firebase Auth errors as the app’s codes (the spec’s messages)', () => {
  it('maps the sign-in failures a player can meet', () => {
    expect(firebaseErrorCode({ code: 'auth/user-not-found' })).toBe('invalid_credentials');
    expect(firebaseErrorCode({ code: 'auth/wrong-password' })).toBe('invalid_credentials');
    expect(firebaseErrorCode({ code: 'auth/invalid-credential' })).toBe('invalid_credentials');
    expect(firebaseErrorCode({ code: 'auth/email-already-in-use' })).toBe('email_already_in_use');
    expect(firebaseErrorCode({ code: 'auth/invalid-email' })).toBe('invalid_email');
    expect(firebaseErrorCode({ code: 'auth/user-disabled' })).toBe('account_deactivated');
    expect(firebaseErrorCode({ code: 'auth/too-many-requests' })).toBe('rate_limited');
    expect(firebaseErrorCode({ code: 'auth/operation-not-allowed' })).toBe('operation_not_allowed');
    expect(firebaseErrorCode({ code: 'auth/network-request-failed' })).toBe('network');
    expect(firebaseErrorCode({ code: 'auth/internal-error' })).toBe('internal_error');
  });

  it('answers "internal error" for anything else, hostile values included', () => {
    for (const e of [
      undefined,
      null,
      42,
      'auth/user-not-found',
      {},
      { code: 7 },
      { code: 'auth/brand-new' },
      { code: '__proto__' },
    ])
      expect(firebaseErrorCode(e)).toBe('internal_error');
  });
});
