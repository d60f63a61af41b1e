import { CATEGORY_TYPES, type Comprehension, type PlaySession } from '../../../core/contract';
import { isLevelPlayable } from '../../../core/rules/level-progress';
import type { SoloMode } from '../../../core/rules/solo-modes';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db, type SQL } from '../../db/client';
import {
  bookmarks,
  categories,
  comprehensions,
  levelResults,
  playSessions,
  questions,
  subcategories,
} from '../../db/schema';
import { prepared } from '../../db/prepared';
import { intArray } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { ACTIVE_SUBCATEGORY, assertUnlocked, categoryBySlug } from '../content';
import type { SettingsStore } from '../settings-store';
import { openPlayOf, resumeOpenPlay, resumeSession, type PlayUnit, type ReplyExtra } from './resume';
import { createDrawnSession, createSession } from './sessions';

interface Ctx {
  db: Db;
  settings: SettingsStore;
  userId: number;
  languageId: number;
}

/** The player's own open session of this play in the context's language, or null (resume=1). */
function resumeIn(ctx: Ctx, p: Omit<PlayUnit, 'languageId'>, extra?: ReplyExtra) {
  return resumeOpenPlay(ctx.db, ctx.settings, ctx.userId, { ...p, languageId: ctx.languageId }, extra);
}

// The queries below name their tables as the SQL always did (c, s, t, q), so the fragments read alike.
const c = alias(categories, 'c');
const s = alias(subcategories, 's');
const t = alias(comprehensions, 't');
const q = alias(questions, 'q');

/** A subcategory with its category, and its highest level with active questions (null: none). */
const SUB_FIELDS = {
  sub_id: s.id,
  category: c.slug,
  subcategory: s.slug,
  category_name: c.name,
  subcategory_name: s.name,
  type: c.type,
  premium_price: c.premium_price,
  max_level: sql<number | null>`(SELECT max(q.level) FROM questions q
    WHERE q.subcategory_id = ${s.id} AND q.status = 1)`,
};

/** The category and the subcategory both active. */
const ACTIVE_SUBS = sql`${c.status} = 1 AND ${s.status} = 1`;

/** A subcategory of a level's opening, its levels and the player's unlock (built once: every opening reads it). */
const levelRef = prepared((orm) => {
  const p = (name: string) => sql.placeholder(name);
  return orm
    .select({
      ...SUB_FIELDS,
      unlocked: sql<number | null>`(SELECT lp.unlocked_level FROM level_progress lp WHERE lp.user_id = ${p('user_id')}
        AND lp.mode = ${p('mode')} AND lp.category = ${p('category')} AND lp.subcategory = ${p('subcategory')})`,
      // The player's open session of the level, as resumeOpenPlay finds it (the opening resumes it).
      open_session: sql<string | null>`(SELECT ${playSessions.id} FROM ${playSessions}
        WHERE ${openPlayOf({
          userId: p('user_id'),
          mode: p('mode'),
          languageId: p('language_id'),
          category: p('category'),
          subcategory: p('subcategory'),
          level: p('level'),
          unit: '',
        })}
        ORDER BY ${playSessions.started_at} DESC LIMIT 1)`,
    })
    .from(c)
    .innerJoin(s, eq(s.category_id, c.id))
    .where(
      and(
        eq(c.language_id, p('language_id')),
        eq(c.type, p('type')),
        eq(c.slug, p('category')),
        eq(s.slug, p('subcategory')),
        ACTIVE_SUBS,
      ),
    );
});

/** Opens a level of a mode with locks (quiz zone, multi-match) the player has unlocked. */
export async function openLevel(
  ctx: Ctx,
  mode: 'quiz_zone' | 'multi_match',
  o: { category: string; subcategory: string; level: number; resume?: boolean },
): Promise<PlaySession> {
  const type = CATEGORY_TYPES[mode];
  // One round trip for the subcategory, its levels in this language, the player's unlock and
  // their open session of the level.
  const [ref] = await levelRef(ctx.db, {
    user_id: ctx.userId,
    mode,
    category: o.category,
    subcategory: o.subcategory,
    language_id: ctx.languageId,
    type,
    level: o.level,
  });
  if (!ref) throw new AppError('not_found', { field: 'subcategory', message: 'No such category or subcategory.' });
  await assertUnlocked(ctx.db, ctx.userId, { type, slug: ref.category, premium_price: ref.premium_price });
  if (o.level > (ref.max_level ?? 0)) throw new AppError('not_found', { field: 'level', message: 'No such level.' });
  if (!isLevelPlayable(o.level, ref.unlocked ?? 1)) throw new AppError('level_locked', { field: 'level' });
  const extra = { maxLevel: ref.max_level ?? 0, title: ref.subcategory_name };
  // The open session was found with the level: resumed by its id, not looked for again.
  const open =
    o.resume && ref.open_session && (await resumeSession(ctx.db, ctx.settings, ctx.userId, ref.open_session, extra));
  return open || resumeOrDraw(ctx, mode, ref, o.level, extra);
}

/**
 * A level (or round) of a subcategory: the player's own open session of it when `resume` asks,
 * else a new one of the level's questions drawn at random.
 */
async function resumeOrDraw(
  ctx: Ctx,
  mode: SoloMode,
  ref: { sub_id: number; category: string; subcategory: string },
  level: number,
  extra: { maxLevel: number; title: string },
  resume?: boolean,
): Promise<PlaySession> {
  const unit = { mode, category: ref.category, subcategory: ref.subcategory, level };
  if (resume) {
    const open = await resumeIn(ctx, unit, extra);
    if (open) return open;
  }
  const rules = await ctx.settings.rules(ctx.db);
  return createDrawnSession(
    ctx.db,
    ctx.settings,
    { userId: ctx.userId, languageId: ctx.languageId, ...unit, ...extra, rewards: true },
    { subcategoryId: ref.sub_id, level, limit: rules.quiz_zone_questions_per_level },
  );
}

/** A subcategory of a category type by the spec's (type, type_id): a category means its first one. */
async function subcategoryRef(ctx: Ctx, categoryType: number, by: 'category' | 'subcategory', id: number) {
  const [ref] = await ctx.db.orm
    .select(SUB_FIELDS)
    .from(c)
    .innerJoin(s, eq(s.category_id, c.id))
    .where(and(eq(c.type, categoryType), ACTIVE_SUBS, by === 'category' ? eq(c.id, id) : eq(s.id, id)))
    .orderBy(s.sort, s.id)
    .limit(1);
  if (!ref) throw new AppError('not_found', { field: 'type_id', message: 'No such category or subcategory.' });
  return ref;
}

/**
 * Opens a round of a subcategory (guess the word, audio, maths): the round asked for, else the
 * first one the player has not passed. Every round is open; each pays once.
 */
export async function openRound(
  ctx: Ctx,
  mode: 'guess_the_word' | 'audio' | 'maths',
  o: { type: 'category' | 'subcategory'; type_id: number; round?: number; resume?: boolean },
): Promise<PlaySession> {
  const type = CATEGORY_TYPES[mode];
  const ref = await subcategoryRef(ctx, type, o.type, o.type_id);
  await assertUnlocked(ctx.db, ctx.userId, { type, slug: ref.category, premium_price: ref.premium_price });
  const maxRound = ref.max_level ?? 0;
  let round = o.round;
  if (round === undefined) {
    const passed = await ctx.db.orm
      .select({ level: levelResults.level })
      .from(levelResults)
      .where(
        and(
          eq(levelResults.user_id, ctx.userId),
          eq(levelResults.mode, mode),
          eq(levelResults.category, ref.category),
          eq(levelResults.subcategory, ref.subcategory),
          isNotNull(levelResults.cleared_at),
        ),
      );
    const done = new Set(passed.map((p) => p.level));
    round = 1;
    while (round < maxRound && done.has(round)) round++;
  }
  if (round > maxRound) throw new AppError('not_found', { field: 'round', message: 'No such round.' });
  return resumeOrDraw(ctx, mode, ref, round, { maxLevel: maxRound, title: ref.subcategory_name }, o.resume);
}

/** A fun-and-learn text as `Comprehension` lists it, with the player's results (from `t` in `c`). */
const comprehensionFields = (userId: number) => ({
  id: t.id,
  slug: t.slug,
  title: t.title,
  detail: t.detail,
  video_url: t.video_url,
  no_of_que: sql<number>`(SELECT count(*) FROM questions q WHERE q.comprehension_id = ${t.id} AND q.status = 1)::int`,
  best_score: sql<number>`coalesce((SELECT r.best_score FROM level_results r WHERE r.user_id = ${userId}
    AND r.mode = 'fun_n_learn' AND r.category = ${c.slug} AND r.subcategory = ${t.slug} AND r.level = 1), 0)`,
  played: sql<boolean>`EXISTS (SELECT 1 FROM level_results r WHERE r.user_id = ${userId} AND r.mode = 'fun_n_learn'
    AND r.category = ${c.slug} AND r.subcategory = ${t.slug})`,
});

/** Texts, categories and subcategories all active (a text without a subcategory sits in its category). */
const ACTIVE_TEXTS = sql`${t.status} = 1 AND ${c.status} = 1 AND (${s.id} IS NULL OR ${s.status} = 1)`;

/** Fun-and-learn texts of a category or subcategory, with the player's results. */
export async function listComprehensions(
  ctx: Ctx,
  by: 'category' | 'subcategory',
  id: number,
): Promise<Comprehension[]> {
  const rows = await ctx.db.orm
    .select({
      ...comprehensionFields(ctx.userId),
      locked: sql<boolean>`(${c.premium_price} > 0 AND NOT EXISTS (SELECT 1 FROM premium_unlocks u
        WHERE u.user_id = ${ctx.userId} AND u.type = ${c.type} AND u.slug = ${c.slug}))`,
    })
    .from(t)
    .innerJoin(c, eq(c.id, t.category_id))
    .leftJoin(s, eq(s.id, t.subcategory_id))
    .where(
      and(
        sql`${t.status} = 1 AND ${c.status} = 1 AND ${c.type} = 2 AND (${s.id} IS NULL OR ${s.status} = 1)`,
        by === 'category' ? eq(t.category_id, id) : eq(t.subcategory_id, id),
      ),
    )
    .orderBy(t.sort, t.id);
  // A premium category's texts are its content: titles only until it is unlocked.
  return rows.map(({ locked, ...t }) => (locked ? { ...t, detail: '', video_url: '' } : t));
}

/** A fun-and-learn text with where it sits, as an offline pack lists it. */
export type TextRef = Awaited<ReturnType<typeof textsOf>>[number];

/**
 * Fun-and-learn texts that have questions, in the categories given (the caller checked the
 * player may open them), in the order get_categories and get_fun_n_learn list them; at most `limit`.
 */
export async function textsOf(ctx: Ctx, categoryIds: readonly number[], limit: number) {
  if (categoryIds.length === 0) return [];
  return ctx.db.orm
    .select({
      ...comprehensionFields(ctx.userId),
      category: c.slug,
      subcategory: sql<string>`coalesce(${s.slug}, '')`,
      category_id: c.id,
      subcategory_id: sql<number>`coalesce(${s.id}, 0)`,
    })
    .from(t)
    .innerJoin(c, eq(c.id, t.category_id))
    .leftJoin(s, eq(s.id, t.subcategory_id))
    .where(
      and(
        ACTIVE_TEXTS,
        sql`${t.category_id} = ANY(${intArray(categoryIds)})`,
        sql`EXISTS (SELECT 1 FROM questions q WHERE q.comprehension_id = ${t.id} AND q.status = 1)`,
      ),
    )
    .orderBy(c.sort, c.id, t.sort, t.id)
    .limit(limit);
}

/** The active questions of fun-and-learn texts, by text, in the order a text's play serves them. */
export async function textQuestionIds(db: Db, textIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await db.orm
    .select({ id: questions.id, comprehension_id: questions.comprehension_id })
    .from(questions)
    .where(sql`${questions.comprehension_id} = ANY(${intArray(textIds)}) AND ${questions.status} = 1`)
    .orderBy(questions.id);
  const out = new Map<number, number[]>(textIds.map((id) => [id, []]));
  for (const r of rows) if (r.comprehension_id !== null) out.get(r.comprehension_id)?.push(r.id);
  return out;
}

/** Opens the questions of a fun-and-learn text. */
export async function openComprehension(ctx: Ctx, id: number, o: { resume?: boolean } = {}): Promise<PlaySession> {
  const [text] = await ctx.db.orm
    .select({
      ...comprehensionFields(ctx.userId),
      category: c.slug,
      subcategory: sql<string>`coalesce(${s.slug}, '')`,
      type: c.type,
      premium_price: c.premium_price,
    })
    .from(t)
    .innerJoin(c, eq(c.id, t.category_id))
    .leftJoin(s, eq(s.id, t.subcategory_id))
    .where(and(eq(t.id, id), ACTIVE_TEXTS));
  if (!text) throw new AppError('not_found', { field: 'fun_n_learn_id', message: 'No such text.' });
  await assertUnlocked(ctx.db, ctx.userId, { type: text.type, slug: text.category, premium_price: text.premium_price });
  const { category, subcategory, type: _t, premium_price: _p, ...comprehension } = text;
  if (o.resume) {
    const open = await resumeIn(
      ctx,
      {
        mode: 'fun_n_learn',
        category,
        subcategory,
        level: 1,
        unit: text.slug,
      },
      { title: text.title, comprehension },
    );
    if (open) return open;
  }
  const ids = (await textQuestionIds(ctx.db, [id])).get(id) ?? [];
  return createSession(ctx.db, ctx.settings, {
    userId: ctx.userId,
    mode: 'fun_n_learn',
    languageId: ctx.languageId,
    questionIds: ids,
    category,
    subcategory,
    level: 1,
    unit: text.slug,
    title: text.title,
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
  const cats = await db.orm
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        eq(c.language_id, languageId),
        sql`${c.status} = 1 AND ${c.type} = 1 AND (${c.premium_price} = 0 OR EXISTS (SELECT 1 FROM premium_unlocks u
          WHERE u.user_id = ${userId} AND u.type = 1 AND u.slug = ${c.slug}))`,
      ),
    );
  const off = await db.orm
    .select({ id: s.id })
    .from(s)
    .innerJoin(c, eq(c.id, s.category_id))
    .where(and(eq(c.language_id, languageId), sql`${s.status} <> 1`));
  const ids = (rows: { id: number }[]) => intArray(rows.map((r) => r.id));
  return sql`q.language_id = ${languageId} AND q.comprehension_id IS NULL
    AND q.category_id = ANY(${ids(cats)})
    ${off.length ? sql`AND (q.subcategory_id IS NULL OR q.subcategory_id <> ALL(${ids(off)}))` : sql``}`;
}

/** Ten true/false questions; they pay for the first few plays of a day. */
export async function openTrueFalse(ctx: Ctx, o: { resume?: boolean } = {}): Promise<PlaySession> {
  if (o.resume) {
    const open = await resumeIn(ctx, {
      mode: 'true_false',
    });
    if (open) return open;
  }
  const rules = await ctx.settings.rules(ctx.db);
  const [done] = await ctx.db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(playSessions)
    .where(
      and(
        eq(playSessions.user_id, ctx.userId),
        sql`${playSessions.mode} = 'true_false' AND ${playSessions.rewards}`,
        sql`${playSessions.finished_at} >= date_trunc('day', now())`,
      ),
    );
  return createDrawnSession(
    ctx.db,
    ctx.settings,
    {
      userId: ctx.userId,
      mode: 'true_false',
      languageId: ctx.languageId,
      rewards: done!.n < rules.true_false_rewarded_per_day,
    },
    {
      where: sql`q.type = 'true_false' AND ${await openPool(ctx.db, ctx.userId, ctx.languageId)}`,
      limit: rules.true_false_questions,
    },
  );
}

/** A self challenge: the player's category, number of questions and minutes; statistics only. */
export async function openSelfChallenge(
  ctx: Ctx,
  o: { category_slug: string; subcategory_slug?: string; limit?: number; minutes?: number },
): Promise<PlaySession> {
  const rules = await ctx.settings.rules(ctx.db);
  if (o.limit === undefined || o.limit > rules.self_challenge_max_questions)
    throw new AppError('select_questions', { field: 'limit' });
  if (o.minutes === undefined || o.minutes > rules.self_challenge_max_minutes)
    throw new AppError('select_timer', { field: 'minutes' });
  const cat = await categoryBySlug(ctx.db, ctx.languageId, o.category_slug, 1);
  await assertUnlocked(ctx.db, ctx.userId, cat);
  let where = sql`q.category_id = ${cat.id} AND q.comprehension_id IS NULL AND ${ACTIVE_SUBCATEGORY}`;
  let subcategory = '';
  if (o.subcategory_slug) {
    const [sub] = await ctx.db.orm
      .select({ id: subcategories.id, slug: subcategories.slug })
      .from(subcategories)
      .where(
        and(
          eq(subcategories.category_id, cat.id),
          eq(subcategories.slug, o.subcategory_slug),
          sql`${subcategories.status} = 1`,
        ),
      );
    if (!sub) throw new AppError('not_found', { field: 'subcategory_slug', message: 'No such subcategory.' });
    where = sql`q.subcategory_id = ${sub.id}`;
    subcategory = sub.slug;
  }
  return createDrawnSession(
    ctx.db,
    ctx.settings,
    {
      userId: ctx.userId,
      mode: 'self_challenge',
      languageId: ctx.languageId,
      category: cat.slug,
      subcategory,
      title: cat.name,
      totalSeconds: o.minutes * 60,
      rewards: false,
    },
    { where, limit: o.limit },
  );
}

/** The player's bookmarked questions (of a mode), to play again without rewards. */
export async function openBookmarks(ctx: Ctx, o: { type?: number; limit?: number }): Promise<PlaySession> {
  const b = alias(bookmarks, 'b');
  const rows = await ctx.db.orm
    .select({ id: q.id })
    .from(b)
    .innerJoin(q, eq(q.id, b.question_id))
    .innerJoin(c, eq(c.id, q.category_id))
    .where(and(eq(b.user_id, ctx.userId), sql`${q.status} = 1`, o.type ? eq(c.type, o.type) : undefined))
    .orderBy(desc(b.created_at))
    .limit(o.limit ?? 50);
  if (rows.length === 0) throw new AppError('not_found', { field: 'type', message: 'No bookmarked questions yet.' });
  return createSession(ctx.db, ctx.settings, {
    userId: ctx.userId,
    mode: 'bookmark',
    languageId: ctx.languageId,
    questionIds: rows.map((r) => r.id),
    rewards: false,
  });
}
