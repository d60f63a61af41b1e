import { isKnownTimezone, localDate, parseGmtOffset } from './local-time';

/**
 * Leaderboard rules shared by the server and the client: which period an instant falls in, and
 * the score buckets of the rank histogram.
 *
 * Periods are keyed by text: `d:YYYY-MM-DD` (a local day), `m:YYYY-MM` (a local month) and `g`
 * (all time). Local means the timezone of the system configuration (`leaderboard_timezone`: an
 * IANA name such as "Asia/Kolkata", or a fixed offset such as "+05:30"; UTC by default).
 */

export const LEADERBOARD_KINDS = ['daily', 'monthly', 'global'] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];

export const GLOBAL_PERIOD = 'g';
export const DEFAULT_LEADERBOARD_TIMEZONE = 'UTC';

export interface PeriodKeys {
  daily: string;
  monthly: string;
  global: string;
}

/** A configured timezone as given when valid (IANA name or ±HH:MM offset), else UTC. */
export function leaderboardTimezone(configured: unknown): string {
  if (typeof configured !== 'string') return DEFAULT_LEADERBOARD_TIMEZONE;
  const tz = configured.trim();
  if (tz === '' || tz.length > 64) return DEFAULT_LEADERBOARD_TIMEZONE;
  if (parseGmtOffset(tz) !== null) return tz;
  return isKnownTimezone(tz) ? tz : DEFAULT_LEADERBOARD_TIMEZONE;
}

/** The local date (YYYY-MM-DD) of an instant in a timezone (IANA name or fixed offset). */
function localDay(at: Date, timezone: string): string {
  const offset = parseGmtOffset(timezone);
  if (offset !== null) return localDate(at, { offsetMinutes: offset });
  return localDate(at, { timezone: leaderboardTimezone(timezone) });
}

/** The daily, monthly and all-time period keys an instant counts in. */
export function periodKeys(at: Date, timezone: string): PeriodKeys {
  const day = localDay(at, timezone);
  return { daily: `d:${day}`, monthly: `m:${day.slice(0, 7)}`, global: GLOBAL_PERIOD };
}

/** The period key of one board at an instant. */
export function periodKey(kind: LeaderboardKind, at: Date, timezone: string): string {
  return periodKeys(at, timezone)[kind];
}

/**
 * Score buckets of the rank histogram: exact below 256, then 256 buckets per power of two (a
 * bucket is at most 1/256 of its scores wide), so that a player's own bucket holds few players
 * while the buckets above stay few. Must match the SQL function `lb_bucket` (migration 0010).
 */
export const BUCKET_BITS = 8;
const SUB = 2 ** BUCKET_BITS;

/** The bucket of a score (a non-negative integer). */
export function scoreBucket(score: number): number {
  if (!Number.isSafeInteger(score) || score < 0) throw new RangeError(`bad score ${score}`);
  if (score < SUB) return score;
  const e = Math.floor(Math.log2(score));
  // Math.log2 may round up just below a power of two: correct with exact integer checks.
  const exp = 2 ** e > score ? e - 1 : 2 ** (e + 1) <= score ? e + 1 : e;
  const shift = exp - BUCKET_BITS;
  return (shift + 1) * SUB + Math.floor(score / 2 ** shift) - SUB;
}

/** The lowest score of a bucket. */
export function bucketMin(bucket: number): number {
  if (!Number.isSafeInteger(bucket) || bucket < 0) throw new RangeError(`bad bucket ${bucket}`);
  if (bucket < SUB) return bucket;
  const shift = Math.floor(bucket / SUB) - 1;
  const mantissa = (bucket % SUB) + SUB;
  return mantissa * 2 ** shift;
}

/** The lowest score of the next bucket: the bucket holds [bucketMin, bucketEnd). */
export function bucketEnd(bucket: number): number {
  return bucketMin(bucket + 1);
}
