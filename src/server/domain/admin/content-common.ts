import { sql, type SQL } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/pg-errors';

/** A search's ILIKE pattern (its %, _ and \ taken literally), or undefined without a search. */
export function likePattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** The condition of a status filter on `column` (all, active, inactive). */
export function statusCondition(column: SQL, filter: 'all' | 'active' | 'inactive'): SQL {
  if (filter === 'active') return sql`AND ${column} = 1`;
  if (filter === 'inactive') return sql`AND ${column} <> 1`;
  return sql``;
}

/** An integer[] literal for `= ANY(...)` (drizzle spreads a JS array into parameters). */
export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

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
