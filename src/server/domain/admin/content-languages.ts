import type { AdminLanguage } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { defined, likePattern, notFound, required, statusCondition, uniqueOr409 } from './content-common';

const COLUMNS = sql`l.id, l.code, l.name, l.rtl, l.is_default, l.status::int AS status,
  (SELECT count(*)::int FROM categories c WHERE c.language_id = l.id) AS categories,
  (SELECT count(*)::int FROM questions q WHERE q.language_id = l.id) AS questions`;

export interface LanguageQuery {
  search?: string;
  status: 'all' | 'active' | 'inactive';
  offset: number;
  limit: number;
}

/** Content languages, the default first, a page of them and how many. */
export async function listLanguages(db: Db, q: LanguageQuery): Promise<{ rows: AdminLanguage[]; total: number }> {
  const like = likePattern(q.search);
  const where = sql`WHERE TRUE ${like ? sql`AND (l.name ILIKE ${like} OR l.code ILIKE ${like})` : sql``}
    ${statusCondition(sql`l.status`, q.status)}`;
  const rows = await db.rows<AdminLanguage>(sql`SELECT ${COLUMNS} FROM languages l ${where}
    ORDER BY l.is_default DESC, l.id LIMIT ${q.limit} OFFSET ${q.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM languages l ${where}`);
  return { rows, total: n!.n };
}

/** One content language, or a 404 on `field`. */
export async function adminLanguage(db: Db, id: number, field = 'id'): Promise<AdminLanguage> {
  const l = await db.one<AdminLanguage>(sql`SELECT ${COLUMNS} FROM languages l WHERE l.id = ${id}`);
  return l ?? notFound(field, 'language');
}

export interface LanguageInput {
  id?: number;
  code?: string;
  name?: string;
  rtl?: boolean;
  is_default?: boolean;
  status?: number;
}

/**
 * Creates or updates a content language. There is always exactly one default, and it is active:
 * making a language the default unmakes the previous one in the same transaction (the first
 * language made is the default); the default cannot be deactivated or unmade directly.
 */
export async function saveLanguage(
  db: Db,
  input: LanguageInput,
): Promise<{ before: AdminLanguage | null; after: AdminLanguage }> {
  // Two operators switching the default at once would each unmake the other's: one at a time.
  const all = await db.rows<{ id: number; is_default: boolean }>(sql`SELECT id, is_default FROM languages
    ORDER BY id FOR UPDATE`);
  const before = input.id ? await adminLanguage(db, input.id) : null;
  const next = {
    code: before?.code ?? required(input.code, 'code'),
    name: before?.name ?? required(input.name, 'name'),
    rtl: before?.rtl ?? false,
    status: before?.status ?? 1,
    ...defined({ code: input.code, name: input.name, rtl: input.rtl, status: input.status }),
    is_default: input.is_default ?? before?.is_default ?? !all.some((l) => l.is_default),
  };
  if (before?.is_default && !next.is_default) throw new AppError('default_language_required', { field: 'is_default' });
  if (next.is_default && next.status !== 1) throw new AppError('default_language_required', { field: 'status' });
  const taken = await db.one(sql`SELECT 1 AS one FROM languages WHERE code = ${next.code} AND id <> ${input.id ?? 0}`);
  if (taken) throw new AppError('language_code_taken', { field: 'code' });
  if (next.is_default)
    await db.run(sql`UPDATE languages SET is_default = false WHERE is_default AND id <> ${input.id ?? 0}`);
  const id = await uniqueOr409(
    before
      ? db
          .run(
            sql`UPDATE languages SET code = ${next.code}, name = ${next.name}, rtl = ${next.rtl},
            is_default = ${next.is_default}, status = ${next.status} WHERE id = ${before.id}`,
          )
          .then(() => before.id)
      : db
          .one<{ id: number }>(
            sql`INSERT INTO languages (code, name, rtl, is_default, status)
            VALUES (${next.code}, ${next.name}, ${next.rtl}, ${next.is_default}, ${next.status}) RETURNING id`,
          )
          .then((r) => r!.id),
    'language_code_taken',
    'code',
  );
  return { before, after: await adminLanguage(db, id) };
}
