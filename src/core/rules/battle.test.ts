import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seeded } from './word-tiles';
import {
  DEFAULT_BATTLE_RULES as R,
  answerPoints,
  battleOutcome,
  botAnswer,
  formatClock,
  parseClock,
  seatEvent,
  standings,
  type BattlePlayer,
  type SeatEvent,
  type SeatState,
} from './battle';

function player(id: number, points: number, o: Partial<BattlePlayer> = {}): BattlePlayer {
  return { id, points, correct: 0, joinedAt: id, left: false, ...o };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('DEFAULT_BATTLE_RULES', () => {
  it('ships the reference constants', () => {
    expect(R).toMatchObject({
      points_per_correct: 4,
      round_seconds: 15,
      random_battle_entry_fee: 10,
      random_battle_questions: 10,
      search_seconds: 20,
      reconnect_grace_seconds: 20,
      bot_accuracy: 0.6,
      bot_min_answer_ms: 2000,
      bot_max_answer_ms: 9000,
      group_battle_min_players: 2,
      group_battle_max_players: 4,
    });
    expect(R.speed_bonuses).toEqual([
      { within_ms: 2000, bonus: 10 },
      { within_ms: 4000, bonus: 5 },
    ]);
  });
});

describe('answerPoints', () => {
  it('adds +10 within 2 s and +5 within 4 s, boundaries included', () => {
    expect(answerPoints(true, 0, R)).toBe(14);
    expect(answerPoints(true, 1999, R)).toBe(14);
    expect(answerPoints(true, 2000, R)).toBe(14);
    expect(answerPoints(true, 2000.5, R)).toBe(9);
    expect(answerPoints(true, 2001, R)).toBe(9);
    expect(answerPoints(true, 4000, R)).toBe(9);
    expect(answerPoints(true, 4001, R)).toBe(4);
  });
  it('gives the plain points up to the end of the round, and nothing after', () => {
    expect(answerPoints(true, 14_999, R)).toBe(4);
    expect(answerPoints(true, 15_000, R)).toBe(4);
    expect(answerPoints(true, 15_001, R)).toBe(0);
    expect(answerPoints(true, Infinity, R)).toBe(0);
  });
  it('gives nothing for a wrong answer, a negative or a NaN time', () => {
    expect(answerPoints(false, 500, R)).toBe(0);
    expect(answerPoints(false, 10_000, R)).toBe(0);
    expect(answerPoints(true, -1, R)).toBe(0);
    expect(answerPoints(true, -Infinity, R)).toBe(0);
    expect(answerPoints(true, NaN, R)).toBe(0);
  });
  it("honours a question's own round length", () => {
    expect(answerPoints(true, 20_000, R, 30)).toBe(4);
    expect(answerPoints(true, 20_000, R)).toBe(0);
    expect(answerPoints(true, 3000, R, 2)).toBe(0);
  });
  it('takes the best bonus whatever the order the operator listed them in', () => {
    const r = {
      ...R,
      speed_bonuses: [
        { within_ms: 4000, bonus: 5 },
        { within_ms: 1000, bonus: 20 },
        { within_ms: 2000, bonus: 10 },
      ],
    };
    expect(answerPoints(true, 900, r)).toBe(24);
    expect(answerPoints(true, 1500, r)).toBe(14);
    expect(answerPoints(true, 3000, r)).toBe(9);
    expect(answerPoints(true, 3000, { ...R, speed_bonuses: [] })).toBe(4);
  });
  it('is always one of 0, 4, 9, 14 and never grows with time', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.double({ noNaN: true }),
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        (correct, t, dt) => {
          const p = answerPoints(correct, t, R);
          expect([0, 4, 9, 14]).toContain(p);
          if (t >= 0) expect(answerPoints(correct, t + dt, R)).toBeLessThanOrEqual(p);
        },
      ),
    );
  });
});

describe('standings', () => {
  it('ranks by points, then correct answers', () => {
    const s = standings([
      player(1, 20, { correct: 3 }),
      player(2, 30, { correct: 2 }),
      player(3, 20, { correct: 4 }),
      player(4, 5, { correct: 1 }),
    ]);
    expect(s.map((p) => [p.id, p.rank])).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
      [4, 4],
    ]);
  });
  it('shares a rank on equal points and correct answers, and skips the shared places', () => {
    const s = standings([
      player(1, 20, { correct: 3 }),
      player(2, 20, { correct: 3 }),
      player(3, 10, { correct: 1 }),
      player(4, 20, { correct: 2 }),
    ]);
    expect(s.map((p) => [p.id, p.rank])).toEqual([
      [1, 1],
      [2, 1],
      [4, 3],
      [3, 4],
    ]);
  });
  it('ranks leavers after everyone still in, whatever their points', () => {
    const s = standings([
      player(1, 99, { correct: 9, left: true }),
      player(2, 0),
      player(3, 50, { correct: 5, left: true }),
      player(4, 50, { correct: 5, left: true }),
    ]);
    expect(s.map((p) => [p.id, p.rank])).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
      [4, 3],
    ]);
  });
  it('orders equal ranks by earliest seat, not by input order', () => {
    const s = standings([player(1, 10, { joinedAt: 500 }), player(2, 10, { joinedAt: 100 })]);
    expect(s.map((p) => p.id)).toEqual([2, 1]);
    expect(s.map((p) => p.rank)).toEqual([1, 1]);
  });
  it('keeps the fields it was given', () => {
    const [p] = standings([{ ...player(7, 3), name: 'Ada' }]);
    expect(p).toEqual({ ...player(7, 3), name: 'Ada', rank: 1 });
  });
  it('always ranks everyone still in above every leaver', () => {
    fc.assert(
      fc.property(tallies(), (ps) => {
        const s = standings(ps);
        const worstIn = Math.max(0, ...s.filter((p) => !p.left).map((p) => p.rank));
        const bestOut = Math.min(Infinity, ...s.filter((p) => p.left).map((p) => p.rank));
        expect(worstIn).toBeLessThan(bestOut);
        expect(s[0]?.rank ?? 1).toBe(1);
      }),
    );
  });
});

/** 1–4 players with small, often equal tallies, random seats and random leavers. */
function tallies() {
  return fc
    .array(
      fc.record({
        points: fc.integer({ min: 0, max: 12 }),
        correct: fc.integer({ min: 0, max: 3 }),
        joinedAt: fc.integer({ min: 0, max: 3 }),
        left: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((ps) => ps.map((p, i) => ({ ...p, id: i + 1 })));
}

describe('battleOutcome', () => {
  const fee = 10;
  it('pays the whole pot to the single winner of a 1v1', () => {
    const o = battleOutcome([player(1, 30), player(2, 20)], R, { fee, vsBot: false });
    expect(o.pot).toBe(20);
    expect(o.players).toEqual([
      { id: 1, rank: 1, result: 'win', payout: 20 },
      { id: 2, rank: 2, result: 'lose', payout: 0 },
    ]);
  });
  it('uses the random-battle entry fee when none is given', () => {
    expect(battleOutcome([player(1, 30), player(2, 20)], R, { vsBot: false }).pot).toBe(20);
  });
  it('is a draw with each fee back when everyone ties', () => {
    const o = battleOutcome([player(1, 20, { correct: 2 }), player(2, 20, { correct: 2 })], R, { fee, vsBot: false });
    expect(o.players.map((p) => [p.result, p.payout])).toEqual([
      ['draw', 10],
      ['draw', 10],
    ]);
  });
  it('breaks equal points on correct answers', () => {
    const o = battleOutcome([player(1, 20, { correct: 2 }), player(2, 20, { correct: 3 })], R, { fee, vsBot: false });
    expect(o.players).toEqual([
      { id: 2, rank: 1, result: 'win', payout: 20 },
      { id: 1, rank: 2, result: 'lose', payout: 0 },
    ]);
  });
  it('lets tied winners of a group battle split the pot, the odd coins to the earliest seats', () => {
    // 3 players × 10 = 30 coins for two winners: 15 each.
    const even = battleOutcome([player(1, 40), player(2, 40), player(3, 10)], R, { fee, vsBot: false });
    expect(even.players.map((p) => [p.id, p.result, p.payout])).toEqual([
      [1, 'win', 15],
      [2, 'win', 15],
      [3, 'lose', 0],
    ]);
    // 4 players × 10 = 40 coins for three winners: 13 each and 1 left over, to the earliest seat.
    const odd = battleOutcome(
      [
        player(1, 40, { joinedAt: 300 }),
        player(2, 40, { joinedAt: 100 }),
        player(3, 40, { joinedAt: 200 }),
        player(4, 0, { joinedAt: 0 }),
      ],
      R,
      { fee, vsBot: false },
    );
    expect(Object.fromEntries(odd.players.map((p) => [p.id, p.payout]))).toEqual({ 1: 13, 2: 14, 3: 13, 4: 0 });
    // 4 × 5 = 20 coins for three winners: 6 each and 2 left over, to the two earliest seats.
    const two = battleOutcome(
      [
        player(1, 40, { joinedAt: 300 }),
        player(2, 40, { joinedAt: 100 }),
        player(3, 40, { joinedAt: 200 }),
        player(4, 0, { joinedAt: 0 }),
      ],
      R,
      { fee: 5, vsBot: false },
    );
    expect(Object.fromEntries(two.players.map((p) => [p.id, p.payout]))).toEqual({ 1: 6, 2: 7, 3: 7, 4: 0 });
  });
  it('settles equal seat times by id', () => {
    const o = battleOutcome([player(2, 9, { joinedAt: 0 }), player(1, 9, { joinedAt: 0 }), player(3, 0)], R, {
      fee: 1,
      vsBot: false,
    });
    expect(Object.fromEntries(o.players.map((p) => [p.id, p.payout]))).toEqual({ 1: 2, 2: 1, 3: 0 });
  });
  it('makes a leaver lose everything, even when ahead', () => {
    const o = battleOutcome([player(1, 90, { left: true }), player(2, 0)], R, { fee, vsBot: false });
    expect(o.players).toEqual([
      { id: 2, rank: 1, result: 'win', payout: 20 },
      { id: 1, rank: 2, result: 'lose', payout: 0 },
    ]);
  });
  it('gives the whole pot to the last one in when all others left', () => {
    const o = battleOutcome(
      [player(1, 50, { left: true }), player(2, 0), player(3, 60, { left: true }), player(4, 70, { left: true })],
      R,
      {
        fee,
        vsBot: false,
      },
    );
    expect(o.pot).toBe(40);
    expect(o.players.find((p) => p.id === 2)).toEqual({ id: 2, rank: 1, result: 'win', payout: 40 });
    expect(o.players.filter((p) => p.id !== 2).every((p) => p.result === 'lose' && p.payout === 0)).toBe(true);
  });
  it("lets players tied after a leaver split the pot, the leaver's stake included", () => {
    const o = battleOutcome([player(1, 20), player(2, 20), player(3, 99, { left: true })], R, { fee, vsBot: false });
    expect(o.players.map((p) => [p.id, p.result, p.payout])).toEqual([
      [1, 'win', 15],
      [2, 'win', 15],
      [3, 'lose', 0],
    ]);
  });
  it('refunds everyone when everybody left', () => {
    const o = battleOutcome([player(1, 20, { left: true }), player(2, 0, { left: true })], R, { fee, vsBot: false });
    expect(o.players.map((p) => [p.result, p.payout])).toEqual([
      ['draw', 10],
      ['draw', 10],
    ]);
  });
  it('stakes and pays nothing against the bot, but still names the winner', () => {
    const win = battleOutcome([player(1, 30), player(-1, 20)], R, { fee, vsBot: true });
    expect(win.pot).toBe(0);
    expect(win.players).toEqual([
      { id: 1, rank: 1, result: 'win', payout: 0 },
      { id: -1, rank: 2, result: 'lose', payout: 0 },
    ]);
    const draw = battleOutcome([player(1, 30), player(-1, 30)], R, { fee, vsBot: true });
    expect(draw.players.map((p) => [p.result, p.payout])).toEqual([
      ['draw', 0],
      ['draw', 0],
    ]);
    const left = battleOutcome([player(1, 30, { left: true }), player(-1, 0)], R, { fee, vsBot: true });
    expect(left.players.map((p) => [p.id, p.result, p.payout])).toEqual([
      [-1, 'win', 0],
      [1, 'lose', 0],
    ]);
  });
  it('counts a negative or fractional fee as whole coins, never below 0', () => {
    expect(battleOutcome([player(1, 1), player(2, 0)], R, { fee: -5, vsBot: false }).players[0]!.payout).toBe(0);
    expect(battleOutcome([player(1, 1), player(2, 0)], R, { fee: NaN, vsBot: false }).pot).toBe(0);
    expect(battleOutcome([player(1, 1), player(2, 0)], R, { fee: 2.9, vsBot: false }).pot).toBe(4);
  });
  it('settles an empty battle to nothing', () => {
    expect(battleOutcome([], R, { fee, vsBot: false })).toEqual({ pot: 0, players: [] });
  });

  it('never pays out more than the pot, nor less, nor a negative amount', () => {
    fc.assert(
      fc.property(tallies(), fc.integer({ min: 0, max: 100 }), (ps, f) => {
        const o = battleOutcome(ps, R, { fee: f, vsBot: false });
        const payouts = o.players.map((p) => p.payout);
        expect(o.pot).toBe(f * ps.length);
        expect(o.players.map((p) => p.id).sort()).toEqual(ps.map((p) => p.id).sort());
        for (const x of payouts) {
          expect(Number.isInteger(x)).toBe(true);
          expect(x).toBeGreaterThanOrEqual(0);
        }

        const allLeft = ps.every((p) => p.left);
        const allTied = !ps.some((p) => p.left) && standings(ps).every((p) => p.rank === 1);
        if (allLeft || allTied) {
          // Refunds: everyone gets exactly their stake back.
          expect(o.players.every((p) => p.result === 'draw' && p.payout === f)).toBe(true);
          expect(sum(payouts)).toBe(f * ps.length);
          return;
        }
        expect(sum(payouts)).toBe(o.pot);
        const left = new Set(ps.filter((p) => p.left).map((p) => p.id));
        const winners = o.players.filter((p) => p.result === 'win');
        expect(winners.length).toBeGreaterThan(0);
        expect(winners.every((p) => !left.has(p.id) && p.rank === 1)).toBe(true);
        expect(o.players.filter((p) => p.result !== 'win').every((p) => p.result === 'lose' && p.payout === 0)).toBe(
          true,
        );
        // An even split: winners differ by one coin at most.
        const shares = winners.map((p) => p.payout);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('never moves a coin against the bot', () => {
    fc.assert(
      fc.property(tallies(), fc.integer({ min: 0, max: 100 }), (ps, f) => {
        const o = battleOutcome(ps, R, { fee: f, vsBot: true });
        expect(o.pot).toBe(0);
        expect(o.players.every((p) => p.payout === 0)).toBe(true);
        // The same results as a paid battle.
        const paid = battleOutcome(ps, R, { fee: f, vsBot: false });
        expect(o.players.map((p) => p.result)).toEqual(paid.players.map((p) => p.result));
      }),
    );
  });
});

describe('botAnswer', () => {
  const q = { optionIds: ['a', 'b', 'c', 'd'], answer: 'c' };
  it('answers right about as often as its accuracy, with a seeded generator', () => {
    const rng = seeded(42);
    const n = 20_000;
    let right = 0;
    const wrongPicks = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const a = botAnswer(rng, q, R);
      if (a.answer === 'c') right++;
      else wrongPicks.set(a.answer, (wrongPicks.get(a.answer) ?? 0) + 1);
    }
    // σ = √(0.6·0.4/20000) ≈ 0.0035; 0.02 is more than five σ.
    expect(Math.abs(right / n - 0.6)).toBeLessThan(0.02);
    expect([...wrongPicks.keys()].sort()).toEqual(['a', 'b', 'd']);
    for (const count of wrongPicks.values()) expect(Math.abs(count / (n - right) - 1 / 3)).toBeLessThan(0.03);
    const low = seeded(7);
    let rightLow = 0;
    for (let i = 0; i < n; i++) if (botAnswer(low, q, { ...R, bot_accuracy: 0.25 }).answer === 'c') rightLow++;
    expect(Math.abs(rightLow / n - 0.25)).toBeLessThan(0.02);
  });
  it('answers after a whole number of milliseconds in the range, spread across it', () => {
    const rng = seeded(1);
    const times = Array.from({ length: 10_000 }, () => botAnswer(rng, q, R).elapsedMs);
    expect(times.every((t) => Number.isInteger(t) && t >= 2000 && t <= 9000)).toBe(true);
    const mean = sum(times) / times.length;
    expect(Math.abs(mean - 5500)).toBeLessThan(100);
    expect(Math.min(...times)).toBeLessThan(2100);
    expect(Math.max(...times)).toBeGreaterThan(8900);
  });
  it('takes the ends of the range at the ends of the generator', () => {
    expect(botAnswer(() => 0, q, R)).toEqual({ answer: 'c', elapsedMs: 2000 });
    // Just below 1: wrong (last wrong option) and the slowest time.
    expect(botAnswer(() => 0.9999999999, q, R)).toEqual({ answer: 'd', elapsedMs: 9000 });
    expect(botAnswer(() => 1, q, R)).toEqual({ answer: 'd', elapsedMs: 9000 });
  });
  it('is always right at accuracy 1 and never at accuracy 0', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.9999, noNaN: true }), { minLength: 3, maxLength: 3 }), (xs) => {
        const next = () => {
          const x = xs.shift()!;
          xs.push(x);
          return x;
        };
        expect(botAnswer(next, q, { ...R, bot_accuracy: 1 }).answer).toBe('c');
        expect(botAnswer(next, q, { ...R, bot_accuracy: 0 }).answer).not.toBe('c');
      }),
    );
  });
  it('answers the only option when there is no wrong one', () => {
    expect(botAnswer(() => 0.99, { optionIds: ['a'], answer: 'a' }, R).answer).toBe('a');
  });
});

describe('seatEvent', () => {
  const table: [SeatState, SeatEvent, SeatState][] = [
    ['connected', 'drop', 'disconnected'],
    ['connected', 'resume', 'connected'],
    ['connected', 'grace_expired', 'connected'],
    ['connected', 'leave', 'left'],
    ['disconnected', 'drop', 'disconnected'],
    ['disconnected', 'resume', 'connected'],
    ['disconnected', 'grace_expired', 'left'],
    ['disconnected', 'leave', 'left'],
    ['left', 'drop', 'left'],
    ['left', 'resume', 'left'],
    ['left', 'grace_expired', 'left'],
    ['left', 'leave', 'left'],
  ];
  it.each(table)('%s + %s → %s', (state, event, next) => {
    expect(seatEvent(state, event)).toBe(next);
  });
  it('never leaves the left state, whatever follows', () => {
    const events: SeatEvent[] = ['drop', 'resume', 'grace_expired', 'leave'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events)), (es) => {
        expect(es.reduce(seatEvent, 'left' as SeatState)).toBe('left');
      }),
    );
  });
});

describe('parseClock / formatClock', () => {
  it('reads an hh:mm:ss snapshot', () => {
    expect(parseClock('00:01:05')).toBe(65_000);
    expect(parseClock('01:00:00')).toBe(3_600_000);
    expect(parseClock('00:00:00')).toBe(0);
    expect(parseClock(' 00:00:15 ')).toBe(15_000);
    expect(parseClock('01:05')).toBe(65_000);
    expect(parseClock('61:05')).toBe(3_665_000);
  });
  it('refuses what is not a clock', () => {
    for (const s of ['', '65', '00:60', '00:01:60', '00:60:00', '1:2:3', 'aa:bb', '-00:01:05', '00:01:05.5']) {
      expect(parseClock(s)).toBeNull();
    }
  });
  it('shows mm:ss, hours folded into minutes', () => {
    expect(formatClock(65_000)).toBe('01:05');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(15_000)).toBe('00:15');
    expect(formatClock(3_665_000)).toBe('61:05');
    expect(formatClock(parseClock('00:01:05')!)).toBe('01:05');
  });
  it('counts a part second as a whole one, so 00:00 means time is up', () => {
    expect(formatClock(1)).toBe('00:01');
    expect(formatClock(999)).toBe('00:01');
    expect(formatClock(1000)).toBe('00:01');
    expect(formatClock(1001)).toBe('00:02');
    expect(formatClock(64_500)).toBe('01:05');
  });
  it('shows 00:00 for negative or senseless times', () => {
    expect(formatClock(-1)).toBe('00:00');
    expect(formatClock(-65_000)).toBe('00:00');
    expect(formatClock(NaN)).toBe('00:00');
    expect(formatClock(Infinity)).toBe('00:00');
  });
  it('reads back what it shows, to the second above', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_000_000 }), (ms) => {
        expect(parseClock(formatClock(ms))).toBe(Math.ceil(ms / 1000) * 1000);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (ms) => {
        expect(formatClock(ms)).toMatch(/^\d{2,}:[0-5]\d$/);
      }),
    );
  });
});
