import { CATEGORY_TYPES, type Comprehension, type PlaySession } from '../../../core/contract';
import { isLevelPlayable } from '../../../core/rules/level-progress';
import { sql, type Db, type SQL } from '../../db/client';
import { AppError } from '../../errors';
import { ACTIVE_SUBCATEGORY, assertUnlocked, categoryBySlug } from '../content';
import type { SettingsStore } from '../settings-store';
import { resumeOpenPlay, type PlayUnit, type ReplyExtra } from './resume';
import { createSession, drawQuestionIds } from './sessions';

interface Ctx {
  db: Db;
  settings: SettingsStore;
  userId: number;
  languageId: number;
}

/** The player's own open session of this play in the context's language, or null (resume=1). */
function resumeIn(c: Ctx, p: Omit<PlayUnit, 'languageId'>, extra?: ReplyExtra) {
  return resumeOpenPlay(c.db, c.settings, c.userId, { ...p, languageId: c.languageId }, extra);
}

interface SubRef {
  sub_id: number;
  category: string;
  subcategory: string;
  category_name: string;
  subcategory_name: string;
  type: number;
  premium_price: number;
  max_level: number | null;
}

const SUB_COLUMNS = sql`s.id AS sub_id, c.slug AS category, s.slug AS subcategory, c.name AS category_name,
  s.name AS subcategory_name, c.type, c.premium_price,
  (SELECT max(q.level) FROM questions q WHERE q.subcategory_id = s.id AND q.status = 1) AS max_level`;

/** Opens a level of a mode with locks (quiz zone, multi-match) the player has unlocked. */
export async function openLevel(
  c: Ctx,
  mode: 'quiz_zone' | 'multi_match',
  o: { category: string; subcategory: string; level: number; resume?: boolean },
): Promise<PlaySession> {
  const type = CATEGORY_TYPES[mode];
  const rules = await c.settings.rules(c.db);
  // One round trip for the subcategory, its levels in this language and the player's unlock.
  const ref = await c.db.one<SubRef & { unlocked: number | null }>(sql`
    SELECT ${SUB_COLUMNS},
      (SELECT p.unlocked_level FROM level_progress p WHERE p.user_id = ${c.userId} AND p.mode = ${mode}
        AND p.category = ${o.category} AND p.subcategory = ${o.subcategory}) AS unlocked
    FROM categories c JOIN subcategories s ON s.category_id = c.id
    WHERE c.language_id = ${c.languageId} AND c.type = ${type} AND c.slug = ${o.category}
      AND s.slug = ${o.subcategory} AND c.status = 1 AND s.status = 1`);
  if (!ref) throw new AppError('not_found', { field: 'subcategory', message: 'No such category or subcategory.' });
  await assertUnlocked(c.db, c.userId, { type, slug: ref.category, premium_price: ref.premium_price });
  if (o.level > (ref.max_level ?? 0)) throw new AppError('not_found', { field: 'level', message: 'No such level.' });
  if (!isLevelPlayable(o.level, ref.unlocked ?? 1)) throw new AppError('level_locked', { field: 'level' });
  const extra = { maxLevel: ref.max_level ?? 0, title: ref.subcategory_name };
  if (o.resume) {
    const open = await resumeIn(
      c,
      {
        mode,
        category: ref.category,
        subcategory: ref.subcategory,
        level: o.level,
      },
      extra,
    );
    if (open) return open;
  }
  const ids = await drawQuestionIds(
    c.db,
    sql`q.subcategory_id = ${ref.sub_id} AND q.level = ${o.level}`,
    rules.quiz_zone_questions_per_level,
  );
  return createSession(c.db, c.settings, {
    userId: c.userId,
    mode,
    languageId: c.languageId,
    questionIds: ids,
    category: ref.category,
    subcategory: ref.subcategory,
    level: o.level,
    ...extra,
    rewards: true,
  });
}

/** A subcategory of a category type by the spec's (type, type_id): a category means its first one. */
async function subcategoryRef(c: Ctx, categoryType: number, by: 'category' | 'subcategory', id: number) {
  const ref = await c.db.one<SubRef>(sql`SELECT ${SUB_COLUMNS}
    FROM categories c JOIN subcategories s ON s.category_id = c.id
    WHERE c.type = ${categoryType} AND c.status = 1 AND s.status = 1
      AND ${by === 'category' ? sql`c.id = ${id}` : sql`s.id = ${id}`}
    ORDER BY s.sort, s.id LIMIT 1`);
  if (!ref) throw new AppError('not_found', { field: 'type_id', message: 'No such category or subcategory.' });
  return ref;
}

/**
 * Opens a round of a subcategory (guess the word, audio, maths): the round asked for, else the
 * first one the player has not passed. Every round is open; each pays once.
 */
export async function openRound(
  c: Ctx,
  mode: 'guess_the_word' | 'audio' | 'maths',
  o: { type: 'category' | 'subcategory'; type_id: number; round?: number; resume?: boolean },
): Promise<PlaySession> {
  const type = CATEGORY_TYPES[mode];
  const ref = await subcategoryRef(c, type, o.type, o.type_id);
  await assertUnlocked(c.db, c.userId, { type, slug: ref.category, premium_price: ref.premium_price });
  const maxRound = ref.max_level ?? 0;
  let round = o.round;
  if (round === undefined) {
    const passed = await c.db.rows<{ level: number }>(sql`SELECT level FROM level_results
      WHERE user_id = ${c.userId} AND mode = ${mode} AND category = ${ref.category}
        AND subcategory = ${ref.subcategory} AND cleared_at IS NOT NULL`);
    const done = new Set(passed.map((p) => p.level));
    round = 1;
    while (round < maxRound && done.has(round)) round++;
  }
  if (round > maxRound) throw new AppError('not_found', { field: 'round', message: 'No such round.' });
  const extra = { maxLevel: maxRound, title: ref.subcategory_name };
  if (o.resume) {
    const open = await resumeIn(
      c,
      {
        mode,
        category: ref.category,
        subcategory: ref.subcategory,
        level: round,
      },
      extra,
    );
    if (open) return open;
  }
  const rules = await c.settings.rules(c.db);
  const ids = await drawQuestionIds(
    c.db,
    sql`q.subcategory_id = ${ref.sub_id} AND q.level = ${round}`,
    rules.quiz_zone_questions_per_level,
  );
  return createSession(c.db, c.settings, {
    userId: c.userId,
    mode,
    languageId: c.languageId,
    questionIds: ids,
    category: ref.category,
    subcategory: ref.subcategory,
    level: round,
    ...extra,
    rewards: true,
  });
}

interface ComprehensionRow extends Comprehension {
  category: string;
  subcategory: string;
  type: number;
  premium_price: number;
}

const COMPREHENSION_COLUMNS = (userId: number) => sql`t.id, t.slug, t.title, t.detail, t.video_url,
  (SELECT count(*) FROM questions q WHERE q.comprehension_id = t.id AND q.status = 1)::int AS no_of_que,
  coalesce((SELECT r.best_score FROM level_results r WHERE r.user_id = ${userId} AND r.mode = 'fun_n_learn'
    AND r.category = c.slug AND r.subcategory = t.slug AND r.level = 1), 0) AS best_score,
  EXISTS (SELECT 1 FROM level_results r WHERE r.user_id = ${userId} AND r.mode = 'fun_n_learn'
    AND r.category = c.slug AND r.subcategory = t.slug) AS played`;

/** Fun-and-learn texts of a category or subcategory, with the player's results. */
export async function listComprehensions(c: Ctx, by: 'category' | 'subcategory', id: number): Promise<Comprehension[]> {
  const rows = await c.db.rows<Comprehension & { locked: boolean }>(sql`SELECT ${COMPREHENSION_COLUMNS(c.userId)},
      (c.premium_price > 0 AND NOT EXISTS (SELECT 1 FROM premium_unlocks u WHERE u.user_id = ${c.userId}
        AND u.type = c.type AND u.slug = c.slug)) AS locked
    FROM comprehensions t JOIN categories c ON c.id = t.category_id
    LEFT JOIN subcategories s ON s.id = t.subcategory_id
    WHERE t.status = 1 AND c.status = 1 AND c.type = 2 AND (s.id IS NULL OR s.status = 1)
      AND ${by === 'category' ? sql`t.category_id = ${id}` : sql`t.subcategory_id = ${id}`}
    ORDER BY t.sort, t.id`);
  // A premium category's texts are its content: titles only until it is unlocked.
  return rows.map(({ locked, ...t }) => (locked ? { ...t, detail: '', video_url: '' } : t));
}

/** A fun-and-learn text with where it sits, as an offline pack lists it. */
export interface TextRef extends Comprehension {
  category: string;
  subcategory: string;
  category_id: number;
  subcategory_id: number;
}

/**
 * Fun-and-learn texts that have questions, in the categories given (the caller checked the
 * player may open them), in the order get_categories and get_fun_n_learn list them; at most `limit`.
 */
export async function textsOf(c: Ctx, categoryIds: readonly number[], limit: number): Promise<TextRef[]> {
  if (categoryIds.length === 0) return [];
  return c.db.rows<TextRef>(sql`SELECT ${COMPREHENSION_COLUMNS(c.userId)},
      c.slug AS category, coalesce(s.slug, '') AS subcategory, c.id AS category_id, coalesce(s.id, 0) AS subcategory_id
    FROM comprehensions t JOIN categories c ON c.id = t.category_id
    LEFT JOIN subcategories s ON s.id = t.subcategory_id
    WHERE t.status = 1 AND c.status = 1 AND (s.id IS NULL OR s.status = 1)
      AND t.category_id = ANY(${`{${categoryIds.join(',')}}`}::integer[])
      AND EXISTS (SELECT 1 FROM questions q WHERE q.comprehension_id = t.id AND q.status = 1)
    ORDER BY c.sort, c.id, t.sort, t.id LIMIT ${limit}`);
}

/** The active questions of fun-and-learn texts, by text, in the order a text's play serves them. */
export async function textQuestionIds(db: Db, textIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await db.rows<{ id: number; comprehension_id: number }>(sql`SELECT id, comprehension_id FROM questions
    WHERE comprehension_id = ANY(${`{${textIds.join(',') || '0'}}`}::integer[]) AND status = 1 ORDER BY id`);
  const out = new Map<number, number[]>(textIds.map((id) => [id, []]));
  for (const r of rows) out.get(r.comprehension_id)?.push(r.id);
  return out;
}

/** Opens the questions of a fun-and-learn text. */
export async function openComprehension(c: Ctx, id: number, o: { resume?: boolean } = {}): Promise<PlaySession> {
  const t = await c.db.one<ComprehensionRow>(sql`SELECT ${COMPREHENSION_COLUMNS(c.userId)},
      c.slug AS category, coalesce(s.slug, '') AS subcategory, c.type, c.premium_price
    FROM comprehensions t JOIN categories c ON c.id = t.category_id
    LEFT JOIN subcategories s ON s.id = t.subcategory_id
    WHERE t.id = ${id} AND t.status = 1 AND c.status = 1 AND (s.id IS NULL OR s.status = 1)`);
  if (!t) throw new AppError('not_found', { field: 'fun_n_learn_id', message: 'No such text.' });
  await assertUnlocked(c.db, c.userId, { type: t.type, slug: t.category, premium_price: t.premium_price });
  const { category, subcategory, type: _t, premium_price: _p, ...comprehension } = t;
  if (o.resume) {
    const open = await resumeIn(
      c,
      {
        mode: 'fun_n_learn',
        category,
        subcategory,
        level: 1,
        unit: t.slug,
      },
      { title: t.title, comprehension },
    );
    if (open) return open;
  }
  const ids = (await textQuestionIds(c.db, [id])).get(id) ?? [];
  return createSession(c.db, c.settings, {
    userId: c.userId,
    mode: 'fun_n_learn',
    languageId: c.languageId,
    questionIds: ids,
    category,
    subcategory,
    level: 1,
    unit: t.slug,
    title: t.title,
    comprehension,
    rewards: true,
  });
}

/**
 * Quiz-zone questions a player may draw from in a language: active categories and
 * subcategories, premium ones only when unlocked (userId 0: none), no fun-and-learn texts.
 * The (few) category and disabled-subcategory ids are read first, so the draw itself is a plain
 * filter the planner can walk in shuffle order.
 */
export async function openPool(db: Db, userId: number, languageId: number): Promise<SQL> {
  const cats = await db.rows<{ id: number }>(sql`SELECT c.id FROM categories c
    WHERE c.language_id = ${languageId} AND c.status = 1 AND c.type = 1
      AND (c.premium_price = 0 OR EXISTS (SELECT 1 FROM premium_unlocks u
        WHERE u.user_id = ${userId} AND u.type = 1 AND u.slug = c.slug))`);
  const off = await db.rows<{ id: number }>(sql`SELECT s.id FROM subcategories s
    JOIN categories c ON c.id = s.category_id WHERE c.language_id = ${languageId} AND s.status <> 1`);
  const ids = (rows: { id: number }[]) => `{${rows.map((r) => r.id).join(',')}}`;
  return sql`q.language_id = ${languageId} AND q.comprehension_id IS NULL
    AND q.category_id = ANY(${ids(cats)}::integer[])
    ${off.length ? sql`AND (q.subcategory_id IS NULL OR q.subcategory_id <> ALL(${ids(off)}::integer[]))` : sql``}`;
}

/** Ten true/false questions; they pay for the first few plays of a day. */
export async function openTrueFalse(c: Ctx, o: { resume?: boolean } = {}): Promise<PlaySession> {
  if (o.resume) {
    const open = await resumeIn(c, {
      mode: 'true_false',
    });
    if (open) return open;
  }
  const rules = await c.settings.rules(c.db);
  const done = await c.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM play_sessions
    WHERE user_id = ${c.userId} AND mode = 'true_false' AND rewards AND finished_at >= date_trunc('day', now())`);
  const ids = await drawQuestionIds(
    c.db,
    sql`q.type = 'true_false' AND ${await openPool(c.db, c.userId, c.languageId)}`,
    rules.true_false_questions,
  );
  return createSession(c.db, c.settings, {
    userId: c.userId,
    mode: 'true_false',
    languageId: c.languageId,
    questionIds: ids,
    rewards: done!.n < rules.true_false_rewarded_per_day,
  });
}

/** A self challenge: the player's category, number of questions and minutes; statistics only. */
export async function openSelfChallenge(
  c: Ctx,
  o: { category_slug: string; subcategory_slug?: string; limit?: number; minutes?: number },
): Promise<PlaySession> {
  const rules = await c.settings.rules(c.db);
  if (o.limit === undefined || o.limit > rules.self_challenge_max_questions)
    throw new AppError('select_questions', { field: 'limit' });
  if (o.minutes === undefined || o.minutes > rules.self_challenge_max_minutes)
    throw new AppError('select_timer', { field: 'minutes' });
  const cat = await categoryBySlug(c.db, c.languageId, o.category_slug, 1);
  await assertUnlocked(c.db, c.userId, cat);
  let where = sql`q.category_id = ${cat.id} AND q.comprehension_id IS NULL AND ${ACTIVE_SUBCATEGORY}`;
  let subcategory = '';
  if (o.subcategory_slug) {
    const sub = await c.db.one<{ id: number; slug: string }>(sql`SELECT id, slug FROM subcategories
      WHERE category_id = ${cat.id} AND slug = ${o.subcategory_slug} AND status = 1`);
    if (!sub) throw new AppError('not_found', { field: 'subcategory_slug', message: 'No such subcategory.' });
    where = sql`q.subcategory_id = ${sub.id}`;
    subcategory = sub.slug;
  }
  const ids = await drawQuestionIds(c.db, where, o.limit);
  return createSession(c.db, c.settings, {
    userId: c.userId,
    mode: 'self_challenge',
    languageId: c.languageId,
    questionIds: ids,
    category: cat.slug,
    subcategory,
    title: cat.name,
    totalSeconds: o.minutes * 60,
    rewards: false,
  });
}

/** The player's bookmarked questions (of a mode), to play again without rewards. */
export async function openBookmarks(c: Ctx, o: { type?: number; limit?: number }): Promise<PlaySession> {
  const rows = await c.db.rows<{ id: number }>(sql`SELECT q.id FROM bookmarks b
    JOIN questions q ON q.id = b.question_id JOIN categories c ON c.id = q.category_id
    WHERE b.user_id = ${c.userId} AND q.status = 1 ${o.type ? sql`AND c.type = ${o.type}` : sql``}
    ORDER BY b.created_at DESC LIMIT ${o.limit ?? 50}`);
  if (rows.length === 0) throw new AppError('not_found', { field: 'type', message: 'No bookmarked questions yet.' });
  return createSession(c.db, c.settings, {
    userId: c.userId,
    mode: 'bookmark',
    languageId: c.languageId,
    questionIds: rows.map((r) => r.id),
    rewards: false,
  });
}
