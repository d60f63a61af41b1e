import type { Comprehension, PlaySession, ResumedPlay } from '../../../core/contract';
import { normalizeWord } from '../../../core/rules/answers';
import type { SoloMode } from '../../../core/rules/solo-modes';
import { and, desc, eq, type Placeholder } from 'drizzle-orm';
import { sql, type Db, type SQL } from '../../db/client';
import { playAnswers, playHints, playLifelines, playSessions, questions } from '../../db/schema';
import type { SettingsStore } from '../settings-store';
import { SESSION_FIELDS, sessionReply, type SessionRow } from './sessions';

/** What a resumed reply adds to the session's own columns (as the opener would have said them). */
export interface ReplyExtra {
  maxLevel?: number;
  title?: string;
  comprehension?: Comprehension | null;
}

/**
 * One play of a mode, as its opener names it: a session of the same play still open is the one
 * a reload (or a closed tab opened again) goes on with, instead of drawing new questions.
 */
export interface PlayUnit {
  mode: SoloMode;
  languageId: number;
  category?: string;
  subcategory?: string;
  level?: number;
  unit?: string;
}

/**
 * What the server recorded of a session so far (see `ResumedPlay`). The clock of the open
 * question runs from the latest of the start, the previous verdict and a reset-timer or skip
 * lifeline (the next question opens with it); a whole-quiz clock from the start.
 */
async function playRecord(db: Db, row: SessionRow): Promise<ResumedPlay> {
  const p = playSessions;
  const [recorded] = await db.orm
    .select({
      answer_key: p.answer_key,
      question_types: p.question_types,
      spent_ms: sql<number>`(extract(epoch FROM now() - CASE WHEN ${p.total_seconds} > 0 THEN ${p.started_at}
        ELSE greatest(${p.started_at},
          (SELECT max(a.answered_at) FROM play_answers a WHERE a.session_id = ${p.id}),
          (SELECT max(l.created_at) FROM play_lifelines l
            WHERE l.session_id = ${p.id} AND l.lifeline IN ('reset_timer', 'skip'))) END) * 1000)::float8`,
    })
    .from(p)
    .where(eq(p.id, row.id));
  const s = recorded!;
  const answers = await db.orm
    .select({
      question_id: playAnswers.question_id,
      answer: playAnswers.answer,
      is_correct: playAnswers.is_correct,
      explanation: sql<string>`coalesce(${questions.explanation}, '')`,
    })
    .from(playAnswers)
    .leftJoin(questions, eq(questions.id, playAnswers.question_id))
    .where(eq(playAnswers.session_id, row.id));
  const lifelines = await db.orm
    .select({
      lifeline: playLifelines.lifeline,
      question_id: playLifelines.question_id,
      revealed: playLifelines.revealed,
    })
    .from(playLifelines)
    .where(eq(playLifelines.session_id, row.id))
    .orderBy(playLifelines.created_at, playLifelines.lifeline);
  const hints = await db.orm
    .select({ question_id: playHints.question_id, hints: playHints.hints })
    .from(playHints)
    .where(eq(playHints.session_id, row.id));
  const order = new Map(row.question_ids.map((id, i) => [id, i]));
  const keyOf = (id: number) => {
    const key = s.answer_key[String(id)] ?? '';
    return s.question_types[String(id)] === 'word' ? normalizeWord(key) : key;
  };
  return {
    answers: answers
      .filter((a) => order.has(a.question_id))
      .sort((a, b) => order.get(a.question_id)! - order.get(b.question_id)!)
      .map((a) => ({
        question_id: a.question_id,
        answer: a.answer,
        is_correct: a.is_correct,
        // Answered: its key and explanation, as its verdict gave them.
        correct_answer: keyOf(a.question_id),
        explanation: a.explanation,
      })),
    lifelines: lifelines.map((l) => ({
      lifeline: l.lifeline,
      question_id: l.question_id,
      removed: l.revealed.removed ?? [],
      poll: l.revealed.poll ?? [],
    })),
    // The letters bought, from the start of the word: nothing beyond them.
    hints: hints.flatMap((h) =>
      [...keyOf(h.question_id)].slice(0, h.hints).map((letter, position) => ({
        question_id: h.question_id,
        position,
        letter,
      })),
    ),
    spent_ms: Math.max(0, Math.round(s.spent_ms)),
  };
}

/** The reply for an open session handed back: its questions (sealed) and what was recorded of it. */
async function resumedReply(
  db: Db,
  settings: SettingsStore,
  userId: number,
  row: SessionRow,
  extra: ReplyExtra,
): Promise<PlaySession> {
  const session = await sessionReply(db, settings, userId, row, extra);
  return { ...session, resumed: await playRecord(db, row) };
}

/**
 * The player's own open session of this play (unfinished, within its deadline, sealed: an
 * offline pack's play is recorded finished), the latest if several; null when there is none.
 */
export async function resumeOpenPlay(
  db: Db,
  settings: SettingsStore,
  userId: number,
  p: PlayUnit,
  extra: ReplyExtra = {},
): Promise<PlaySession | null> {
  const [row] = await db.orm
    .select(SESSION_FIELDS)
    .from(playSessions)
    .where(
      openPlayOf({
        userId,
        mode: p.mode,
        languageId: p.languageId,
        category: p.category ?? '',
        subcategory: p.subcategory ?? '',
        level: p.level ?? 0,
        unit: p.unit ?? '',
      }),
    )
    .orderBy(desc(playSessions.started_at))
    .limit(1);
  return row ? resumedReply(db, settings, userId, row, extra) : null;
}

type Value<T> = T | Placeholder;

/**
 * The sessions of `play_sessions` that are a player's open play of a unit (unfinished, within
 * their deadline, sealed: an offline pack's play is recorded finished); each value may be a
 * prepared statement's placeholder (the level's opening looks for it in its own statement).
 */
export function openPlayOf(p: {
  userId: Value<number>;
  mode: Value<SoloMode>;
  languageId: Value<number>;
  category: Value<string>;
  subcategory: Value<string>;
  level: Value<number>;
  unit: Value<string>;
}): SQL {
  const s = playSessions;
  return and(
    eq(s.user_id, p.userId),
    eq(s.mode, p.mode),
    eq(s.language_id, p.languageId),
    eq(s.category, p.category),
    eq(s.subcategory, p.subcategory),
    eq(s.level, p.level),
    eq(s.unit, p.unit),
    sql`${s.sealed} AND ${s.finished_at} IS NULL AND now() <= ${s.deadline}`,
  )!;
}

/** An open session of the player again, by id (the daily quiz resumes rather than starting over). */
export async function resumeSession(
  db: Db,
  settings: SettingsStore,
  userId: number,
  sessionId: string,
  extra: ReplyExtra = {},
): Promise<PlaySession | null> {
  const s = playSessions;
  const [row] = await db.orm
    .select(SESSION_FIELDS)
    .from(s)
    .where(and(eq(s.id, sessionId), eq(s.user_id, userId), sql`${s.finished_at} IS NULL AND now() <= ${s.deadline}`));
  return row ? resumedReply(db, settings, userId, row, extra) : null;
}
