import { randomUUID } from 'node:crypto';
import type { Prize } from '../../../core/rules/contest';
import { eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { contestPlays, contests } from '../../db/schema';
import { jsonText } from '../../db/sql-helpers';
import type { Clock } from '../clock';
import { AppError } from '../../errors';
import { createContest } from '../contests';
import { reencodeAvatar } from '../images';
import { checkEventQuestions, checkLanguage, eventQuestionIds, setEventQuestions } from './events-questions';

/** A contest as the audit log records it. */
export interface ContestSnapshot {
  language_id: number;
  name: string;
  description: string;
  image: string;
  starts_at: string;
  ends_at: string;
  entry_fee: number;
  prizes: Prize[];
  points_per_correct: number;
  speed_bonus: boolean;
  seconds_per_question: number;
  questions: number[];
}

/** What an operator saves: absent fields stay as they are (a new contest needs the schema's). */
export interface ContestChange {
  contest_id?: number;
  language_id?: number;
  name?: string;
  description?: string;
  starts_at?: Date;
  ends_at?: Date;
  entry_fee?: number;
  prizes?: Prize[];
  questions?: number[];
  points_per_correct?: number;
  speed_bonus?: boolean;
  seconds_per_question?: number;
  remove_image?: boolean;
  /** An uploaded picture (re-encoded before it is kept). */
  image?: Buffer;
}

/** Fields that a started contest keeps (its players entered on these terms). */
const LOCKED = [
  'language_id',
  'starts_at',
  'ends_at',
  'entry_fee',
  'prizes',
  'questions',
  'points_per_correct',
  'speed_bonus',
  'seconds_per_question',
] as const;

const FIELD_OF: Partial<Record<keyof ContestSnapshot, string>> = { starts_at: 'start_date', ends_at: 'end_date' };

async function snapshot(db: Db, clock: Clock, id: number, lock: boolean) {
  const query = db.orm
    .select({
      language_id: contests.language_id,
      name: contests.name,
      description: contests.description,
      image: contests.image,
      starts_at: jsonText(contests.starts_at),
      ends_at: jsonText(contests.ends_at),
      entry_fee: contests.entry_fee,
      prizes: sql<Prize[]>`${contests.prizes}`,
      points_per_correct: contests.points_per_correct,
      speed_bonus: contests.speed_bonus,
      seconds_per_question: contests.seconds_per_question,
      started: sql<boolean>`${clock.sql()} >= ${contests.starts_at}`,
    })
    .from(contests)
    .where(eq(contests.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('not_found', { field: 'contest_id', message: 'No such contest.' });
  const { started, ...rest } = row;
  const s: ContestSnapshot = {
    ...rest,
    starts_at: new Date(rest.starts_at).toISOString(),
    ends_at: new Date(rest.ends_at).toISOString(),
    questions: await eventQuestionIds(db, 'contest', id),
  };
  return { started, s };
}

/** The snapshot with the change applied (dates as ISO instants). */
function merged(s: ContestSnapshot, c: ContestChange): ContestSnapshot {
  return {
    language_id: c.language_id ?? s.language_id,
    name: c.name ?? s.name,
    description: c.description ?? s.description,
    image: s.image,
    starts_at: c.starts_at ? c.starts_at.toISOString() : s.starts_at,
    ends_at: c.ends_at ? c.ends_at.toISOString() : s.ends_at,
    entry_fee: c.entry_fee ?? s.entry_fee,
    prizes: c.prizes ?? s.prizes,
    questions: c.questions ?? s.questions,
    points_per_correct: c.points_per_correct ?? s.points_per_correct,
    speed_bonus: c.speed_bonus ?? s.speed_bonus,
    seconds_per_question: c.seconds_per_question ?? s.seconds_per_question,
  };
}

/** Equal values (a prize table whatever the order of its rows and keys). */
function same(a: unknown, b: unknown): boolean {
  const canon = (v: unknown) =>
    Array.isArray(v) && v.every((p) => typeof p === 'object' && p !== null && 'rank' in p)
      ? (v as Prize[]).map((p) => [p.rank, p.coins]).sort((x, y) => x[0]! - y[0]!)
      : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/** A contest's times: the end after the start, and a start still to come. */
async function checkTimes(db: Db, clock: Clock, next: ContestSnapshot, startChanged: boolean): Promise<void> {
  if (Date.parse(next.ends_at) <= Date.parse(next.starts_at))
    throw new AppError('invalid_input', { field: 'end_date', message: 'end_date: must be after the start' });
  if (!startChanged) return;
  const r = await db.one<{ past: boolean }>(sql`SELECT ${next.starts_at}::timestamptz <= ${clock.sql()} AS past`);
  if (r!.past)
    throw new AppError('invalid_input', { field: 'start_date', message: 'start_date: must be in the future' });
}

/** Keeps an uploaded picture as media and answers its URL. */
async function storeImage(db: Db, bytes: Buffer): Promise<string> {
  const webp = await reencodeAvatar(bytes, 512);
  const id = randomUUID();
  await db.run(sql`INSERT INTO media (id, owner_id, kind, content_type, bytes)
    VALUES (${id}::uuid, NULL, 'contest', 'image/webp', ${webp})`);
  return `/media/${id}.webp`;
}

/** Drops a contest picture this console stored (a URL from elsewhere is left alone). */
export async function dropImage(db: Db, url: string): Promise<void> {
  const m = /^\/media\/([0-9a-f-]{36})\.webp$/.exec(url);
  if (m) await db.run(sql`DELETE FROM media WHERE id = ${m[1]}::uuid AND kind = 'contest'`);
}

/**
 * Creates or edits a contest. A started one (live or over) takes only a new name, description
 * or image: any other field that differs is a 409, so its players keep the terms they entered on.
 */
export async function saveContest(
  db: Db,
  clock: Clock,
  c: ContestChange,
): Promise<{ id: number; before: ContestSnapshot | null; after: ContestSnapshot }> {
  const prior = c.contest_id ? await snapshot(db, clock, c.contest_id, true) : null;
  const blank: ContestSnapshot = {
    ...{ language_id: 0, name: '', description: '', image: '', starts_at: '', ends_at: '', entry_fee: 0 },
    ...{ prizes: [], questions: [], points_per_correct: 4, speed_bonus: true, seconds_per_question: 20 },
  };
  const before = prior?.s ?? blank;
  const next = merged(before, c);
  if (prior?.started) {
    const changed = LOCKED.find((k) => !same(before[k], next[k]));
    if (changed) throw new AppError('contest_started', { field: FIELD_OF[changed] ?? changed });
  } else {
    await checkTimes(db, clock, next, !prior || !same(before.starts_at, next.starts_at));
    if (c.language_id !== undefined) await checkLanguage(db, next.language_id);
    if (!prior || c.language_id !== undefined || c.questions)
      await checkEventQuestions(db, 'contest', next.language_id, next.questions);
  }
  if (c.image) next.image = await storeImage(db, c.image);
  else if (c.remove_image) next.image = '';
  if (prior && next.image !== before.image) await dropImage(db, before.image);

  let id = c.contest_id;
  if (!id) {
    id = await createContest(db, {
      languageId: next.language_id,
      name: next.name,
      description: next.description,
      image: next.image,
      startsAt: new Date(next.starts_at),
      endsAt: new Date(next.ends_at),
      entryFee: next.entry_fee,
      prizes: next.prizes,
      pointsPerCorrect: next.points_per_correct,
      speedBonus: next.speed_bonus,
      secondsPerQuestion: next.seconds_per_question,
      questionIds: next.questions,
    });
  } else {
    await db.run(sql`UPDATE contests SET language_id = ${next.language_id}, name = ${next.name},
        description = ${next.description}, image = ${next.image}, starts_at = ${next.starts_at}::timestamptz,
        ends_at = ${next.ends_at}::timestamptz, entry_fee = ${next.entry_fee}, prizes = ${JSON.stringify(next.prizes)}::jsonb,
        points_per_correct = ${next.points_per_correct}, speed_bonus = ${next.speed_bonus},
        seconds_per_question = ${next.seconds_per_question}
      WHERE id = ${id}`);
    if (!same(before.questions, next.questions)) await setEventQuestions(db, 'contest', id, next.questions);
  }
  return { id, before: prior?.s ?? null, after: (await snapshot(db, clock, id, false)).s };
}

/**
 * Deletes a contest that has not started and that nobody entered (so no entry fee is held for
 * it); otherwise a 409.
 */
export async function deleteContest(db: Db, clock: Clock, id: number): Promise<ContestSnapshot> {
  const { started, s } = await snapshot(db, clock, id, true);
  if (started) throw new AppError('contest_started', { field: 'contest_id' });
  const [entered] = await db.orm
    .select({ user_id: contestPlays.user_id })
    .from(contestPlays)
    .where(eq(contestPlays.contest_id, id))
    .limit(1);
  if (entered) throw new AppError('contest_has_entries', { field: 'contest_id' });
  await db.run(sql`DELETE FROM contests WHERE id = ${id}`);
  await dropImage(db, s.image);
  return s;
}
