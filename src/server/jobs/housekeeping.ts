import type { FastifyBaseLogger } from 'fastify';
import { sql, type Db } from '../db/client';

const OLD_PERIOD = sql`((period LIKE 'd:%' AND period < 'd:' || to_char(now() - interval '40 days', 'YYYY-MM-DD'))
  OR (period LIKE 'm:%' AND period < 'm:' || to_char(now() - interval '13 months', 'YYYY-MM')))`;

/**
 * Deletes what has outlived its use: idempotency keys after 45 days (longer than any client
 * queue keeps a post), spent or expired one-time codes, old dev-outbox messages, revoked and
 * expired tokens, play sessions never submitted after a week, past leaderboard periods and offline pack
 * versions no longer served. Safe on several nodes.
 */
export async function housekeeping(db: Db): Promise<Record<string, number>> {
  return {
    idempotency_keys: await db.run(sql`DELETE FROM idempotency_keys WHERE created_at < now() - interval '45 days'`),
    verification_codes: await db.run(sql`DELETE FROM verification_codes WHERE expires_at < now() - interval '1 day'`),
    outbox: await db.run(sql`DELETE FROM outbox WHERE created_at < now() - interval '7 days'`),
    auth_tokens: await db.run(sql`DELETE FROM auth_tokens
      WHERE expires_at < now() - interval '7 days' OR revoked_at < now() - interval '7 days'`),
    play_sessions: await db.run(sql`DELETE FROM play_sessions
      WHERE finished_at IS NULL AND deadline < now() - interval '7 days'`),
    // Past leaderboard periods: days after 40 days, months after 13 (the histogram first, so the
    // scores' trigger has no bucket rows left to keep in step).
    leaderboard_buckets: await db.run(sql`DELETE FROM lb_buckets WHERE ${OLD_PERIOD}`),
    leaderboard_scores: await db.run(sql`DELETE FROM lb_scores WHERE ${OLD_PERIOD}`),
    // Offline pack versions no one has been served for 60 days: a device's queue keeps a play of
    // one for less than the idempotency keys' 45, so no post still on its way names them.
    pack_versions: await db.run(sql`DELETE FROM pack_versions WHERE served_at < now() - interval '60 days'`),
  };
}

/** Runs housekeeping an hour after start and hourly after that; the timer never keeps the process up. */
export function scheduleHousekeeping(db: Db, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    housekeeping(db)
      .then((n) => log.info({ deleted: n }, 'housekeeping'))
      .catch((err: unknown) => log.error({ err }, 'housekeeping failed'));
  }, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
