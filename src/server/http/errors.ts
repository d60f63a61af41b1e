import { ERRORS, type ErrorCode, type ErrorReply } from '../../core/contract';

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

/** Throws an AppError: `fail('user_not_found')`. */
export function fail(code: ErrorCode, extra?: AppError['extra']): never {
  throw new AppError(code, extra);
}

/** The envelope for a code, for replies built outside an action. */
export function errorReply(code: ErrorCode, message?: string): ErrorReply {
  return { error: true, code, message: message ?? ERRORS[code].message };
}
