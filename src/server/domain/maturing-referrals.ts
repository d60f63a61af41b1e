import type { RewardRules } from '../../core/rules/reward-rules';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { playAnswers, playSessions, referrals, users } from '../db/schema';
import { checkBadges } from './badges';
import { moveCoins } from './ledger';
import { notify } from './notifications';
import { recordTrustEvent } from './trust-events';

type MaturingRules = Pick<
  RewardRules,
  | 'referral_new_user'
  | 'referral_referrer'
  | 'referral_qualifying_answers'
  | 'referral_qualifying_hours'
  | 'referral_daily_cap'
>;

/** A pending referral, with whether a player is gone and whether the new account is real. */
type Candidate = Awaited<ReturnType<typeof candidates>>[number];

// The referral `r`, its new account `e` (referee) and its referrer `f`, as the SQL has named them.
const r = alias(referrals, 'r');
const e = alias(users, 'e');
const f = alias(users, 'f');

/**
 * Pending referrals whose new account is now real (a verified e-mail or phone, and at least the
 * qualifying number of server-graded answers spread over the qualifying hours), or whose
 * players are gone. `scope` narrows to one player's referrals (either side).
 */
async function candidates(db: Db, rules: MaturingRules, scope?: number, limit = 100) {
  // The new account's server-graded answers: how many, and the hours between the first and the last.
  const s = alias(playSessions, 's');
  const a = alias(playAnswers, 'a');
  const p = db.orm
    .select({
      answers: sql<number>`count(*)::int`.as('answers'),
      span: sql<number>`coalesce(extract(epoch FROM max(${a.answered_at}) - min(${a.answered_at})), 0)::float8`.as(
        'span',
      ),
    })
    .from(s)
    .innerJoin(a, eq(a.session_id, s.id))
    .where(and(eq(s.user_id, r.referee_id), isNotNull(s.finished_at)))
    .as('p');
  return db.orm
    .select({
      referee_id: r.referee_id,
      referrer_id: r.referrer_id,
      reason: r.reason,
      gone: sql<boolean>`(${e.status} <> 1 OR ${e.deleted_at} IS NOT NULL OR ${f.status} <> 1 OR ${f.deleted_at} IS NOT NULL)`,
      real: sql<boolean>`(${e.contact_verified_at} IS NOT NULL AND ${p.answers} >= ${rules.referral_qualifying_answers}
        AND ${p.span} >= ${rules.referral_qualifying_hours * 3600})`,
    })
    .from(r)
    .innerJoin(e, eq(e.id, r.referee_id))
    .innerJoin(f, eq(f.id, r.referrer_id))
    .crossJoinLateral(p)
    .where(
      and(
        sql`${r.status} = 'pending'`,
        scope === undefined ? undefined : sql`(${r.referee_id} = ${scope} OR ${r.referrer_id} = ${scope})`,
      ),
    )
    .orderBy(r.created_at, r.referee_id)
    .limit(limit);
}

/**
 * Pays the referrals that have matured, each in its own transaction and exactly once (the
 * referral's state moves once; ledger op ids are unique per user). A referrer over the daily
 * cap waits; a referral whose player is gone is refused. Safe on several nodes and at any
 * qualifying event (the row is claimed with SKIP LOCKED). Answers the number paid.
 */
export async function matureReferrals(db: Db, rules: MaturingRules, scope?: number): Promise<number> {
  let paid = 0;
  for (const c of await candidates(db, rules, scope)) {
    if (!c.gone && !c.real) continue;
    if (await db.tx((tx) => matureOne(tx, rules, c))) paid++;
  }
  return paid;
}

async function matureOne(db: Db, rules: MaturingRules, c: Candidate): Promise<boolean> {
  const claimed = await db.one(sql`SELECT 1 AS x FROM referrals
    WHERE referee_id = ${c.referee_id} AND status = 'pending' FOR UPDATE SKIP LOCKED`);
  if (!claimed) return false;
  if (c.gone) {
    await db.run(sql`UPDATE referrals SET status = 'refused', reason = 'deleted' WHERE referee_id = ${c.referee_id}`);
    return false;
  }
  // The referrer's row is the lock that keeps two nodes from both paying past the cap.
  await db.run(sql`SELECT id FROM users WHERE id = ${c.referrer_id} FOR UPDATE`);
  const [today] = await db.orm
    .select({ n: count() })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrer_id, c.referrer_id),
        sql`${referrals.status} = 'paid'`,
        sql`${referrals.matured_at} > now() - interval '24 hours'`,
      ),
    );
  if (today!.n >= rules.referral_daily_cap) {
    if (c.reason !== 'cap') {
      await db.run(sql`UPDATE referrals SET reason = 'cap' WHERE referee_id = ${c.referee_id}`);
      await recordTrustEvent(db, c.referrer_id, 'referral_held', String(c.referee_id), { reason: 'cap' });
    }
    return false;
  }
  await db.run(sql`UPDATE referrals SET status = 'paid', reason = '', matured_at = now()
    WHERE referee_id = ${c.referee_id}`);
  if (rules.referral_new_user > 0)
    await moveCoins(db, {
      userId: c.referee_id,
      delta: rules.referral_new_user,
      reason: 'referral_bonus',
      ref: String(c.referrer_id),
      opId: 'referral_bonus',
    });
  if (rules.referral_referrer > 0)
    await moveCoins(db, {
      userId: c.referrer_id,
      delta: rules.referral_referrer,
      reason: 'referral_reward',
      ref: String(c.referee_id),
      opId: `referral:${c.referee_id}`,
    });
  await notify(db, c.referrer_id, {
    type: 'referral',
    params: { coins: rules.referral_referrer },
    link: '/profile/refer',
  });
  // The referrer's count (Sharing Caring) and coins earned (Elite) moved: their badges now.
  await checkBadges(db, c.referrer_id);
  return true;
}
