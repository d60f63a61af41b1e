import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * SQL idioms the queries share, one definition each. Each takes a column of `schema.ts` or an
 * `sql` fragment, and gives back a fragment to put in a SELECT list (with `AS name`) or a WHERE.
 */

/** A timestamptz as the API's date-time text, to the second: `2026-11-27T13:05:09Z`. */
export function isoSeconds(at: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** A timestamptz as date-time text to the millisecond: `2026-11-27T13:05:09.120Z`. */
export function isoMillis(at: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A value as the text of its JSON form, unquoted: a timestamptz keeps its microseconds and
 * offset (`2026-11-27T13:05:09.120431+00:00`), a jsonb string loses its quotes.
 */
export function jsonText(value: SQLWrapper): SQL<string> {
  return sql<string>`to_json(${value}) #>> '{}'`;
}

/**
 * An integer[] parameter for `= ANY(…)`, `unnest(…)` or an integer[] column: one parameter,
 * whatever the list's length (drizzle would spread a JS array into one parameter per item, and
 * a different statement text per length).
 */
export function intArray(ids: readonly number[]): SQL<number[]> {
  return sql<number[]>`${intArrayText(ids)}::integer[]`;
}

/** intArray's one parameter: the array's text (`{1,2,3}`), for a statement built once that casts it. */
export function intArrayText(ids: readonly number[]): string {
  if (!ids.every(Number.isFinite)) throw new TypeError('intArray: every id must be a finite number');
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}
