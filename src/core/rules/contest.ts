/**
 * Contests: which tab a contest is on, its times as a player reads them, the points of an
 * answer, and the prizes of the final ranking (ties share), as pure functions.
 */
import { answerPoints, type SpeedBonus } from './battle';
import { zoneOffsetMinutes } from './local-time';

export type ContestStatus = 'upcoming' | 'live' | 'past';

/** Live from its start (included) to its end (excluded); the instants are absolute. */
export function contestStatus(nowMs: number, startsMs: number, endsMs: number): ContestStatus {
  if (nowMs < startsMs) return 'upcoming';
  return nowMs < endsMs ? 'live' : 'past';
}

/** `YYYY-MM-DD HH:mm` of an instant in a zone (IANA name, else a fixed offset in minutes). */
export function localDateTime(at: Date, zone: { timezone?: string; offsetMinutes?: number }): string {
  const offset = zoneOffsetMinutes(at, zone);
  return new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The contest's scoring: points per correct answer and the speed bonuses (empty: none). */
export interface ContestScoring {
  points_per_correct: number;
  speed_bonuses: readonly SpeedBonus[];
  seconds_per_question: number;
  /** Answers sooner than this (ms) after the question was served score nothing; default HUMAN_FLOOR_MS. */
  human_floor_ms?: number;
}

/**
 * The human floor when system configuration says nothing (its `human_floor_ms` is the one the
 * server uses): answers faster than this after the question was served are not scored (no
 * human reads a question that fast: DESIGN-NOTES §2).
 */
export const HUMAN_FLOOR_MS = 300;

/** Points for an answer `elapsedMs` after the server served its question. */
export function contestAnswerPoints(correct: boolean, elapsedMs: number, s: ContestScoring): number {
  if (elapsedMs < (s.human_floor_ms ?? HUMAN_FLOOR_MS)) return 0;
  return answerPoints(
    correct,
    elapsedMs,
    { points_per_correct: s.points_per_correct, speed_bonuses: s.speed_bonuses, round_seconds: s.seconds_per_question },
    s.seconds_per_question,
  );
}

/** A row of the prize table: the coins for a rank. */
export interface Prize {
  rank: number;
  coins: number;
}

export interface ContestEntry {
  userId: number;
  score: number;
  /** When the entry reached its score (epoch ms): earlier wins a rounding coin, never a rank. */
  reachedAtMs: number;
}

export interface PrizeAward {
  userId: number;
  rank: number;
  coins: number;
}

/**
 * Ranks by score (equal scores share a rank, the next rank skips: 1, 1, 3) and pays the prize
 * table. Players tied on a score share equally the prizes of the places they occupy together
 * (two tied for first with prizes 100 and 50 get 75 each); a share that does not divide into
 * whole coins is rounded down and the coins left over go one each to the tied players who
 * reached the score first, so the table is paid exactly, never more. A player with no score
 * (0 points) wins nothing. Returns every scoring player with their rank, best first.
 */
export function contestPrizes(entries: readonly ContestEntry[], table: readonly Prize[]): PrizeAward[] {
  const prizeAt = new Map<number, number>();
  for (const p of table) prizeAt.set(p.rank, (prizeAt.get(p.rank) ?? 0) + p.coins);
  const sorted = entries
    .filter((e) => e.score > 0)
    .sort((a, b) => b.score - a.score || a.reachedAtMs - b.reachedAtMs || a.userId - b.userId);
  const out: PrizeAward[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    const group = sorted.slice(i, j);
    const rank = i + 1;
    let pot = 0;
    for (let place = rank; place < rank + group.length; place++) pot += prizeAt.get(place) ?? 0;
    const each = Math.floor(pot / group.length);
    let left = pot - each * group.length;
    for (const e of group) {
      const extra = left > 0 ? 1 : 0;
      left -= extra;
      out.push({ userId: e.userId, rank, coins: each + extra });
    }
    i = j;
  }
  return out;
}

/** Reads a prize table as operators write it: ranks from 1, whole coins, each rank once. */
export function validPrizeTable(table: readonly Prize[]): boolean {
  const ranks = new Set<number>();
  for (const p of table) {
    if (!Number.isInteger(p.rank) || p.rank < 1 || !Number.isInteger(p.coins) || p.coins < 0) return false;
    if (ranks.has(p.rank)) return false;
    ranks.add(p.rank);
  }
  return true;
}
