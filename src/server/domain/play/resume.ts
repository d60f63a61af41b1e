import type { Comprehension, PlaySession, PollShare, ResumedPlay } from '../../../core/contract';
import { normalizeWord } from '../../../core/rules/answers';
import { type Lifeline } from '../../../core/rules/lifelines';
import type { SoloMode } from '../../../core/rules/solo-modes';
import { sql, type Db } from '../../db/client';
import type { SettingsStore } from '../settings-store';
import { SESSION_COLUMNS, sessionReply, type SessionRow } from './sessions';

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

interface Recorded {
  answer_key: Record<string, string>;
  question_types: Record<string, string>;
  spent_ms: number;
}

/**
 * What the server recorded of a session so far (see `ResumedPlay`). The clock of the open
 * question runs from the latest of the start, the previous verdict and a reset-timer or skip
 * lifeline (the next question opens with it); a whole-quiz clock from the start.
 */
async function playRecord(db: Db, row: SessionRow): Promise<ResumedPlay> {
  const s = (await db.one<Recorded>(sql`SELECT p.answer_key, p.question_types,
      (extract(epoch FROM now() - CASE WHEN p.total_seconds > 0 THEN p.started_at ELSE greatest(p.started_at,
        (SELECT max(a.answered_at) FROM play_answers a WHERE a.session_id = p.id),
        (SELECT max(l.created_at) FROM play_lifelines l
          WHERE l.session_id = p.id AND l.lifeline IN ('reset_timer', 'skip'))) END) * 1000)::float8 AS spent_ms
    FROM play_sessions p WHERE p.id = ${row.id}::uuid`))!;
  const answers = await db.rows<{
    question_id: number;
    answer: string | null;
    is_correct: boolean;
    explanation: string;
  }>(
    sql`SELECT a.question_id, a.answer, a.is_correct, coalesce(q.explanation, '') AS explanation
      FROM play_answers a LEFT JOIN questions q ON q.id = a.question_id WHERE a.session_id = ${row.id}::uuid`,
  );
  const lifelines = await db.rows<{
    lifeline: Lifeline;
    question_id: number;
    revealed: { removed?: string[]; poll?: PollShare[] };
  }>(
    sql`SELECT lifeline, question_id, revealed FROM play_lifelines WHERE session_id = ${row.id}::uuid
      ORDER BY created_at, lifeline`,
  );
  const hints = await db.rows<{ question_id: number; hints: number }>(
    sql`SELECT question_id, hints FROM play_hints WHERE session_id = ${row.id}::uuid`,
  );
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
  const row = await db.one<SessionRow>(sql`SELECT ${SESSION_COLUMNS} FROM play_sessions
    WHERE user_id = ${userId} AND mode = ${p.mode} AND language_id = ${p.languageId}
      AND category = ${p.category ?? ''} AND subcategory = ${p.subcategory ?? ''} AND level = ${p.level ?? 0}
      AND unit = ${p.unit ?? ''} AND sealed AND finished_at IS NULL AND now() <= deadline
    ORDER BY started_at DESC LIMIT 1`);
  return row ? resumedReply(db, settings, userId, row, extra) : null;
}

/** An open session of the player again, by id (the daily quiz resumes rather than starting over). */
export async function resumeSession(
  db: Db,
  settings: SettingsStore,
  userId: number,
  sessionId: string,
  extra: ReplyExtra = {},
): Promise<PlaySession | null> {
  const row = await db.one<SessionRow>(sql`SELECT ${SESSION_COLUMNS} FROM play_sessions
    WHERE id = ${sessionId}::uuid AND user_id = ${userId} AND finished_at IS NULL AND now() <= deadline`);
  return row ? resumedReply(db, settings, userId, row, extra) : null;
}
