import type { LevelData, NextLevel } from '../../core/contract';
import { sql, type Db } from '../db/client';
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
  const p = await db.one<{ unlocked_level: number }>(sql`SELECT unlocked_level FROM level_progress
    WHERE user_id = ${userId} AND mode = ${mode} AND category = ${category} AND subcategory = ${subcategory}
    ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  const rows = await db.rows<{ level: number; best_score: number; cleared: boolean }>(sql`
    SELECT level, best_score, cleared_at IS NOT NULL AS cleared FROM level_results
    WHERE user_id = ${userId} AND mode = ${mode} AND category = ${category} AND subcategory = ${subcategory}`);
  return {
    unlockedLevel: p?.unlocked_level ?? 1,
    results: new Map(rows.map((r) => [r.level, { best_score: r.best_score, cleared: r.cleared }])),
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
  const names = await db.one<{ category_name: string; subcategory_name: string }>(sql`
    SELECT c.name AS category_name, s.name AS subcategory_name
    FROM categories c JOIN subcategories s ON s.category_id = c.id
    WHERE c.type = ${type} AND c.slug = ${category} AND s.slug = ${subcategory}
    ORDER BY (c.language_id = ${languageId}) DESC, c.language_id LIMIT 1`);
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
  const last = await db.one<{ category: string; subcategory: string }>(sql`
    SELECT category, subcategory FROM play_sessions
    WHERE user_id = ${userId} AND mode = 'quiz_zone' AND category <> '' AND subcategory <> ''
    ORDER BY started_at DESC LIMIT 1`);
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
