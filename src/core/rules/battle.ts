/**
 * Live battles: random 1v1, play with a friend, against the bot, and group battles of up to
 * four players. Scoring, standings, settlement of the pot, the bot's answers, a seat's
 * reconnect states and the countdown clock, as pure functions. Money is whole coins throughout.
 */

/** A speed bonus: `bonus` extra points when the answer came within `within_ms` of the round's opening. */
export interface SpeedBonus {
  within_ms: number;
  bonus: number;
}

/** The battle constants. Operators edit them in system configuration; these are the defaults. */
export interface BattleRules {
  /** Points for each correct answer: the solo modes' `score_per_correct` under the battles' name. */
  points_per_correct: number;
  /** Speed bonuses; an answer earns the largest one whose window it made (none when late). */
  speed_bonuses: readonly SpeedBonus[];
  /** Seconds a round (one question) lasts unless the question sets its own. */
  round_seconds: number;
  /** Coins each player stakes on a random 1v1 battle. */
  random_battle_entry_fee: number;
  /** Questions in a random battle. */
  random_battle_questions: number;
  /** Seconds of matchmaking before the bot is offered instead. */
  search_seconds: number;
  /** Seconds a dropped player has to come back before the seat counts as left. */
  reconnect_grace_seconds: number;
  /** Probability (0..1) that the bot answers a question correctly. */
  bot_accuracy: number;
  /** The bot answers after a time drawn uniformly from this range, in milliseconds. */
  bot_min_answer_ms: number;
  bot_max_answer_ms: number;
  /** Seats in a group battle. */
  group_battle_min_players: number;
  group_battle_max_players: number;
}

export const DEFAULT_BATTLE_RULES: BattleRules = {
  points_per_correct: 4,
  speed_bonuses: [
    { within_ms: 2000, bonus: 10 },
    { within_ms: 4000, bonus: 5 },
  ],
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
};

/**
 * Points for one answer, `elapsedMs` after the round opened: nothing when wrong, when the time
 * is negative or not a number, or when late (more than the round's length; exactly the length
 * still counts). Otherwise the points for a correct answer plus the best speed bonus whose
 * window (`elapsedMs <= within_ms`, boundary included) the answer made.
 */
export function answerPoints(
  correct: boolean,
  elapsedMs: number,
  r: Pick<BattleRules, 'points_per_correct' | 'speed_bonuses' | 'round_seconds'>,
  roundSeconds: number = r.round_seconds,
): number {
  if (!correct || Number.isNaN(elapsedMs) || elapsedMs < 0 || elapsedMs > roundSeconds * 1000) return 0;
  const bonus = Math.max(0, ...r.speed_bonuses.filter((b) => elapsedMs <= b.within_ms).map((b) => b.bonus));
  return r.points_per_correct + bonus;
}

/** A player's tally in a battle. `joinedAt` is when they took the seat (epoch ms or any order). */
export interface BattlePlayer {
  id: number;
  points: number;
  correct: number;
  joinedAt: number;
  /** Left the battle (or lost the seat after the reconnect grace). */
  left: boolean;
}

export type Standing<P extends BattlePlayer = BattlePlayer> = P & { rank: number };

/** Orders two players: those still in first, then more points, then more correct answers. */
function compareTally(a: BattlePlayer, b: BattlePlayer): number {
  return Number(a.left) - Number(b.left) || b.points - a.points || b.correct - a.correct;
}

/** Earliest seat first; the id settles equal times so the order never depends on the input's. */
function compareSeat(a: BattlePlayer, b: BattlePlayer): number {
  return a.joinedAt - b.joinedAt || a.id - b.id;
}

/**
 * Ranks (1 = best) by points, then correct answers. Players who left rank after everyone still
 * in, whatever their points. Equal points and correct answers share a rank, and the next rank
 * skips the shared places (1, 1, 3). Returned best first; equal ranks by earliest seat.
 */
export function standings<P extends BattlePlayer>(players: readonly P[]): Standing<P>[] {
  const sorted = [...players].sort((a, b) => compareTally(a, b) || compareSeat(a, b));
  let rank = 0;
  return sorted.map((p, i) => {
    if (i === 0 || compareTally(sorted[i - 1]!, p) !== 0) rank = i + 1;
    return { ...p, rank };
  });
}

export type BattleResult = 'win' | 'lose' | 'draw';

export interface BattleSettlement {
  id: number;
  rank: number;
  result: BattleResult;
  /** Coins credited to the player at settlement (their stake was taken at entry). */
  payout: number;
}

export interface BattleOutcome {
  /** Coins staked: the fee times the paying players; 0 against the bot. */
  pot: number;
  /** One entry per player, in standings order. */
  players: BattleSettlement[];
}

/**
 * Settles a battle. Every human player stakes `fee` (default: the random-battle entry fee), so
 * the pot is fee × players; against the bot nothing is staked, the pot is 0 and nobody is paid,
 * but results follow the same ranking.
 *
 * - Players who left `lose` and get nothing: their stakes stay in the pot for those who stayed.
 * - Nobody left and all share rank 1 (everyone tied): a `draw`, each gets their own fee back.
 * - Everybody left: a `draw`, each gets their own fee back.
 * - Otherwise the players sharing rank 1 among those still in `win` (the last one in wins the
 *   whole pot) and split it by whole coins; the remainder goes one coin each to the winners who
 *   took their seat earliest. Payouts always add up to the pot exactly.
 *
 * A fee that is negative or not a number counts as 0; fractions are dropped.
 */
export function battleOutcome(
  players: readonly BattlePlayer[],
  r: Pick<BattleRules, 'random_battle_entry_fee'>,
  o: { fee?: number; vsBot: boolean },
): BattleOutcome {
  const rawFee = o.fee ?? r.random_battle_entry_fee;
  const fee = Number.isFinite(rawFee) && rawFee > 0 ? Math.floor(rawFee) : 0;
  const ranked = standings(players);
  const stayers = ranked.filter((p) => !p.left);
  const winners = stayers.filter((p) => p.rank === 1);
  const everyoneTied = stayers.length === ranked.length && winners.length === stayers.length;

  if (stayers.length === 0 || everyoneTied) {
    const payout = o.vsBot ? 0 : fee;
    return {
      pot: o.vsBot ? 0 : fee * ranked.length,
      players: ranked.map((p) => ({ id: p.id, rank: p.rank, result: 'draw', payout })),
    };
  }

  const pot = o.vsBot ? 0 : fee * ranked.length;
  const share = Math.floor(pot / winners.length);
  const extra = pot - share * winners.length;
  const bonusIds = new Set(
    [...winners]
      .sort(compareSeat)
      .slice(0, extra)
      .map((p) => p.id),
  );
  return {
    pot,
    players: ranked.map((p) => {
      const won = !p.left && p.rank === 1;
      return {
        id: p.id,
        rank: p.rank,
        result: won ? 'win' : 'lose',
        payout: won ? share + (bonusIds.has(p.id) ? 1 : 0) : 0,
      };
    }),
  };
}

/**
 * The bot's answer to a choice question: the right option with probability `bot_accuracy`,
 * else one of the wrong options at random (the right one when there is no wrong one), after a
 * whole number of milliseconds drawn uniformly from the answer-time range.
 * `rng` returns [0, 1) like Math.random; it is called for the accuracy, then (when wrong) for
 * the option, then for the time.
 */
export function botAnswer(
  rng: () => number,
  question: { optionIds: readonly string[]; answer: string },
  r: Pick<BattleRules, 'bot_accuracy' | 'bot_min_answer_ms' | 'bot_max_answer_ms'>,
): { answer: string; elapsedMs: number } {
  let answer = question.answer;
  if (rng() >= r.bot_accuracy) {
    const wrong = question.optionIds.filter((id) => id !== question.answer);
    if (wrong.length > 0) answer = wrong[Math.min(wrong.length - 1, Math.floor(rng() * wrong.length))]!;
  }
  const min = Math.min(r.bot_min_answer_ms, r.bot_max_answer_ms);
  const max = Math.max(r.bot_min_answer_ms, r.bot_max_answer_ms);
  const elapsedMs = Math.min(max, min + Math.floor(rng() * (max - min + 1)));
  return { answer, elapsedMs };
}

/** A seat in a live battle. */
export type SeatState = 'connected' | 'disconnected' | 'left';
export type SeatEvent = 'drop' | 'resume' | 'grace_expired' | 'leave';

/**
 * A seat's next state. A dropped connection waits the reconnect grace: `resume` brings it back,
 * `grace_expired` turns it into `left`. `leave` leaves from any state, and `left` is final.
 * An event that does not apply (resume while connected, a stale grace expiry) changes nothing.
 */
export function seatEvent(state: SeatState, event: SeatEvent): SeatState {
  if (state === 'left' || event === 'leave') return 'left';
  switch (event) {
    case 'drop':
      return 'disconnected';
    case 'resume':
      return 'connected';
    case 'grace_expired':
      return state === 'disconnected' ? 'left' : state;
  }
}

/**
 * Milliseconds in an `hh:mm:ss` (or `mm:ss`) clock, as the server's countdown snapshot is
 * written, or null when it is not one. With hours, minutes are below 60; seconds always are.
 */
export function parseClock(s: string): number | null {
  const m = /^(?:(\d+):)?(\d+):(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const hours = Number(m[1] ?? 0);
  const minutes = Number(m[2]);
  const seconds = Number(m[3]);
  if (seconds >= 60 || (m[1] !== undefined && minutes >= 60)) return null;
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/**
 * Remaining time as the two-player countdown shows it, `mm:ss`, with hours folded into the
 * minutes (`61:05`). A part second counts as a whole one, so the clock reads 00:00 only when
 * time is up; negative, infinite or not-a-number time reads 00:00.
 */
export function formatClock(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
