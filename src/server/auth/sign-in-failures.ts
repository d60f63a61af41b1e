import type { ErrorCode } from '../../core/contract';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { localAccounts, users } from '../db/schema';
import { recordTrustEvent } from '../domain/trust-events';
import type { Services } from '../http/context';
import { AppError } from '../errors';

/** Answers that mean a wrong secret (password or code) for the account the request names. */
const WRONG_SECRET = new Set<ErrorCode>(['invalid_credentials', 'invalid_code']);

/** Actions whose success proves the account's secret: their source becomes known to it. */
const PROVES_SECRET = new Set(['auth_email_login', 'auth_email_verify', 'auth_otp_verify', 'auth_password_reset']);

/**
 * Runs an auth action that names `account` (an e-mail or number) from `ip`: a wrong secret
 * counts against this source only, and the failure that locks the source out of an account is
 * recorded for the operator; a proven secret makes the source known to the account.
 */
export async function guardSignIn<T>(
  s: Services,
  action: string,
  account: string,
  ip: string,
  run: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (e) {
    if (e instanceof AppError && WRONG_SECRET.has(e.code) && (await s.rateLimits.signInFailed(account, ip))) {
      await recordLock(s, account, ip, action);
    }
    throw e;
  }
  if (PROVES_SECRET.has(action)) await s.rateLimits.signInSucceeded(account, ip);
  return result;
}

/** A `login_locked` trust event on the player behind the account, when there is one. */
async function recordLock(s: Services, account: string, ip: string, action: string): Promise<void> {
  const emailIds = s.db.orm
    .select({ firebase_id: sql<string>`'email:' || ${localAccounts.id}::text` })
    .from(localAccounts)
    .where(eq(localAccounts.email, account));
  const [user] = await s.db.orm
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.firebase_id, `phone:${account}`), inArray(users.firebase_id, emailIds)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!user) return;
  await recordTrustEvent(s.db, user.id, 'login_locked', ip, { action });
  s.log.warn({ userId: user.id, action }, 'sign-in locked for one source after repeated failures');
}
