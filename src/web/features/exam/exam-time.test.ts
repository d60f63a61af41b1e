import { describe, expect, it } from 'vitest';
import { examTimeNotice } from './exam-time';

describe("the exam clock's notices for screen readers", () => {
  it('says nothing before the last minute, then 60 through the last minute, then 10, then nothing at zero', () => {
    expect([3600, 61, 60, 59, 11, 10, 3, 1, 0, -1].map(examTimeNotice)).toEqual([
      null,
      null,
      60,
      60,
      60,
      10,
      10,
      10,
      null,
      null,
    ]);
  });

  it('changes its notice only twice over a whole exam, so each is said once', () => {
    const said = new Set<number>();
    let last: number | null = null;
    for (let s = 600; s >= 0; s--) {
      const n = examTimeNotice(s);
      if (n !== last && n !== null) said.add(n);
      last = n;
    }
    expect([...said]).toEqual([60, 10]);
  });
});
