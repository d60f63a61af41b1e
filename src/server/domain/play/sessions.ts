import { createHash, randomUUID } from 'node:crypto';
import type { Comprehension, PlayQuestion, PlaySession, QuestionType, SealedQuestion } from '../../../core/contract';
import { normalizeWord } from '../../../core/rules/answers';
import { modeRule, type SoloMode } from '../../../core/rules/solo-modes';
import { and, gte, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Placeholder } from 'drizzle-orm';
import { sql, type Db, type Orm, type SQL } from '../../db/client';
import { prepared } from '../../db/prepared';
import { playSessions, questions, type Row } from '../../db/schema';
import { intArray, intArrayText, jsonText } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import type { SettingsStore } from '../settings-store';
import { sealQuestion } from './seal';
import { keepSessionKey } from './session-keys';

/** Late answers are accepted this long after the deadline (slow networks, retries). */
export const GRACE_SECONDS = 120;

/** The questions as the play queries name them (and the callers' `where` fragments do). */
const q = alias(questions, 'q');

/** A question's stored answer as text (the jsonb string unquoted). */
const answerText = sql<string>`${q.answer} #>> '{}'`;

/** A question as read for play, before its shuffle: a `PlayQuestion` with its key, and its status. */
type QuestionRow = Awaited<ReturnType<typeof questionRows>>[number];

function shuffled<T>(xs: readonly T[], rand: () => number = Math.random): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** A repeatable random sequence from a seed (mulberry32 over the seed's SHA-256). */
function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Questions by id, in the order given, as a player sees them: a sequence's items and a match's
 * right-hand side are shuffled (the stored order is the answer). `repeatable` shuffles each
 * question the same way every time (offline packs, whose content hash is their ETag); only for
 * questions shipped with their answer, since a fixed shuffle of the answer order can be undone.
 */
export async function loadPlayQuestions(
  db: Db,
  userId: number,
  ids: readonly number[],
  o: { repeatable?: boolean } = {},
): Promise<PlayQuestion[]> {
  return toPlayQuestions(await questionRows(db, userId, ids), ids, o);
}

/** A question's columns as play reads them (its key included: it stays on the server). */
function questionFields(userId: number | Placeholder) {
  return {
    id: q.id,
    question: q.question,
    // The table's CHECK keeps the type to the contract's.
    question_type: sql<QuestionType>`${q.type}`,
    options: q.options,
    match_options: q.match_options,
    answer: answerText,
    explanation: q.explanation,
    image: q.image,
    audio: q.audio,
    latex: q.latex,
    marks: q.marks,
    status: q.status,
    // A one-table select names its columns unqualified: the outer row is `q` by name.
    bookmarked: sql<boolean>`EXISTS (SELECT 1 FROM bookmarks b WHERE b.user_id = ${userId} AND b.question_id = q.id)`,
  };
}

/** The rows of questions by id (only the active ones with `activeOnly`), in no order. */
async function questionRows(db: Db, userId: number, ids: readonly number[], activeOnly = false) {
  if (ids.length === 0) return [];
  return db.orm
    .select(questionFields(userId))
    .from(q)
    .where(and(sql`${q.id} = ANY(${intArray(ids)})`, activeOnly ? sql`${q.status} = 1` : undefined));
}

/** Question rows as a player sees them, in the order of `ids` (see loadPlayQuestions). */
function toPlayQuestions(rows: QuestionRow[], ids: readonly number[], o: { repeatable?: boolean }): PlayQuestion[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((q): q is QuestionRow => q !== undefined)
    .map((q) => {
      const rand = o.repeatable ? seededRandom(`question:${q.id}`) : Math.random;
      let options = q.options;
      let match = q.match_options;
      if (q.question_type === 'sequence') {
        // Never ship the answer order as the starting order.
        do options = shuffled(q.options, rand);
        while (options.length > 1 && options.every((x, i) => x.id === q.options[i]!.id));
      }
      if (q.question_type === 'match') match = shuffled(q.match_options, rand);
      return {
        id: q.id,
        question: q.question,
        question_type: q.question_type,
        options,
        match_options: match,
        answer: q.question_type === 'word' ? normalizeWord(q.answer) : q.answer,
        explanation: q.explanation,
        image: q.image,
        audio: q.audio,
        latex: q.latex,
        marks: q.marks,
        bookmarked: q.bookmarked,
      };
    });
}

/** Questions as exams and contests show them: as loadPlayQuestions, without answer or explanation. */
export async function loadSealedQuestions(db: Db, userId: number, ids: readonly number[]): Promise<SealedQuestion[]> {
  return (await loadPlayQuestions(db, userId, ids)).map(
    ({ answer: _a, explanation: _e, bookmarked: _b, ...rest }) => rest,
  );
}

export interface NewSession {
  userId: number;
  mode: SoloMode;
  languageId: number;
  questionIds: number[];
  category?: string;
  subcategory?: string;
  level?: number;
  maxLevel?: number;
  title?: string;
  /** Whether the play can earn coins and score (true/false beyond the day's cap: no). */
  rewards: boolean;
  /** The reward unit beyond category/subcategory/level (a text slug, a date). */
  unit?: string;
  /** One clock for the whole quiz (self challenge), in seconds. */
  totalSeconds?: number;
  comprehension?: Comprehension | null;
}

/** A session's row as SESSION_FIELDS (or SESSION_COLUMNS) reads it. */
export type SessionRow = Pick<
  Row<typeof playSessions>,
  | 'id'
  | 'mode'
  | 'category'
  | 'subcategory'
  | 'level'
  | 'unit'
  | 'question_ids'
  | 'seconds_per_question'
  | 'total_seconds'
  | 'rewards'
  | 'started_at'
  | 'deadline'
> & { now: string };

/** The reply for a session row and its questions, sealed: no key leaves with them. */
export async function sessionReply(
  db: Db,
  settings: SettingsStore,
  userId: number,
  row: SessionRow,
  extra: { maxLevel?: number; title?: string; comprehension?: Comprehension | null },
  /** The questions' rows when the caller has read them already (a session just opened). */
  rows?: QuestionRow[],
): Promise<PlaySession> {
  const rules = await settings.rules(db);
  const rule = modeRule(row.mode, rules);
  const played = rows
    ? toPlayQuestions(rows, row.question_ids, {})
    : await loadPlayQuestions(db, userId, row.question_ids);
  const questions = played.map(sealQuestion);
  return {
    session_id: row.id,
    mode: row.mode,
    category: row.category,
    subcategory: row.subcategory,
    level: row.level,
    max_level: extra.maxLevel ?? 0,
    title: extra.title ?? '',
    started_at: new Date(row.started_at).toISOString(),
    deadline: new Date(row.deadline).toISOString(),
    server_time: new Date(row.now).toISOString(),
    seconds_per_question: row.seconds_per_question,
    total_seconds: row.total_seconds,
    rewards: row.rewards,
    sealed: true,
    lifelines: [...rule.lifelines],
    lifeline_cost: rule.lifelines.length ? rules.lifeline_cost : 0,
    hint_cost: rule.hintCost,
    max_hints: rule.maxHints,
    comprehension: extra.comprehension ?? null,
    daily_date: row.mode === 'daily_quiz' ? row.unit : '',
    questions,
  };
}

/** The columns of a session its reply is made of, with the database's clock, for the builder's selects. */
export const SESSION_FIELDS = {
  id: playSessions.id,
  mode: playSessions.mode,
  category: playSessions.category,
  subcategory: playSessions.subcategory,
  level: playSessions.level,
  unit: playSessions.unit,
  question_ids: playSessions.question_ids,
  seconds_per_question: playSessions.seconds_per_question,
  total_seconds: playSessions.total_seconds,
  rewards: playSessions.rewards,
  started_at: jsonText(playSessions.started_at),
  deadline: jsonText(playSessions.deadline),
  now: jsonText(sql`now()`),
};

/** What a session grades against: each question's stored answer and type, by id. */
export interface AnswerKey {
  answers: Record<string, string>;
  types: Record<string, string>;
}

/**
 * The answer key of questions as a session keeps it, and the ids it covers: those that exist and
 * are active, each once, in the order asked (an operator's schedule may name a question deleted
 * or disabled since).
 */
export async function answerKeyOf(db: Db, questionIds: readonly number[]): Promise<{ ids: number[]; key: AnswerKey }> {
  const wanted = [...new Set(questionIds)];
  const rows = await db.orm
    .select({ id: q.id, question_type: sql<QuestionType>`${q.type}`, answer: answerText })
    .from(q)
    .where(sql`${q.id} = ANY(${intArray(wanted)}) AND ${q.status} = 1`);
  return keyOf(wanted, rows);
}

/** A question's key as a session keeps it. */
type KeyRow = Pick<QuestionRow, 'id' | 'question_type' | 'answer'>;

/** The ids of `wanted` that have an (active) row, in order, and the key of those rows. */
function keyOf(wanted: readonly number[], rows: readonly KeyRow[]) {
  const live = new Set(rows.map((k) => k.id));
  return {
    ids: wanted.filter((id) => live.has(id)),
    key: {
      answers: Object.fromEntries(rows.map((k) => [k.id, k.answer])),
      types: Object.fromEntries(rows.map((k) => [k.id, k.question_type])),
    },
  };
}

async function insertRow(
  db: Db,
  settings: SettingsStore,
  o: NewSession,
  id: string,
  key: AnswerKey,
  sealed: boolean,
): Promise<SessionRow | undefined> {
  const rule = modeRule(o.mode, await settings.rules(db));
  const seconds = o.totalSeconds ? 0 : rule.seconds;
  const duration = o.totalSeconds || seconds * o.questionIds.length;
  const [row] = await insertSessionRow(db, {
    id,
    user_id: o.userId,
    mode: o.mode,
    language_id: o.languageId,
    category: o.category ?? '',
    subcategory: o.subcategory ?? '',
    level: o.level ?? 0,
    max_level: o.maxLevel ?? 0,
    unit: o.unit ?? '',
    question_ids: intArrayText(o.questionIds),
    answer_key: key.answers,
    question_types: key.types,
    seconds_per_question: seconds,
    total_seconds: o.totalSeconds ?? 0,
    rewards: o.rewards,
    sealed,
    duration,
  });
  // Kept here for the answers to come (a pack's play, graded whole, has none; its id is the device's).
  if (row && sealed)
    keepSessionKey({
      id,
      user_id: o.userId,
      question_ids: [...o.questionIds],
      answer_key: key.answers,
      question_types: key.types,
      sealed,
    });
  return row;
}

/** A session's row, stored (built once: every opening stores one). */
const insertSessionRow = prepared((orm) => {
  const p = (name: keyof typeof playSessions.$inferInsert | 'duration') => sql.placeholder(name);
  return orm
    .insert(playSessions)
    .values({
      id: p('id'),
      user_id: p('user_id'),
      mode: p('mode'),
      language_id: p('language_id'),
      category: p('category'),
      subcategory: p('subcategory'),
      level: p('level'),
      max_level: p('max_level'),
      unit: p('unit'),
      question_ids: sql`${p('question_ids')}::integer[]`,
      answer_key: p('answer_key'),
      question_types: p('question_types'),
      seconds_per_question: p('seconds_per_question'),
      total_seconds: p('total_seconds'),
      rewards: p('rewards'),
      sealed: p('sealed'),
      deadline: sql`now() + make_interval(secs => ${p('duration')})`,
    })
    .onConflictDoNothing({ target: playSessions.id })
    .returning(SESSION_FIELDS);
});

/**
 * Opens a play session: the questions (sealed: their answers, kept as of now, stay here until
 * each is answered) and the server's deadline.
 */
export async function createSession(db: Db, settings: SettingsStore, o: NewSession): Promise<PlaySession> {
  // One read of the questions makes both the key kept here and the questions sent.
  const wanted = [...new Set(o.questionIds)];
  return openWith(db, settings, o, wanted, await questionRows(db, o.userId, wanted, true));
}

/**
 * Opens a play session of `limit` random questions matching `where` (drawn as drawQuestionIds
 * draws): the draw and the read of the drawn questions are one statement.
 */
export async function createDrawnSession(
  db: Db,
  settings: SettingsStore,
  o: Omit<NewSession, 'questionIds'>,
  draw: { where: SQL; limit: number } | { subcategoryId: number; level: number; limit: number },
): Promise<PlaySession> {
  const rows =
    'where' in draw
      ? await drawnQuestionRows(db, o.userId, draw.where, draw.limit)
      : await drawnLevelRows(db, {
          user_id: o.userId,
          subcategory_id: draw.subcategoryId,
          level: draw.level,
          limit: draw.limit,
          start: Math.random(),
        });
  return openWith(db, settings, { ...o, questionIds: [] }, shuffled(rows.map((r) => r.id)), rows);
}

/** Stores the session of `wanted` questions (those with an active row) and answers its reply. */
async function openWith(db: Db, settings: SettingsStore, o: NewSession, wanted: number[], rows: QuestionRow[]) {
  const { ids, key } = keyOf(wanted, rows);
  if (ids.length === 0)
    throw new AppError('not_found', { field: 'questions', message: 'There are no questions here yet.' });
  o = { ...o, questionIds: ids };
  const row = await insertRow(db, settings, o, randomUUID(), key, true);
  return sessionReply(db, settings, o.userId, row!, o, rows);
}

/**
 * Records a session with an id and an answer key given (a play made on the device from an
 * offline pack: its own id, the pack version's key), for submitSession to grade. False when the
 * id is taken.
 */
export async function insertSession(
  db: Db,
  settings: SettingsStore,
  o: NewSession,
  id: string,
  key: AnswerKey,
): Promise<boolean> {
  return (await insertRow(db, settings, o, id, key, false)) !== undefined;
}

/**
 * Random question ids matching a condition: a window of the questions' fixed random order
 * (`shuffle_key`) from a random start, wrapping around, then shuffled. Reads about `limit`
 * matching rows through an index instead of sorting the whole pool. `start` in [0, 1) may be
 * given to make the draw repeatable (the daily quiz).
 */
export async function drawQuestionIds(db: Db, where: SQL, limit: number, start = Math.random()): Promise<number[]> {
  const rows = await drawWindow(db.orm, where, limit, start);
  const after = rows.filter((r) => r.after);
  const before = rows.filter((r) => !r.after).slice(0, limit - after.length);
  return shuffled([...after, ...before].map((r) => r.id));
}

/** Both sides of the start in one union: the part before it is used only to wrap around. */
function drawWindow(orm: Orm, where: SQL, limit: number | Placeholder, start: number | Placeholder) {
  const side = (after: boolean) =>
    orm
      .select({ id: q.id, shuffle_key: q.shuffle_key, after: sql<boolean>`${sql.raw(String(after))}`.as('after') })
      .from(q)
      .where(and(sql`${q.status} = 1`, where, (after ? gte : lt)(q.shuffle_key, start)))
      .orderBy(q.shuffle_key)
      .limit(limit);
  return (
    side(true)
      .unionAll(side(false))
      // A union sorts by its output columns only: the part after the start (true) first.
      .orderBy(sql`after DESC`, sql`shuffle_key`)
  );
}

/**
 * The rows of `limit` random questions matching `where`, in no order: drawQuestionIds' window and
 * the read of the questions it picks in one round trip.
 */
export async function drawnQuestionRows(db: Db, userId: number, where: SQL, limit: number, start = Math.random()) {
  return drawnQuery(db.orm, userId, where, limit, start);
}

function drawnQuery(
  orm: Orm,
  userId: number | Placeholder,
  where: SQL,
  limit: number | Placeholder,
  start: number | Placeholder,
) {
  const drawn = orm.$with('drawn').as(drawWindow(orm, where, limit, start).limit(limit));
  return orm
    .with(drawn)
    .select(questionFields(userId))
    .from(q)
    .where(inArray(q.id, orm.select({ id: drawn.id }).from(drawn)));
}

/** drawnQuestionRows of a level of a subcategory (every quiz-zone opening), built once. */
export const drawnLevelRows = prepared((orm) =>
  drawnQuery(
    orm,
    sql.placeholder('user_id'),
    sql`q.subcategory_id = ${sql.placeholder('subcategory_id')} AND q.level = ${sql.placeholder('level')}`,
    sql.placeholder('limit'),
    sql.placeholder('start'),
  ),
);
