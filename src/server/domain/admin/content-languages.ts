import { and, asc, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { AdminLanguage } from '../../../core/contract';
import type { Db } from '../../db/client';
import { categories, languages, questions } from '../../db/schema';
import { AppError } from '../../errors';
import { countOf, defined, likePattern, notFound, required, statusFlag, statusIs, uniqueOr409 } from './content-common';

const columns = {
  id: languages.id,
  code: languages.code,
  name: languages.name,
  rtl: languages.rtl,
  is_default: languages.is_default,
  status: statusFlag(languages.status),
  categories: countOf(categories, eq(categories.language_id, languages.id)),
  questions: countOf(questions, eq(questions.language_id, languages.id)),
};

export interface LanguageQuery {
  search?: string;
  status: 'all' | 'active' | 'inactive';
  offset: number;
  limit: number;
}

/** Content languages, the default first, a page of them and how many. */
export async function listLanguages(db: Db, q: LanguageQuery): Promise<{ rows: AdminLanguage[]; total: number }> {
  const like = likePattern(q.search);
  const where = and(
    like ? or(ilike(languages.name, like), ilike(languages.code, like)) : undefined,
    statusIs(languages.status, q.status),
  );
  const rows = await db.orm
    .select(columns)
    .from(languages)
    .where(where)
    .orderBy(desc(languages.is_default), asc(languages.id))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(languages).where(where);
  return { rows, total: n!.n };
}

/** One content language, or a 404 on `field`. */
export async function adminLanguage(db: Db, id: number, field = 'id'): Promise<AdminLanguage> {
  const [l] = await db.orm.select(columns).from(languages).where(eq(languages.id, id));
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
  const all = await db.orm
    .select({ id: languages.id, is_default: languages.is_default })
    .from(languages)
    .orderBy(asc(languages.id))
    .for('update');
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
  const [taken] = await db.orm
    .select({ id: languages.id })
    .from(languages)
    .where(and(eq(languages.code, next.code), ne(languages.id, input.id ?? 0)));
  if (taken) throw new AppError('language_code_taken', { field: 'code' });
  if (next.is_default)
    await db.orm
      .update(languages)
      .set({ is_default: false })
      .where(and(eq(languages.is_default, true), ne(languages.id, input.id ?? 0)));
  const id = await uniqueOr409(
    before
      ? db.orm
          .update(languages)
          .set(next)
          .where(eq(languages.id, before.id))
          .then(() => before.id)
      : db.orm
          .insert(languages)
          .values(next)
          .returning({ id: languages.id })
          .then(([r]) => r!.id),
    'language_code_taken',
    'code',
  );
  return { before, after: await adminLanguage(db, id) };
}
