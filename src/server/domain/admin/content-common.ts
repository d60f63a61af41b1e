import { eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/pg-errors';

/** A search's ILIKE pattern (its %, _ and \ taken literally), or undefined without a search. */
export function likePattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** The condition of a status filter on `column` (all: none; active; inactive). */
export function statusIs(column: AnyPgColumn, filter: 'all' | 'active' | 'inactive'): SQL | undefined {
  if (filter === 'active') return eq(column, 1);
  if (filter === 'inactive') return ne(column, 1);
  return undefined;
}

/** A status column as the API's 0/1 flag (the table's CHECK keeps it to these). */
export function statusFlag(column: SQLWrapper): SQL<0 | 1> {
  return sql<0 | 1>`${column}::int`;
}

/** A new row's sort: the one given, else one past the highest of `table`'s rows where `siblings` holds, else 0. */
export function sortOrNext(
  given: number | undefined,
  column: AnyPgColumn,
  table: SQLWrapper,
  siblings: SQL,
): SQL<number> {
  return sql<number>`coalesce(${given ?? null}::integer, (SELECT max(${column}) + 1 FROM ${table} WHERE ${siblings}), 0)`;
}

/** A correlated `count(*)` of `table`'s rows where `condition` holds, as an integer. */
export function countOf(table: SQLWrapper, condition: SQL): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM ${table} WHERE ${condition})`;
}

/** The 404 of a row the operator named by id. */
export function notFound(field: string, what: string): never {
  throw new AppError('not_found', { field, message: `No such ${what}.` });
}

/** A 400 on one field: "field: why". */
export function badField(field: string, why: string): never {
  throw new AppError('invalid_input', { field, message: `${field}: ${why}` });
}

/** A field a new row needs. */
export function required<T>(value: T, field: string): NonNullable<T> {
  if (value === undefined || value === null) badField(field, 'is required');
  return value;
}

/** A unique-violation (23505) from PostgreSQL, as a 409 with `code` (two saves racing for one slug). */
export async function uniqueOr409<T>(
  p: Promise<T>,
  code: 'slug_taken' | 'language_code_taken',
  field: string,
): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(code, { field });
    throw e;
  }
}

/** The fields of `o` that are set. */
export function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
