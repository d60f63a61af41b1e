import type { PackKind, QuizResult } from '../../../core/contract';
import { DAILY_PACK_LATE_DAYS } from '../../../core/contract/packs';
import { eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { playSessions } from '../../db/schema';
import { AppError } from '../../errors';
import { resolveLanguageId } from '../languages';
import { findPackVersion, type PackKey } from '../packs';
import type { SettingsStore } from '../settings-store';
import { checkDailyPost, recordDailyPlay, type Zone } from './daily';
import { submitSession } from './grade';
import { plausiblePackPlay } from './pack-plausibility';
import { insertSession, type NewSession } from './sessions';

export interface PackPlay extends Zone {
  kind: PackKind;
  language_id?: number;
  version: string;
  session_id: string;
  fun_n_learn_id?: number;
  date?: string;
  type?: number;
  answers: { question_id: number; answer: string | null; elapsed_ms?: number }[];
}

type Plan = Omit<NewSession, 'userId' | 'languageId'> & { after?: (sessionId: string) => Promise<void> };

/** The session a text of the pack makes, as openComprehension opens it (its rewards are the text's). */
function textPlan(v: PackKey, o: PackPlay): Plan {
  if (o.fun_n_learn_id === undefined)
    throw new AppError('invalid_input', { field: 'fun_n_learn_id', message: 'fun_n_learn_id: is required' });
  const unit = v.units[String(o.fun_n_learn_id)];
  if (!unit) throw new AppError('not_found', { field: 'fun_n_learn_id', message: 'No such text in this pack.' });
  return {
    mode: 'fun_n_learn',
    questionIds: unit.ids,
    category: unit.category ?? '',
    subcategory: unit.subcategory ?? '',
    level: 1,
    unit: unit.slug ?? '',
    rewards: true,
  };
}

/** The session a day of the pack makes, as openDaily opens it, once the daily rules allow the date. */
async function dailyPlan(db: Db, userId: number, v: PackKey, o: PackPlay): Promise<Plan> {
  const date = o.date;
  if (date === undefined) throw new AppError('invalid_input', { field: 'date', message: 'date: is required' });
  const offset = await checkDailyPost(db, userId, date, o, DAILY_PACK_LATE_DAYS);
  const unit = v.units[date];
  if (!unit) throw new AppError('not_found', { field: 'date', message: 'This day is not in this pack.' });
  return {
    mode: 'daily_quiz',
    questionIds: unit.ids,
    unit: date,
    rewards: true,
    after: (id) => recordDailyPlay(db, userId, date, id, offset),
  };
}

/** Bookmarks: the pack's questions (of the mode filter played) the device sent answers for. */
function bookmarkPlan(v: PackKey, o: PackPlay): Plan {
  const answered = new Set(o.answers.map((a) => a.question_id));
  const ids = (v.units[o.type ? String(o.type) : 'all']?.ids ?? []).filter((id) => answered.has(id));
  if (ids.length === 0)
    throw new AppError('invalid_input', { field: 'answers', message: 'answers: none is for a question of this pack' });
  return { mode: 'bookmark', questionIds: ids, rewards: false };
}

/**
 * Grades a play made on the device from a pack, against the answer key of the version named, with
 * the rewards the mode's online play gives (submitSession on a session recorded under the
 * device's id). An implausible play (see plausiblePackPlay) is graded and pays nothing. The same
 * id again answers the stored result; another player's id is not found.
 */
export async function submitPackPlay(
  db: Db,
  settings: SettingsStore,
  userId: number,
  o: PackPlay,
): Promise<QuizResult> {
  // One at a time per player: a twin of this post waits here, then finds the session below.
  await db.run(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
  const [prior] = await db.orm
    .select({ user_id: playSessions.user_id })
    .from(playSessions)
    .where(eq(playSessions.id, o.session_id));
  if (prior && prior.user_id !== userId) throw new AppError('not_found', { field: 'session_id' });
  if (prior) return submitSession(db, settings, userId, o.session_id, o.answers);

  const languageId = await resolveLanguageId(db, settings, o.language_id);
  const v = await findPackVersion(db, o.kind, userId, languageId, o.version);
  if (!v) throw new AppError('pack_outdated', { field: 'version' });
  const plan =
    o.kind === 'fun-and-learn'
      ? textPlan(v, o)
      : o.kind === 'daily-quiz'
        ? await dailyPlan(db, userId, v, o)
        : bookmarkPlan(v, o);
  const { after, ...session } = plan;
  const ids = session.questionIds.filter((id) => v.answer_key[String(id)] !== undefined);
  const pick = (m: Record<string, string>) => Object.fromEntries(ids.map((id) => [id, m[String(id)]!]));
  const key = { answers: pick(v.answer_key), types: pick(v.question_types) };
  // The key was on the device: what it pays depends on the play being one a person could make.
  const plausible =
    !session.rewards ||
    (await plausiblePackPlay(
      db,
      settings,
      { userId, kind: o.kind, languageId, version: o.version, sessionId: o.session_id },
      ids,
      o.answers,
    ));
  const fresh = await insertSession(
    db,
    settings,
    { ...session, rewards: session.rewards && plausible, questionIds: ids, userId, languageId },
    o.session_id,
    key,
  );
  // Taken meanwhile by another player's session (a same-player twin waited on the lock above).
  if (!fresh) throw new AppError('not_found', { field: 'session_id' });
  await after?.(o.session_id);
  return submitSession(db, settings, userId, o.session_id, o.answers);
}
