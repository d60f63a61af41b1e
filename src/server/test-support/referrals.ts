import { sql } from '../db/client';
import type { App } from '../app';
import { matureReferrals } from '../domain/maturing-referrals';
import { perfectLevel, type Player } from './factories';

/**
 * Makes a referred player's account real the way a player does (two server-graded plays, the
 * first moved a day back: the clock the test controls) and runs the referral ticker once.
 */
export async function matureReferralOf(app: App, friend: Player): Promise<number> {
  const db = app.services.db;
  await perfectLevel(app, friend);
  await db.run(sql`UPDATE play_answers SET answered_at = answered_at - interval '25 hours'
    WHERE session_id IN (SELECT id FROM play_sessions WHERE user_id = ${friend.user.id})`);
  await perfectLevel(app, friend);
  return matureReferrals(db, await app.services.settings.rules());
}
