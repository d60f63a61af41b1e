import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaySession } from '../../core/contract';
import { BADGES } from '../../core/rules/badges';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { settlePaymentRequest } from '../domain/payouts';
import { finishAnswers } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// The economy as a whole, through the real API on the real database: random sequences of plays,
// lifelines, payout requests (also two at once), cancellations, operator decisions, referrals,
// badge claims (also two at once), premium unlocks and battle-room fees with joins and deletes.
// After every step, for every player: balance = sum of their ledger rows ≥ 0, every one-time
// reward paid at most once, every payout refunded at most once, and no reply is a 5xx.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const who = fc.integer({ min: 0, max: 2 });
const op = fc.oneof(
  fc.record({
    kind: fc.constant('play' as const),
    who,
    right: fc.integer({ min: 0, max: 10 }),
    level: fc.integer({ min: 1, max: 2 }),
  }),
  fc.record({
    kind: fc.constant('lifeline' as const),
    who,
    name: fc.constantFrom('fifty_fifty', 'audience_poll', 'skip', 'reset_timer'),
  }),
  fc.record({ kind: fc.constant('payout' as const), who, coins: fc.integer({ min: 90, max: 130 }) }),
  fc.record({ kind: fc.constant('cancel' as const), who }),
  fc.record({
    kind: fc.constant('settle' as const),
    who,
    outcome: fc.constantFrom('completed' as const, 'rejected' as const),
  }),
  fc.record({ kind: fc.constant('refer' as const), who }),
  fc.record({ kind: fc.constant('claim' as const), who, badge: fc.constantFrom(...BADGES) }),
  fc.record({ kind: fc.constant('premium' as const), who }),
  // A friend room with an entry fee: another player may join; then the owner deletes it or not.
  fc.record({
    kind: fc.constant('room' as const),
    who,
    fee: fc.integer({ min: 0, max: 60 }),
    join: fc.boolean(),
    remove: fc.boolean(),
  }),
  // The same money operation sent twice at once (a double tap, a retried request).
  fc.record({ kind: fc.constant('twice' as const), who, coins: fc.integer({ min: 100, max: 200 }) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function openLevel(p: Player, level: number) {
  return call<PlaySession>(
    t.app,
    'get_questions_by_level',
    { category: 'sports', subcategory: 'football-and-ball-games', level, language_id: 1 },
    { token: p.token },
  );
}

async function step(players: Player[], o: Op): Promise<number[]> {
  const p = players[o.who]!;
  const statuses: number[] = [];
  const api = async (action: string, fields: Record<string, unknown>) => {
    const r = await call<never>(t.app, action, fields, { token: p.token });
    statuses.push(r.status);
    return r;
  };
  switch (o.kind) {
    case 'play': {
      const s = await openLevel(p, o.level);
      statuses.push(s.status);
      if (s.status !== 200) break;
      const answers = await finishAnswers(t.db, s.body.data, (q, i) =>
        i < o.right ? q.answer : q.options.find((x) => x.id !== q.answer)!.id,
      );
      await api('submit_quiz_answers', { session_id: s.body.data.session_id, answers });
      break;
    }
    case 'lifeline': {
      const s = await openLevel(p, 1);
      statuses.push(s.status);
      if (s.status !== 200) break;
      await api('use_lifeline', {
        session_id: s.body.data.session_id,
        lifeline: o.name,
        question_id: s.body.data.questions[0]!.id,
      });
      break;
    }
    case 'payout':
      await api('set_payment_request', {
        payment_type: 'paypal',
        payment_address: 'p@example.test',
        coin_used: o.coins,
      });
      break;
    case 'cancel':
    case 'settle': {
      const pending = await t.db.one<{ id: number }>(
        sql`SELECT id FROM payment_requests WHERE user_id = ${p.user.id} AND status = 'pending' ORDER BY id DESC LIMIT 1`,
      );
      if (!pending) break;
      if (o.kind === 'cancel') await api('delete_pending_payment_request', { payment_id: pending.id });
      else await settlePaymentRequest(t.db, pending.id, o.outcome);
      break;
    }
    case 'refer': {
      const friend = await createPlayer(t.app, { friends_code: p.user.refer_code });
      players.push(friend);
      break;
    }
    case 'claim':
      await api('set_badges', { type: o.badge, status: 2 });
      break;
    case 'premium':
      await api('unlock_premium_category', { category: 'world-cuisine' });
      break;
    case 'room': {
      const r = await api('create_room', { room_type: 'friend', category: 'science', no_of_que: 3, entry_fee: o.fee });
      if (r.status !== 200) break;
      const room = r.body as unknown as { data: { room_id: string; room_code: string } };
      if (o.join) {
        const other = players[(o.who + 1) % players.length]!;
        const j = await call(t.app, 'join_room', { room_code: room.data.room_code }, { token: other.token });
        statuses.push(j.status);
      }
      if (o.remove) await api('delete_room', { room_id: room.data.room_id });
      break;
    }
    case 'twice': {
      const fields = { payment_type: 'paypal', payment_address: 'p@example.test', coin_used: o.coins };
      const both = await Promise.all([
        call(t.app, 'set_payment_request', fields, { token: p.token }),
        call(t.app, 'set_payment_request', fields, { token: p.token }),
        call(t.app, 'set_badges', { type: 'dashing_debut', status: 2 }, { token: p.token }),
        call(t.app, 'set_badges', { type: 'dashing_debut', status: 2 }, { token: p.token }),
      ]);
      statuses.push(...both.map((x) => x.status));
      expect(both.slice(0, 2).filter((x) => x.status === 200).length).toBeLessThanOrEqual(1);
      break;
    }
  }
  return statuses;
}

async function invariants(players: Player[]) {
  const ids = `{${players.map((p) => p.user.id).join(',')}}`;
  const balances = await t.db.rows<{ id: number; coins: number; sum: number }>(sql`SELECT u.id, u.coins,
      (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger l WHERE l.user_id = u.id) AS sum
    FROM users u WHERE u.id = ANY(${ids}::integer[])`);
  for (const b of balances) {
    expect(b.coins, `player ${b.id}`).toBe(b.sum);
    expect(b.coins).toBeGreaterThanOrEqual(0);
  }
  const twice = await t.db.rows(sql`SELECT user_id, reason, ref, count(*) FROM coin_ledger
    WHERE user_id = ANY(${ids}::integer[])
      AND reason IN ('welcome_bonus', 'referral_bonus', 'referral_reward', 'badge_reward', 'payout_cancel', 'payout_reject',
        'premium_category', 'battle_entry', 'battle_refund')
    GROUP BY user_id, reason, ref HAVING count(*) > 1`);
  expect(twice).toEqual([]);
  const refunds = await t.db.rows(sql`SELECT r.id FROM payment_requests r WHERE r.user_id = ANY(${ids}::integer[])
    AND (SELECT count(*) FROM coin_ledger l WHERE l.user_id = r.user_id AND l.op_id LIKE 'payout:' || r.id || ':%'
      AND l.delta > 0) > 1`);
  expect(refunds).toEqual([]);
}

describe('economy property', () => {
  it('keeps every balance equal to its ledger and every reward paid once, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const players = [await createPlayer(t.app), await createPlayer(t.app), await createPlayer(t.app)];
        // Enough coins that payouts, fees and unlocks happen, not only their refusals.
        for (const [i, p] of players.entries())
          await moveCoins(t.db, { userId: p.user.id, delta: 100 + 150 * i, reason: 'test', opId: randomUUID() });
        for (const o of ops) {
          const statuses = await step(players, o);
          for (const s of statuses) expect(s, JSON.stringify(o)).toBeLessThan(500);
          await invariants(players);
        }
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
