import type { DailyQuizStatus, PlaySession, QuizResult } from '../../../core/contract';
import { isKnownTimezone, localDate, parseGmtOffset } from '../../../core/rules/solo-modes';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { SettingsStore } from '../settings-store';
import { openPool } from './openers';
import { createSession, resumeSession } from './sessions';

export interface Zone {
  timezone?: string;
  gmt_format?: string;
}

/**
 * The player's local date now. A known IANA zone wins; else the stated offset; else UTC.
 * Bad values are refused rather than guessed.
 */
export function playerDate(now: Date, z: Zone): string {
  const offset = z.gmt_format ? parseGmtOffset(z.gmt_format) : 0;
  if (z.gmt_format && offset === null)
    throw new AppError('invalid_input', { field: 'gmt_format', message: 'gmt_format: must be an offset like +05:30' });
  if (z.timezone && isKnownTimezone(z.timezone)) return localDate(now, { timezone: z.timezone });
  if (z.timezone && !z.gmt_format)
    throw new AppError('invalid_input', { field: 'timezone', message: 'timezone: unknown timezone' });
  return localDate(now, { offsetMinutes: offset ?? 0 });
}

async function dbNow(db: Db): Promise<Date> {
  const r = await db.one<{ now: string }>(sql`SELECT to_json(now()) #>> '{}' AS now`);
  return new Date(r!.now);
}

interface PlayRow {
  quiz_date: string;
  session_id: string;
  result: QuizResult | null;
  open: boolean;
}

/** Days in a row ending on `today` or the day before, from the dates played (newest first). */
export function streakOf(datesDesc: readonly string[], today: string): number {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  let expect = day(today);
  if (datesDesc[0] !== today) expect -= 1;
  let n = 0;
  for (const d of datesDesc) {
    if (day(d) > expect) continue;
    if (day(d) !== expect) break;
    n++;
    expect--;
  }
  return n;
}

async function plays(db: Db, userId: number): Promise<PlayRow[]> {
  return db.rows<PlayRow>(sql`SELECT to_char(d.quiz_date, 'YYYY-MM-DD') AS quiz_date, d.session_id::text AS session_id,
      s.result, (s.finished_at IS NULL AND now() <= s.deadline) AS open
    FROM daily_quiz_plays d JOIN play_sessions s ON s.id = d.session_id
    WHERE d.user_id = ${userId} ORDER BY d.quiz_date DESC LIMIT 400`);
}

/** Today's daily quiz for the player: played, its result, and their streak. */
export async function dailyStatus(db: Db, userId: number, z: Zone): Promise<DailyQuizStatus> {
  const today = playerDate(await dbNow(db), z);
  const rows = await plays(db, userId);
  const todays = rows.find((r) => r.quiz_date === today);
  const finished = rows.filter((r) => !r.open);
  const r = todays?.result;
  return {
    date: today,
    played: Boolean(todays && !todays.open),
    result: r ? { correct: r.correct, total: r.total, coins: r.coins, score: r.score } : null,
    streak: streakOf(
      finished.map((p) => p.quiz_date),
      today,
    ),
  };
}

/**
 * Opens (or resumes) the daily quiz of the player's local day. One per player and local date:
 * a finished or expired one answers already_played, and so does a date before the latest
 * one played (changing timezones cannot replay yesterday).
 */
export async function openDaily(
  db: Db,
  settings: SettingsStore,
  o: { userId: number; languageId: number } & Zone,
): Promise<PlaySession> {
  const today = playerDate(await dbNow(db), o);
  await db.run(sql`SELECT 1 FROM users WHERE id = ${o.userId} FOR UPDATE`);
  const latest = (await plays(db, o.userId))[0];
  if (latest && latest.quiz_date === today) {
    const resumed = latest.open ? await resumeSession(db, settings, o.userId, latest.session_id) : null;
    if (resumed) return resumed;
    throw new AppError('already_played');
  }
  if (latest && latest.quiz_date > today) throw new AppError('already_played');
  const rules = await settings.rules(db);
  const scheduled = await db.one<{ question_ids: number[] }>(sql`SELECT question_ids FROM daily_quizzes
    WHERE language_id = ${o.languageId} AND quiz_date = ${today}::date`);
  // Unscheduled days draw the same questions for everyone in a language: seeded by the date.
  const ids =
    scheduled?.question_ids ??
    (
      await db.rows<{ id: number }>(sql`SELECT q.id FROM questions q
        WHERE q.status = 1 AND q.type IN ('mcq', 'true_false') AND ${openPool(0, o.languageId)}
        ORDER BY md5(q.id::text || ${today}) LIMIT ${rules.daily_quiz_questions}`)
    ).map((r) => r.id);
  const session = await createSession(db, settings, {
    userId: o.userId,
    mode: 'daily_quiz',
    languageId: o.languageId,
    questionIds: ids,
    unit: today,
    rewards: true,
  });
  await db.run(sql`INSERT INTO daily_quiz_plays (user_id, quiz_date, session_id)
    VALUES (${o.userId}, ${today}::date, ${session.session_id}::uuid)`);
  return session;
}
