import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../../db/client';
import { examQuestions, exams } from '../../db/schema';
import { intArray } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { createExam } from '../exams';
import { operatorToday } from './events-exams';
import { checkEventQuestions, checkLanguage, eventQuestions, setEventQuestions } from './events-questions';

/** An exam as the audit log records it (never its key: only whether it changed). */
export interface ExamSnapshot {
  language_id: number;
  title: string;
  description: string;
  starts_on: string;
  ends_on: string;
  duration: number;
  /** In order, with each question's marks. */
  questions: { id: number; marks: number }[];
}

/** What an operator saves: absent fields stay as they are (a new exam needs the schema's). */
export interface ExamChange {
  exam_id?: number;
  language_id?: number;
  title?: string;
  description?: string;
  exam_key?: string;
  start_date?: string;
  end_date?: string;
  timezone?: string;
  duration?: number;
  questions?: { question_id: number; marks?: number }[];
}

// Exams are read as `e` (the attempts subquery names it in its own text: drizzle writes a column
// of a one-table select unqualified, which the subquery would read as its own table's).
const e = alias(exams, 'e');

async function snapshot(db: Db, id: number, lock: boolean) {
  const query = db.orm
    .select({
      language_id: e.language_id,
      title: e.title,
      description: e.description,
      starts_on: sql<string>`to_char(${e.starts_on}, 'YYYY-MM-DD')`,
      ends_on: sql<string>`to_char(${e.ends_on}, 'YYYY-MM-DD')`,
      duration: e.duration_minutes,
      exam_key: e.exam_key,
      attempted: sql<boolean>`EXISTS (SELECT 1 FROM exam_attempts a WHERE a.exam_id = e.id)`,
    })
    .from(e)
    .where(eq(e.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('not_found', { field: 'exam_id', message: 'No such exam.' });
  const { exam_key, attempted, ...rest } = row;
  const questions = (await eventQuestions(db, 'exam', id)).map((q) => ({ id: q.id, marks: q.marks }));
  return { key: exam_key, attempted, s: { ...rest, questions } };
}

/** The list as saved already: same questions in the same order, and no marks given that differ. */
function sameQuestions(list: NonNullable<ExamChange['questions']>, current: ExamSnapshot['questions']): boolean {
  return (
    list.length === current.length &&
    list.every((q, i) => q.question_id === current[i]!.id && (q.marks === undefined || q.marks === current[i]!.marks))
  );
}

const bad = (field: string, why: string) => new AppError('invalid_input', { field, message: `${field}: ${why}` });

/** The open days: in order, and a day changed to is not before today in the operator's zone. */
async function checkDays(db: Db, before: ExamSnapshot | null, next: ExamSnapshot, timezone?: string): Promise<void> {
  if (next.ends_on < next.starts_on) throw bad('end_date', 'must not be before the start date');
  const changed = (k: 'starts_on' | 'ends_on') => !before || before[k] !== next[k];
  if (!changed('starts_on') && !changed('ends_on')) return;
  const today = await operatorToday(db, timezone ?? 'UTC');
  if (changed('starts_on') && next.starts_on < today) throw bad('start_date', `must not be before today (${today})`);
  if (changed('ends_on') && next.ends_on < today) throw bad('end_date', `must not be before today (${today})`);
}

/**
 * The questions with their marks as saved: each an active exam question of the language; a
 * question whose marks change must not be in an exam already attempted (its results hold them).
 */
async function nextQuestions(db: Db, c: ExamChange, languageId: number, current: ExamSnapshot['questions']) {
  const list = c.questions ?? current.map((q) => ({ question_id: q.id, marks: undefined }));
  const marks = await checkEventQuestions(
    db,
    'exam',
    languageId,
    list.map((q) => q.question_id),
  );
  const next = list.map((q) => ({ id: q.question_id, marks: q.marks ?? marks.get(q.question_id)! }));
  const remarked = next.filter((q) => q.marks !== marks.get(q.id)).map((q) => q.id);
  if (remarked.length) {
    const [used] = await db.orm
      .select({ id: examQuestions.question_id })
      .from(examQuestions)
      .where(
        and(
          sql`${examQuestions.question_id} = ANY(${intArray(remarked)})`,
          sql`EXISTS (SELECT 1 FROM exam_attempts a WHERE a.exam_id = ${examQuestions.exam_id})`,
        ),
      )
      .limit(1);
    if (used) throw new AppError('exam_attempted', { field: 'questions' });
  }
  return { next, remarked };
}

/**
 * Creates or edits an exam. Once attempted, its language, questions, marks and duration are
 * fixed (409); its title, rules, key and open days may still change.
 */
export async function saveExam(
  db: Db,
  c: ExamChange,
): Promise<{ id: number; before: ExamSnapshot | null; after: ExamSnapshot & { key_changed: boolean } }> {
  const prior = c.exam_id ? await snapshot(db, c.exam_id, true) : null;
  const before = prior?.s ?? null;
  const start = c.start_date ?? before?.starts_on ?? '';
  const base: ExamSnapshot = before ?? {
    ...{ language_id: 0, title: '', description: '', starts_on: start, ends_on: start, duration: 0, questions: [] },
  };
  const next: ExamSnapshot = {
    language_id: c.language_id ?? base.language_id,
    title: c.title ?? base.title,
    description: c.description ?? base.description,
    starts_on: start,
    ends_on: c.end_date ?? base.ends_on,
    duration: c.duration ?? base.duration,
    questions: base.questions,
  };
  const changed = {
    language_id: next.language_id !== base.language_id,
    duration: next.duration !== base.duration,
    questions: c.questions !== undefined && !sameQuestions(c.questions, base.questions),
  };
  if (prior?.attempted) {
    const locked = (['language_id', 'duration', 'questions'] as const).find((k) => changed[k]);
    if (locked) throw new AppError('exam_attempted', { field: locked });
  }
  await checkDays(db, before, next, c.timezone);
  if (changed.language_id) await checkLanguage(db, next.language_id);
  let remarked: number[] = [];
  if (!before || changed.language_id || changed.questions)
    ({ next: next.questions, remarked } = await nextQuestions(db, c, next.language_id, base.questions));
  for (const q of next.questions.filter((x) => remarked.includes(x.id)))
    await db.run(sql`UPDATE questions SET marks = ${q.marks} WHERE id = ${q.id}`);

  const key = c.exam_key ?? prior?.key ?? '';
  let id = c.exam_id;
  if (!id) {
    id = await createExam(db, {
      languageId: next.language_id,
      title: next.title,
      description: next.description,
      key,
      startsOn: next.starts_on,
      endsOn: next.ends_on,
      durationMinutes: next.duration,
      questionIds: next.questions.map((q) => q.id),
    });
  } else {
    await db.run(sql`UPDATE exams SET language_id = ${next.language_id}, title = ${next.title},
        description = ${next.description}, exam_key = ${key}, starts_on = ${next.starts_on}::date,
        ends_on = ${next.ends_on}::date, duration_minutes = ${next.duration}
      WHERE id = ${id}`);
    const ids = (s: ExamSnapshot) => s.questions.map((q) => q.id).join(',');
    if (ids(base) !== ids(next))
      await setEventQuestions(
        db,
        'exam',
        id,
        next.questions.map((q) => q.id),
      );
  }
  const after = (await snapshot(db, id, false)).s;
  return { id, before, after: { ...after, key_changed: prior !== null && key !== prior.key } };
}

/** Deletes an exam nobody has attempted; otherwise a 409. */
export async function deleteExam(db: Db, id: number): Promise<ExamSnapshot> {
  const { attempted, s } = await snapshot(db, id, true);
  if (attempted) throw new AppError('exam_attempted', { field: 'exam_id' });
  await db.run(sql`DELETE FROM exams WHERE id = ${id}`);
  return s;
}
