import type { Services } from '../http/context';
import { matureReferrals } from '../domain/maturing-referrals';

const TICK_MS = 5 * 60_000;

/**
 * Pays matured referrals every five minutes (a new account becomes real by playing, long after
 * its sign-up); the timer never keeps the process up. Answers the function that stops it.
 */
export function scheduleReferralMaturing(s: Pick<Services, 'db' | 'settings' | 'log'>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = (async () => matureReferrals(s.db, await s.settings.rules()))()
      .then((paid) => paid > 0 && s.log.info({ paid }, 'referrals matured'))
      .catch((err: unknown) => s.log.error({ err }, 'referral maturing failed'));
  }, TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
