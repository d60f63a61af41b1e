import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './client';
import { intArray, isoMillis, isoSeconds, jsonText } from './sql-helpers';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the shared SQL idioms', () => {
  it('write a timestamptz as UTC date-time text, to the second and to the millisecond', async () => {
    const at = sql`'2026-11-27 15:05:09.120431+02'::timestamptz`;
    const row = await t.db.one<{ s: string; ms: string; json: string }>(
      sql`SELECT ${isoSeconds(at)} AS s, ${isoMillis(at)} AS ms, ${jsonText(sql`${at} AT TIME ZONE 'UTC'`)} AS json`,
    );
    expect(row).toEqual({
      s: '2026-11-27T13:05:09Z',
      ms: '2026-11-27T13:05:09.120Z',
      json: '2026-11-27T13:05:09.120431',
    });
  });

  it('unquotes a jsonb string', async () => {
    expect(await t.db.one(sql`SELECT ${jsonText(sql`'"B"'::jsonb`)} AS a`)).toEqual({ a: 'B' });
  });

  it('sends a list of ids as one integer[] parameter, empty lists and hostile values included', async () => {
    expect(await t.db.one(sql`SELECT cardinality(${intArray([3, 1, 2])}) AS n`)).toEqual({ n: 3 });
    expect(await t.db.one(sql`SELECT cardinality(${intArray([])}) AS n`)).toEqual({ n: 0 });
    expect(await t.db.one(sql`SELECT 2 = ANY(${intArray([1, 2])}) AS hit`)).toEqual({ hit: true });
    // A non-integer never reaches the SQL text as anything but digits.
    expect(await t.db.one(sql`SELECT ${intArray([1.9, -2.5])} AS a`)).toEqual({ a: [1, -2] });
  });
});
