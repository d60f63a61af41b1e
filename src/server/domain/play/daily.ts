import { createHash } from 'node:crypto';
import type { DailyQuizStatus, PlaySession } from '../../../core/contract';
import {
  dailyQuizAllowed,
  isKnownTimezone,
  localDate,
  parseGmtOffset,
  zoneOffsetMinutes,
} from '../../../core/rules/local-time';
import { streakOf } from '../../../core/rules/daily-streak';
import { and, desc, eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { dailyQuizPlays, dailyQuizzes, playSessions } from '../../db/schema';
import { intArray, jsonText } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import type { SettingsStore } from '../settings-store';
import { openPool } from './openers';
import { createSession, drawQuestionIds, GRACE_SECONDS } from './sessions';
import { resumeSession } from './resume';

export interface Zone {
  timezone?: string;
  gmt_format?: string;
}

/** The player's zone as the server reads it: a known IANA zone wins; else the stated offset; else UTC. */
function readZone(z: Zone): { timezone?: string; offsetMinutes: number } {
  const offset = z.gmt_format ? parseGmtOffset(z.gmt_format) : 0;
  if (z.gmt_format && offset === null)
    throw new AppError('invalid_input', { field: 'gmt_format', message: 'gmt_format: must be an offset like +05:30' });
  if (z.timezone && isKnownTimezone(z.timezone)) return { timezone: z.timezone, offsetMinutes: offset ?? 0 };
  if (z.timezone && !z.gmt_format)
    throw new AppError('invalid_input', { field: 'timezone', message: 'timezone: unknown timezone' });
  return { offsetMinutes: offset ?? 0 };
}

/** The player's local date now, and their UTC offset. Bad values are refused, not guessed. */
export function playerDay(now: Date, z: Zone): { date: string; offset: number } {
  const zone = readZone(z);
  const timezone = zone.timezone;
  return timezone
    ? { date: localDate(now, { timezone }), offset: zoneOffsetMinutes(now, { timezone }) }
    : { date: localDate(now, zone), offset: zone.offsetMinutes };
}

/** The database's clock now (one clock for every node). */
export async function dbNow(db: Db): Promise<Date> {
  const r = await db.one<{ now: string }>(sql`SELECT ${jsonText(sql`now()`)} AS now`);
  return new Date(r!.now);
}

type PlayRow = Awaited<ReturnType<typeof plays>>[number];

/** Whether `date` may be taken after the player's latest daily quiz (dailyQuizAllowed's rules). */
function mayTake(latest: PlayRow | undefined, date: string, offset: number, now: Date): boolean {
  const last = latest && { date: latest.quiz_date, offset: latest.zone_offset, startedAt: new Date(latest.started_at) };
  return dailyQuizAllowed(date, offset, now, last);
}

/** The player's daily quizzes taken, newest first, each with its session's state. */
async function plays(db: Db, userId: number) {
  const d = dailyQuizPlays;
  const s = playSessions;
  return db.orm
    .select({
      quiz_date: sql<string>`to_char(${d.quiz_date}, 'YYYY-MM-DD')`,
      session_id: sql<string>`${d.session_id}::text`,
      result: s.result,
      /** Still playable: unfinished and before its deadline. */
      open: sql<boolean>`(${s.finished_at} IS NULL AND now() <= ${s.deadline})`,
      /** Over: submitted, or abandoned past its deadline and grace. */
      over: sql<boolean>`(${s.finished_at} IS NOT NULL OR now() > ${s.deadline} + make_interval(secs => ${GRACE_SECONDS}))`,
      zone_offset: d.zone_offset,
      started_at: jsonText(d.started_at),
    })
    .from(d)
    .innerJoin(s, eq(s.id, d.session_id))
    .where(eq(d.user_id, userId))
    .orderBy(desc(d.quiz_date))
    .limit(400);
}

/** Today's daily quiz for the player: played, its result, and their streak of submitted days. */
export async function dailyStatus(db: Db, userId: number, z: Zone): Promise<DailyQuizStatus> {
  const { date: today } = playerDay(await dbNow(db), z);
  const rows = await plays(db, userId);
  const todays = rows.find((r) => r.quiz_date === today);
  const r = todays?.result;
  return {
    date: today,
    played: Boolean(todays?.over),
    result: r ? { correct: r.correct, total: r.total, coins: r.coins, score: r.score } : null,
    streak: streakOf(
      rows.filter((p) => p.result).map((p) => p.quiz_date),
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
  const now = await dbNow(db);
  const { date: today, offset } = playerDay(now, o);
  await db.run(sql`SELECT 1 FROM users WHERE id = ${o.userId} FOR UPDATE`);
  const latest = (await plays(db, o.userId))[0];
  if (latest && latest.quiz_date === today) {
    const resumed = latest.open ? await resumeSession(db, settings, o.userId, latest.session_id) : null;
    if (resumed) return resumed;
    throw new AppError('already_played');
  }
  if (!mayTake(latest, today, offset, now)) throw new AppError('already_played');
  const session = await createSession(db, settings, {
    userId: o.userId,
    mode: 'daily_quiz',
    languageId: o.languageId,
    questionIds: await dailyQuestions(db, settings, o.languageId, today),
    unit: today,
    rewards: true,
  });
  await recordDailyPlay(db, o.userId, today, session.session_id, offset);
  return session;
}

/** Marks a local date's daily quiz of the player as taken, by the session that plays it. */
export async function recordDailyPlay(db: Db, userId: number, date: string, sessionId: string, offset: number) {
  await db.run(sql`INSERT INTO daily_quiz_plays (user_id, quiz_date, session_id, zone_offset)
    VALUES (${userId}, ${date}::date, ${sessionId}::uuid, ${offset})`);
}

/** Local dates the player has a daily quiz for (played, or opened and not submitted), newest first. */
export async function dailyDatesTaken(db: Db, userId: number): Promise<string[]> {
  return (await plays(db, userId)).map((p) => p.quiz_date);
}

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * Whether a daily quiz the player played on their device for local `date` may count now, by the
 * rules openDaily applies: not after the player's local today, at most `lateDays` before it, one
 * per player and local date, never a date before the latest one taken, and a change of zone
 * waits (dailyQuizAllowed). Answers the player's UTC offset now. The caller holds the player's lock.
 */
export async function checkDailyPost(db: Db, userId: number, date: string, z: Zone, lateDays: number): Promise<number> {
  const now = await dbNow(db);
  const { date: today, offset } = playerDay(now, z);
  if (date > today) throw new AppError('invalid_input', { field: 'date', message: 'date: is after your local today' });
  if (dayNumber(today) - dayNumber(date) > lateDays) throw new AppError('session_expired', { field: 'date' });
  const rows = await plays(db, userId);
  if (rows.some((r) => r.quiz_date === date)) throw new AppError('already_played', { field: 'date' });
  if (!mayTake(rows[0], date, offset, now)) throw new AppError('already_played', { field: 'date' });
  return offset;
}

/**
 * The day's questions in a language: the operator's schedule, else a draw made once for the
 * day and kept, so everyone gets the same quiz however the content changes during the day.
 */
export async function dailyQuestions(
  db: Db,
  settings: SettingsStore,
  languageId: number,
  day: string,
): Promise<number[]> {
  const kept = async () =>
    (
      await db.orm
        .select({ question_ids: dailyQuizzes.question_ids })
        .from(dailyQuizzes)
        .where(and(eq(dailyQuizzes.language_id, languageId), eq(dailyQuizzes.quiz_date, day)))
    )[0]?.question_ids;
  const scheduled = await kept();
  if (scheduled) return scheduled;
  const rules = await settings.rules(db);
  // The day's start in the random order comes from the date: the same draw on every node.
  const start =
    parseInt(createHash('sha256').update(`daily:${languageId}:${day}`).digest('hex').slice(0, 8), 16) / 2 ** 32;
  const drawn = await drawQuestionIds(
    db,
    sql`q.type IN ('mcq', 'true_false') AND ${await openPool(db, 0, languageId)}`,
    rules.daily_quiz_questions,
    start,
  );
  if (drawn.length === 0) return [];
  await db.run(sql`INSERT INTO daily_quizzes (language_id, quiz_date, question_ids)
    VALUES (${languageId}, ${day}::date, ${intArray(drawn)})
    ON CONFLICT DO NOTHING`);
  return (await kept()) ?? drawn;
}
