import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { moveCoins } from '../domain/ledger';
import { matureReferrals } from '../domain/maturing-referrals';
import { settlePaymentRequest } from '../domain/payouts';
import { call } from '../test-support/client';
import { createPlayer, perfectLevel, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// The books across accounts (issue 20 §3): random sequences of sign-ups (with and without a
// referral code), deletions, sign-ups again with a deleted account's e-mail, referral maturing,
// payouts (request, approve, reject, cancel) and battle rooms with fees. The test keeps its own
// tally of the coins minted (welcome bonuses, first clears, referral rewards, funding) and of the
// completed payouts; after every step, over every account the run made (tombstones included):
// each balance = the sum of its ledger rows ≥ 0, and
//   balances + held entry fees + pending payouts = minted − completed payouts.
// A deletion that loses ledger rows or balances, a second welcome bonus, or a referral paid
// twice breaks the equation.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const who = fc.nat({ max: 7 });
const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('signup' as const),
      referrer: fc.option(who, { nil: undefined, freq: 3 }),
      // The new account at once plays on two days (its referral can mature).
      grow: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('again' as const), who }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('play' as const), who, days: fc.boolean(), tick: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mature' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('fund' as const), who, coins: fc.integer({ min: 1, max: 300 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('payout' as const), who, coins: fc.integer({ min: 90, max: 200 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      who,
      outcome: fc.constantFrom('completed' as const, 'rejected' as const, 'cancelled' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('room' as const),
      who,
      fee: fc.integer({ min: 0, max: 60 }),
      join: fc.boolean(),
      remove: fc.boolean(),
    }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

interface Run {
  /** Accounts of the run, live or deleted (their ids stay: tombstones). */
  players: (Player & { deleted: boolean })[];
  minted: number;
  paidOut: number;
}

/** What the runs exercised, so that a generator that stops reaching a case fails the test. */
const seen = { deleted: 0, again: 0, matured: 0, settled: 0 };

const referralPays = async () => {
  const r = await t.app.services.settings.rules();
  return r.referral_new_user + r.referral_referrer;
};

/** Two plays, the first a day before the second (the clock the test controls: rows moved back). */
async function playOverTwoDays(run: Run, p: Player) {
  run.minted += (await perfectLevel(t.app, p)).coins;
  await t.db.run(sql`UPDATE play_answers SET answered_at = answered_at - interval '25 hours'
    WHERE session_id IN (SELECT id FROM play_sessions WHERE user_id = ${p.user.id})`);
  run.minted += (await perfectLevel(t.app, p)).coins;
}

/** The ticker's work; the run counts what it paid to the run's own accounts (the database is shared). */
async function mature(run: Run) {
  const ids = `{${run.players.map((p) => p.user.id).join(',')}}`;
  const paidNow = async () =>
    (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM referrals
      WHERE status = 'paid' AND referee_id = ANY(${ids}::integer[])`))!.n;
  const before = await paidNow();
  await matureReferrals(t.db, await t.app.services.settings.rules());
  const paid = (await paidNow()) - before;
  run.minted += paid * (await referralPays());
  seen.matured += paid;
}

async function step(run: Run, o: Op): Promise<number[]> {
  const live = run.players.filter((p) => !p.deleted);
  const pick = <T>(xs: T[], i: number) => (xs.length ? xs[i % xs.length] : undefined);
  const p = 'who' in o ? pick(live, o.who) : undefined;
  const statuses: number[] = [];
  const api = async (q: Player, action: string, fields: Record<string, unknown>) => {
    const r = await call<never>(t.app, action, fields, { token: q.token });
    statuses.push(r.status);
    return r;
  };
  switch (o.kind) {
    case 'signup': {
      const referrer = o.referrer === undefined ? undefined : pick(live, o.referrer);
      const n = await createPlayer(t.app, referrer ? { friends_code: referrer.user.refer_code } : {});
      // Enough coins that payouts and fees happen, not only their refusals.
      await moveCoins(t.db, { userId: n.user.id, delta: 200, reason: 'test', opId: randomUUID() });
      run.minted += n.user.coins + 200;
      run.players.push({ ...n, deleted: false });
      if (o.grow) await playOverTwoDays(run, n);
      break;
    }
    case 'delete':
      if (!p) break;
      await api(p, 'delete_user_account', {});
      p.deleted = true;
      seen.deleted++;
      break;
    case 'again': {
      const gone = pick(
        run.players.filter((x) => x.deleted),
        o.who,
      );
      if (!gone || run.players.some((x) => !x.deleted && x.email === gone.email)) break;
      const n = await createPlayer(t.app, { email: gone.email });
      expect(n.user.coins, 'no second welcome bonus').toBe(0);
      seen.again++;
      run.players.push({ ...n, deleted: false });
      break;
    }
    case 'play': {
      if (!p) break;
      if (o.days) await playOverTwoDays(run, p);
      else run.minted += (await perfectLevel(t.app, p)).coins;
      // The ticker may come at once (a qualifying moment) or later (the 'mature' step).
      if (o.tick) await mature(run);
      break;
    }
    case 'mature':
      await mature(run);
      break;
    case 'fund':
      if (!p) break;
      await moveCoins(t.db, { userId: p.user.id, delta: o.coins, reason: 'test', opId: randomUUID() });
      run.minted += o.coins;
      break;
    case 'payout':
      if (!p) break;
      await api(p, 'set_payment_request', {
        payment_type: 'paypal',
        payment_address: 'p@example.test',
        coin_used: o.coins,
      });
      break;
    case 'settle': {
      // Any account's pending request, a deleted player's included (the operator still sees it).
      const ids = `{${run.players.map((x) => x.user.id).join(',')}}`;
      const all = await t.db.rows<{ id: number; user_id: number; coin_used: number }>(sql`SELECT id, user_id, coin_used
        FROM payment_requests WHERE user_id = ANY(${ids}::integer[]) AND status = 'pending' ORDER BY id`);
      const pending = pick(all, o.who);
      if (!pending) break;
      const q = run.players.find((x) => x.user.id === pending.user_id)!;
      if (o.outcome === 'cancelled') {
        if (!q.deleted) await api(q, 'delete_pending_payment_request', { payment_id: pending.id });
        break;
      }
      await settlePaymentRequest(t.db, pending.id, o.outcome);
      if (o.outcome === 'completed') run.paidOut += pending.coin_used;
      seen.settled++;
      break;
    }
    case 'room': {
      if (!p) break;
      const r = await api(p, 'create_room', {
        room_type: 'friend',
        category: 'science',
        no_of_que: 3,
        entry_fee: o.fee,
      });
      if (r.status !== 200) break;
      const room = r.body as unknown as { data: { room_id: string; room_code: string } };
      const other = live.find((x) => x !== p);
      if (o.join && other) await api(other, 'join_room', { room_code: room.data.room_code });
      if (o.remove) await api(p, 'delete_room', { room_id: room.data.room_id });
      break;
    }
  }
  return statuses;
}

async function books(run: Run) {
  const ids = `{${run.players.map((p) => p.user.id).join(',')}}`;
  const rows = await t.db.rows<{ id: number; coins: number; sum: number }>(sql`SELECT u.id, u.coins,
      (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger l WHERE l.user_id = u.id) AS sum
    FROM users u WHERE u.id = ANY(${ids}::integer[])`);
  expect(rows).toHaveLength(run.players.length);
  for (const b of rows) {
    expect(b.coins, `player ${b.id}`).toBe(b.sum);
    expect(b.coins).toBeGreaterThanOrEqual(0);
  }
  const held = await t.db.one<{ n: number }>(sql`SELECT coalesce(sum(r.entry_fee), 0)::int AS n
    FROM rooms r JOIN room_players p ON p.room_id = r.id
    WHERE r.status IN ('waiting', 'playing') AND NOT p.is_bot AND p.user_id = ANY(${ids}::integer[])`);
  const pending = await t.db.one<{ n: number }>(sql`SELECT coalesce(sum(coin_used), 0)::int AS n
    FROM payment_requests WHERE status = 'pending' AND user_id = ANY(${ids}::integer[])`);
  const balances = rows.reduce((s, b) => s + b.coins, 0);
  expect(balances + held!.n + pending!.n).toBe(run.minted - run.paidOut);
}

describe('books across accounts', () => {
  it('balance = ledger ≥ 0 and balances + held fees + pending payouts move only by rewards and payouts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 12 }), async (ops) => {
        const run: Run = { players: [], minted: 0, paidOut: 0 };
        for (const o of [
          { kind: 'signup' as const, referrer: undefined, grow: false },
          ...ops,
          // The ticker comes in the end, whatever the sequence.
          { kind: 'mature' as const },
        ]) {
          const statuses = await step(run, o);
          for (const s of statuses) expect(s, JSON.stringify(o)).toBeLessThan(500);
          await books(run);
        }
      }),
      // A fixed seed (FC_SEED to explore others): the coverage checks below hold run after run.
      { numRuns: 15, seed: Number(process.env.FC_SEED ?? 2020) },
    );
    expect(seen.deleted).toBeGreaterThan(0);
    expect(seen.again).toBeGreaterThan(0);
    expect(seen.matured).toBeGreaterThan(0);
    expect(seen.settled).toBeGreaterThan(0);
  }, 600_000);
});
