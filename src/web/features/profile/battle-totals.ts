import type { BattleStatistic } from '../../../core/contract';

export interface BattleTotals {
  played: number;
  won: number;
  lost: number;
  drawn: number;
}

/** Played, won, lost and drawn over the battles given. */
export function battleTotals(battles: readonly Pick<BattleStatistic, 'result'>[]): BattleTotals {
  const totals = { played: battles.length, won: 0, lost: 0, drawn: 0 };
  for (const b of battles) {
    if (b.result === 'win') totals.won++;
    else if (b.result === 'lose') totals.lost++;
    else totals.drawn++;
  }
  return totals;
}
