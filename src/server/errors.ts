import { ERRORS, type ErrorCode, type ErrorReply } from '../core/contract';

/** A failure with a stable code; the dispatcher turns it into the error envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly extra: {
      field?: string;
      message?: string;
      issues?: ErrorReply['issues'];
      /** What went wrong underneath (logged for a 5xx, never sent). */
      cause?: unknown;
      /** For a 429: seconds until the budget that refused has room again (the Retry-After header). */
      retryAfter?: number;
    } = {},
  ) {
    super(extra.message ?? ERRORS[code].message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.status = ERRORS[code].status;
  }

  toReply(): ErrorReply {
    return {
      error: true,
      code: this.code,
      message: this.message,
      ...(this.extra.field ? { field: this.extra.field } : {}),
      ...(this.extra.issues ? { issues: this.extra.issues } : {}),
    };
  }
}

/** Seconds a client should wait before trying again after a 429 that named no budget. */
export const DEFAULT_RETRY_AFTER_S = 60;

/** The Retry-After value (whole seconds, at least 1) of a wait in milliseconds. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** Throws an AppError: `fail('user_not_found')`. */
export function fail(code: ErrorCode, extra?: AppError['extra']): never {
  throw new AppError(code, extra);
}

/** The envelope for a code, for replies built outside an action. */
export function errorReply(code: ErrorCode, message?: string): ErrorReply {
  return { error: true, code, message: message ?? ERRORS[code].message };
}
