import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/client';
import { intArray } from '../../db/sql-helpers';
import { buildTestApp, type TestApp } from '../../test-support/test-app';
import { drawnLevelRows, drawnQuestionRows, drawQuestionIds } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A subcategory's level with active questions in the demo content, and its active ids by shuffle order. */
async function aLevel() {
  const row = await t.db.one<{ sub: number; level: number; ids: number[] }>(sql`SELECT subcategory_id AS sub, level,
      array_agg(id ORDER BY shuffle_key) AS ids
    FROM questions WHERE status = 1 AND subcategory_id IS NOT NULL
    GROUP BY subcategory_id, level HAVING count(*) >= 4 ORDER BY count(*) DESC LIMIT 1`);
  return row!;
}

const where = (l: { sub: number; level: number }) => sql`q.subcategory_id = ${l.sub} AND q.level = ${l.level}`;

describe('the draw of random questions', () => {
  it('reads the same questions as the id draw for every start, wrapping around the shuffle order', async () => {
    const l = await aLevel();
    const keys = (
      await t.db.rows<{ shuffle_key: number }>(
        sql`SELECT shuffle_key FROM questions WHERE id = ANY(${intArray(l.ids)}) ORDER BY shuffle_key`,
      )
    ).map((r) => r.shuffle_key);
    const limit = Math.min(3, l.ids.length - 1);
    // Starts before, between and after the pool's keys: the last ones must wrap to the first.
    for (const start of [0, keys[1]!, keys.at(-1)!, 0.999999]) {
      const ids = await drawQuestionIds(t.db, where(l), limit, start);
      const rows = await drawnQuestionRows(t.db, 1, where(l), limit, start);
      expect(ids).toHaveLength(limit);
      expect(new Set(ids).size).toBe(limit);
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      // The level's draw built once reads the same, whatever the values it is run with.
      const level = await drawnLevelRows(t.db, { user_id: 1, subcategory_id: l.sub, level: l.level, limit, start });
      const byId = (xs: typeof rows) => [...xs].sort((a, b) => a.id - b.id);
      expect(byId(level)).toEqual(byId(rows));
      // The window: the first `limit` keys at or after the start, then from the beginning.
      const after = l.ids.filter((_, i) => keys[i]! >= start);
      const expected = [...after, ...l.ids.filter((_, i) => keys[i]! < start)].slice(0, limit);
      expect([...ids].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      expect(rows.every((r) => r.status === 1 && typeof r.answer === 'string')).toBe(true);
    }
  });

  it('answers every matching question once when fewer match than asked, and none when none match', async () => {
    const l = await aLevel();
    const rows = await drawnQuestionRows(t.db, 1, where(l), l.ids.length + 5, 0.5);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...l.ids].sort((a, b) => a - b));
    expect(await drawnQuestionRows(t.db, 1, sql`q.subcategory_id = ${-1}`, 10, 0.5)).toEqual([]);
  });
});
