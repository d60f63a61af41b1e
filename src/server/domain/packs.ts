import { createHash } from 'node:crypto';
import {
  CATEGORY_TYPES,
  PACK_KINDS,
  type BookmarksPack,
  type DailyPackDay,
  type DailyQuizPack,
  type FunAndLearnPack,
  type Pack,
  type PackKind,
  type PackText,
  type PlayQuestion,
  type SoloMode,
  type Subcategory,
} from '../../core/contract';
import { PACK_MAX_BOOKMARKS, PACK_MAX_TEXTS } from '../../core/contract/packs';
import { dailyPackDates } from '../../core/rules/daily-pack-days';
import { modeRule } from '../../core/rules/solo-modes';
import { and, eq } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { packServes, packVersions } from '../db/schema';
import { listCategories, listSubcategories } from './content';
import { listBookmarks } from './library';
import { dailyDatesTaken, dailyQuestions, dbNow } from './play/daily';
import { textQuestionIds, textsOf } from './play/openers';
import { sealQuestion } from './play/seal';
import { answerKeyOf, loadPlayQuestions } from './play/sessions';
import type { SettingsStore } from './settings-store';

/**
 * Offline question packs (ARCHITECTURE §7): each kind built for a player and a language from the
 * same queries the online screens use, with the answer key of every version served kept in
 * pack_versions for submit_pack_play to grade against. Fun and learn and bookmarks carry their
 * answers; the daily quiz, which pays coins, carries none (issue 21 §3).
 *
 * A pack's `version` (its ETag) is two hashes: the first KEY_CHARS characters hash what grading
 * needs (the units and the answer key: the pack_versions row, shared by every player whose pack
 * has the same questions), the rest hashes the whole pack (the player's results and bookmark
 * flags too), so the ETag changes whenever anything the device shows does.
 */
export interface PackCtx {
  db: Db;
  settings: SettingsStore;
  userId: number;
  languageId: number;
  /** When the pack is made (the app's clock, a test's own in tests); the database's clock when absent. */
  now?: Date;
}

/** A unit of a pack a play is made of: its questions and, for a text, where its rewards go. */
export interface PackUnit {
  ids: number[];
  category?: string;
  subcategory?: string;
  slug?: string;
}

/** What grading a version's plays needs, as pack_versions keeps it. */
export interface PackKey {
  units: Record<string, PackUnit>;
  answer_key: Record<string, string>;
  question_types: Record<string, string>;
}

const KEY_CHARS = 22;
const OWN_CHARS = 11;

type BaseField = 'kind' | 'version' | 'language_id' | 'generated_at' | 'media' | 'seconds_per_question';

interface Draft<P extends Pack> {
  mode: SoloMode;
  /** 0 when the key is everyone's who gets these questions, else the player's id. */
  scope: number;
  key: PackKey;
  media: string[];
  content: Omit<P, BaseField>;
}

const digest = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('base64url');

/** The active ones of `ids`, their answer key and their questions (shuffled the same way every time). */
async function withAnswers(c: PackCtx, ids: number[]) {
  const { ids: live, key } = await answerKeyOf(c.db, ids);
  const questions = await loadPlayQuestions(c.db, c.userId, live, { repeatable: true });
  return {
    live: new Set(live),
    key: { answer_key: key.answers, question_types: key.types },
    questions: new Map(questions.map((q) => [q.id, q])),
  };
}

const questionMedia = (qs: Iterable<PlayQuestion>) => [...qs].flatMap((q) => [q.image, q.audio]);

/** Fun and learn: categories the player may open (premium ones only once unlocked) and their texts. */
async function funAndLearn(c: PackCtx): Promise<Draft<FunAndLearnPack>> {
  const categories = (await listCategories(c.db, c.languageId, CATEGORY_TYPES.fun_n_learn, c.userId)).filter(
    (x) => x.has_unlocked,
  );
  const subcategories: Subcategory[] = [];
  for (const x of categories) subcategories.push(...(await listSubcategories(c.db, x.id)));
  const refs = await textsOf(
    c,
    categories.map((x) => x.id),
    PACK_MAX_TEXTS,
  );
  const byText = await textQuestionIds(
    c.db,
    refs.map((t) => t.id),
  );
  const { live, key, questions } = await withAnswers(c, [...byText.values()].flat());
  const units: Record<string, PackUnit> = {};
  const texts: PackText[] = [];
  for (const t of refs) {
    const ids = (byText.get(t.id) ?? []).filter((id) => live.has(id));
    if (ids.length === 0) continue;
    units[t.id] = { ids, category: t.category, subcategory: t.subcategory, slug: t.slug };
    texts.push({ ...t, questions: ids.map((id) => questions.get(id)!) });
  }
  return {
    mode: 'fun_n_learn',
    // Unlocked premium texts are this player's: no one else may post a play of them.
    scope: categories.some((x) => x.is_premium) ? c.userId : 0,
    key: { units, ...key },
    media: [
      ...categories.map((x) => x.image),
      ...subcategories.map((x) => x.image),
      ...questionMedia(questions.values()),
    ],
    content: { categories, subcategories, texts },
  };
}

/**
 * The daily quiz of each day some zone has already reached (dailyPackDates: the UTC day before,
 * the UTC day, and the next one from 10:00 UTC), sealed: the daily quiz pays coins, so no answer
 * or explanation is on the device before the server has graded the play (submit_pack_play, with
 * the key pack_versions keeps). A day not yet begun anywhere is not in the pack at all.
 */
async function dailyQuiz(c: PackCtx): Promise<Draft<DailyQuizPack>> {
  const drawn = new Map<string, number[]>();
  for (const date of dailyPackDates(c.now ?? (await dbNow(c.db))))
    drawn.set(date, await dailyQuestions(c.db, c.settings, c.languageId, date));
  const { live, key, questions } = await withAnswers(c, [...drawn.values()].flat());
  const units: Record<string, PackUnit> = {};
  const days: DailyPackDay[] = [];
  for (const [date, drawnIds] of drawn) {
    const ids = [...new Set(drawnIds)].filter((id) => live.has(id));
    if (ids.length === 0) continue;
    units[date] = { ids };
    days.push({ date, questions: ids.map((id) => sealQuestion(questions.get(id)!)) });
  }
  return {
    mode: 'daily_quiz',
    scope: 0,
    key: { units, ...key },
    media: questionMedia(questions.values()),
    content: { days, played: await dailyDatesTaken(c.db, c.userId) },
  };
}

/** The player's newest bookmarks, every mode. */
async function bookmarks(c: PackCtx): Promise<Draft<BookmarksPack>> {
  const listed = await listBookmarks(c.db, c.userId, undefined, { limit: PACK_MAX_BOOKMARKS, repeatable: true });
  const { ids, key } = await answerKeyOf(
    c.db,
    listed.map((b) => b.question_id),
  );
  const live = new Set(ids);
  const kept = listed.filter((b) => live.has(b.question_id));
  const units: Record<string, PackUnit> = { all: { ids: kept.map((b) => b.question_id) } };
  for (const b of kept) (units[String(b.type)] ??= { ids: [] }).ids.push(b.question_id);
  return {
    mode: 'bookmark',
    scope: c.userId,
    key: { units, answer_key: key.answers, question_types: key.types },
    media: questionMedia(kept.map((b) => b.question)),
    content: { bookmarks: kept },
  };
}

/** Same-origin paths (`/media/...`, `/images/...`; not `//host/...` or other sites), each once, sorted. */
function sameOriginPaths(paths: readonly string[]): string[] {
  return [...new Set(paths.filter((p) => /^\/(?![/\\])/.test(p)))].sort();
}

/**
 * Keeps the answer key of a version served. A version already kept is only marked as served
 * again, at most once a day (housekeeping forgets versions no one has been served for 60 days).
 */
async function keepVersion(c: PackCtx, kind: PackKind, scope: number, keyHash: string, key: PackKey) {
  const v = packVersions;
  const [kept] = await c.db.orm
    .select({ fresh: sql<boolean>`${v.served_at} > now() - interval '1 day'` })
    .from(v)
    .where(and(eq(v.kind, kind), eq(v.scope_user_id, scope), eq(v.language_id, c.languageId), eq(v.key_hash, keyHash)));
  if (kept?.fresh) return;
  const insert = sql`INSERT INTO pack_versions
      (kind, scope_user_id, language_id, key_hash, units, answer_key, question_types)
    VALUES (${kind}, ${scope}, ${c.languageId}, ${keyHash}, ${JSON.stringify(key.units)}::jsonb,
      ${JSON.stringify(key.answer_key)}::jsonb, ${JSON.stringify(key.question_types)}::jsonb)
    ON CONFLICT (kind, scope_user_id, language_id, key_hash) DO UPDATE SET served_at = now()`;
  await c.db.run(insert);
}

/** Notes the first time a player was served a version's questions (the plausibility check's start). */
async function recordServe(db: Db, userId: number, kind: PackKind, languageId: number, keyHash: string) {
  if (userId <= 0) return;
  await db.run(sql`INSERT INTO pack_serves (user_id, kind, language_id, key_hash)
    VALUES (${userId}, ${kind}, ${languageId}, ${keyHash}) ON CONFLICT DO NOTHING`);
}

/**
 * Milliseconds since the player was first served a version; a version never recorded as served
 * to them is recorded now (0: nothing of it can have been read yet).
 */
export async function msSinceServed(
  db: Db,
  userId: number,
  kind: PackKind,
  languageId: number,
  version: string,
): Promise<number> {
  const keyHash = version.slice(0, KEY_CHARS);
  await recordServe(db, userId, kind, languageId, keyHash);
  const s = packServes;
  const [r] = await db.orm
    .select({ ms: sql<number>`(extract(epoch FROM now() - ${s.served_at}) * 1000)::float8` })
    .from(s)
    .where(and(eq(s.user_id, userId), eq(s.kind, kind), eq(s.language_id, languageId), eq(s.key_hash, keyHash)));
  return r?.ms ?? 0;
}

async function finish<P extends Pack>(c: PackCtx, kind: P['kind'], d: Draft<P>): Promise<P> {
  const rules = await c.settings.rules(c.db);
  const body = {
    kind,
    language_id: c.languageId,
    media: sameOriginPaths(d.media),
    seconds_per_question: modeRule(d.mode, rules).seconds,
    ...d.content,
  };
  const keyHash = digest(d.key).slice(0, KEY_CHARS);
  await keepVersion(c, kind, d.scope, keyHash, d.key);
  await recordServe(c.db, c.userId, kind, c.languageId, keyHash);
  const { kind: _k, language_id: _l, ...rest } = body;
  const version = keyHash + digest(body).slice(0, OWN_CHARS);
  return { kind, version, language_id: c.languageId, generated_at: new Date().toISOString(), ...rest } as unknown as P;
}

/** A player's pack of a kind in a language, its version's answer key kept for grading. */
export async function buildPack(c: PackCtx, kind: PackKind): Promise<Pack> {
  switch (kind) {
    case 'fun-and-learn':
      return finish(c, kind, await funAndLearn(c));
    case 'daily-quiz':
      return finish(c, kind, await dailyQuiz(c));
    case 'bookmarks':
      return finish(c, kind, await bookmarks(c));
  }
}

/**
 * The answer key of a pack version a player was served, or undefined when it is unknown or was
 * forgotten (or is another player's own).
 */
export async function findPackVersion(
  db: Db,
  kind: PackKind,
  userId: number,
  languageId: number,
  version: string,
): Promise<PackKey | undefined> {
  if (version.length !== KEY_CHARS + OWN_CHARS) return undefined;
  const v = packVersions;
  const [key] = await db.orm
    .select({
      // As the driver parsed them: the row keeps what `keepVersion` stored from a PackKey.
      units: sql<PackKey['units']>`${v.units}`,
      answer_key: sql<PackKey['answer_key']>`${v.answer_key}`,
      question_types: sql<PackKey['question_types']>`${v.question_types}`,
    })
    .from(v)
    .where(
      and(
        eq(v.kind, kind),
        eq(v.language_id, languageId),
        eq(v.key_hash, version.slice(0, KEY_CHARS)),
        sql`${v.scope_user_id} IN (0, ${userId})`,
      ),
    )
    .limit(1);
  return key;
}

/** Bytes of JSON of each of a player's packs in a language (benchmarks report pack sizes with it). */
export async function packSizes(c: PackCtx): Promise<Record<PackKind, number>> {
  const out: Partial<Record<PackKind, number>> = {};
  for (const kind of PACK_KINDS) out[kind] = Buffer.byteLength(JSON.stringify(await buildPack(c, kind)));
  return out as Record<PackKind, number>;
}
