import type { LevelData, NextLevel } from '../../core/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, levelProgress, levelResults, playSessions, subcategories } from '../db/schema';
import { subcategoryLevels } from './content';

export interface Progress {
  unlockedLevel: number;
  results: Map<number, { best_score: number; cleared: boolean }>;
}

/** A player's progress in one subcategory of a mode (level 1 is always open). */
export async function readProgress(
  db: Db,
  userId: number,
  mode: string,
  category: string,
  subcategory: string,
  forUpdate = false,
): Promise<Progress> {
  const lp = levelProgress;
  const lr = levelResults;
  const of = <T extends typeof lp | typeof lr>(t: T) =>
    and(eq(t.user_id, userId), eq(t.mode, mode), eq(t.category, category), eq(t.subcategory, subcategory));
  // One round trip: the unlock (locked when asked: the row may not exist, so a lateral join) and the results.
  const [row] = await db.orm
    .select({
      unlocked_level: sql<number | null>`p.unlocked_level`,
      results: sql<{ level: number; best_score: number; cleared: boolean }[] | null>`(SELECT
        json_agg(json_build_object('level', ${lr.level}, 'best_score', ${lr.best_score},
          'cleared', ${lr.cleared_at} IS NOT NULL))
        FROM ${lr} WHERE ${of(lr)})`,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(
      sql`LATERAL (SELECT ${lp.unlocked_level} FROM ${lp} WHERE ${of(lp)}${forUpdate ? sql` FOR UPDATE` : sql``}) AS p`,
      sql`true`,
    );
  return {
    unlockedLevel: row?.unlocked_level ?? 1,
    results: new Map((row?.results ?? []).map((r) => [r.level, { best_score: r.best_score, cleared: r.cleared }])),
  };
}

/** The level map a player sees: locked, unlocked or cleared, with their best score. */
export async function levelData(
  db: Db,
  userId: number,
  mode: string,
  category: string,
  subcategory: string,
  languageId: number,
  type = 1,
  locks = true,
): Promise<LevelData> {
  const { maxLevel, counts } = await subcategoryLevels(db, category, subcategory, type);
  const c = categories;
  const s = subcategories;
  const [names] = await db.orm
    .select({ category_name: c.name, subcategory_name: s.name })
    .from(c)
    .innerJoin(s, eq(s.category_id, c.id))
    .where(and(eq(c.type, type), eq(c.slug, category), eq(s.slug, subcategory)))
    .orderBy(desc(sql`${c.language_id} = ${languageId}`), c.language_id)
    .limit(1);
  const p = await readProgress(db, userId, mode, category, subcategory);
  // Rounds (modes without locks) are all open.
  const unlocked = locks ? Math.min(p.unlockedLevel, maxLevel) : maxLevel;
  const levels = [];
  for (let level = 1; level <= maxLevel; level++) {
    const r = p.results.get(level);
    levels.push({
      level,
      no_of_que: counts.get(level) ?? 0,
      status: r?.cleared ? ('cleared' as const) : level <= unlocked ? ('unlocked' as const) : ('locked' as const),
      best_score: r?.best_score ?? 0,
    });
  }
  return {
    category,
    subcategory,
    category_name: names?.category_name ?? category,
    subcategory_name: names?.subcategory_name ?? subcategory,
    level: unlocked,
    max_level: maxLevel,
    levels,
  };
}

/**
 * Where the player left off in the quiz zone: the subcategory of their latest quiz-zone session
 * and, in it, the first level after the highest cleared one. Null before any play, or when that
 * subcategory has since been removed.
 */
export async function nextLevel(db: Db, userId: number, languageId: number): Promise<NextLevel | null> {
  // Sessions are indexed by (user, started_at DESC): the latest quiz-zone one is a short scan.
  const ps = playSessions;
  const [last] = await db.orm
    .select({ category: ps.category, subcategory: ps.subcategory })
    .from(ps)
    .where(
      and(
        eq(ps.user_id, userId),
        sql`${ps.mode} = 'quiz_zone'`,
        sql`${ps.category} <> ''`,
        sql`${ps.subcategory} <> ''`,
      ),
    )
    .orderBy(desc(ps.started_at))
    .limit(1);
  if (!last) return null;
  const data = await levelData(db, userId, 'quiz_zone', last.category, last.subcategory, languageId);
  if (data.max_level === 0) return null;
  const cleared = data.levels.filter((l) => l.status === 'cleared');
  const highest = cleared.reduce((h, l) => Math.max(h, l.level), 0);
  const next = data.levels.find((l) => l.level > highest && l.status !== 'cleared') ?? null;
  return {
    category: data.category,
    subcategory: data.subcategory,
    category_name: data.category_name,
    subcategory_name: data.subcategory_name,
    level: next?.level ?? null,
    unlocked: next?.status === 'unlocked',
    cleared: cleared.length,
    max_level: data.max_level,
  };
}
