import { describe, expect, it } from 'vitest';
import { battleTotals } from './battle-totals';

describe('battleTotals', () => {
  it('counts every battle as played and each by its result', () => {
    const results = ['win', 'lose', 'win', 'draw', 'win', 'lose'] as const;
    expect(battleTotals(results.map((result) => ({ result })))).toEqual({ played: 6, won: 3, lost: 2, drawn: 1 });
  });

  it('is all zeros before the first battle', () => {
    expect(battleTotals([])).toEqual({ played: 0, won: 0, lost: 0, drawn: 0 });
  });
});
