import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPoints, DEFAULT_BATTLE_RULES, type SpeedBonus } from '../../../core/rules/battle';
import { sql } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('battle_points (the database side of the answer hot path)', () => {
  it('scores exactly as answerPoints, on a grid of times, bonuses and round lengths', async () => {
    const cases: { correct: boolean; elapsed: number; points: number; bonuses: SpeedBonus[]; seconds: number }[] = [];
    const tables: SpeedBonus[][] = [
      [...DEFAULT_BATTLE_RULES.speed_bonuses],
      [],
      [{ within_ms: 1000, bonus: 3 }],
      [
        { within_ms: 4000, bonus: 5 },
        { within_ms: 2000, bonus: 10 },
        { within_ms: 500, bonus: 1 },
      ],
    ];
    for (const bonuses of tables)
      for (const seconds of [3, 15])
        for (const correct of [true, false])
          for (let elapsed = -250; elapsed <= seconds * 1000 + 500; elapsed += 125)
            cases.push({ correct, elapsed, points: 4, bonuses, seconds });
    const rows = await t.db.rows<{ i: number; p: number }>(sql`SELECT x.i, battle_points(x.correct, x.elapsed,
        x.points, x.bonuses, x.seconds) AS p
      FROM json_to_recordset(${JSON.stringify(cases.map((c, i) => ({ ...c, i })))}::json)
        AS x(i int, correct boolean, elapsed float8, points int, bonuses jsonb, seconds int) ORDER BY x.i`);
    expect(rows).toHaveLength(cases.length);
    const mismatches = rows.filter((r) => {
      const c = cases[r.i]!;
      return (
        r.p !==
        answerPoints(
          c.correct,
          c.elapsed,
          { ...DEFAULT_BATTLE_RULES, points_per_correct: c.points, speed_bonuses: c.bonuses },
          c.seconds,
        )
      );
    });
    expect(mismatches).toEqual([]);
    // The grid reaches every outcome.
    expect([...new Set(rows.map((r) => r.p))].sort((a, b) => a - b)).toEqual([0, 4, 7, 9, 14]);
  });
});
