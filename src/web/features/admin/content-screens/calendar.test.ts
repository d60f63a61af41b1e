import { describe, expect, it } from 'vitest';
import { addMonths, isMonth, monthGrid, monthRange, today, weekdayNames } from './calendar';

describe('the daily quiz calendar', () => {
  it('lays a month out in whole weeks, Monday first', () => {
    const weeks = monthGrid('2026-03'); // 1 March 2026 is a Sunday
    expect(weeks[0]![0]).toEqual({ date: '2026-02-23', day: 23, inMonth: false });
    expect(weeks[0]![6]).toEqual({ date: '2026-03-01', day: 1, inMonth: true });
    expect(weeks.at(-1)!.at(-1)).toEqual({ date: '2026-04-05', day: 5, inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
    expect(
      monthGrid('2027-02')
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(28);
  });

  it('moves between months across years and names their first and last days', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-07')).toBe(true);
  });

  it("takes today from the operator's clock and names weekdays in their language", () => {
    expect(today(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(weekdayNames('en')[0]).toBe('Mon');
  });
});
