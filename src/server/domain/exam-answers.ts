import type { ExamAnswerSaved, ExamSavedAnswer } from '../../core/contract';
import { canonicalAnswer } from '../../core/rules/answers';
import { and, eq, isNotNull } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { examAnswers, examAttempts } from '../db/schema';
import { jsonText } from '../db/sql-helpers';
import { AppError } from '../errors';

/**
 * Exam answers kept on the server as the player gives them (issue 21 §4), so that an attempt
 * resumes with its answers on any device and the submission grades what was saved even when the
 * device that gave it is gone. The deadline is the attempt's, on the database's clock.
 */

/** The answers saved for a player's attempt, in the order of `questionIds` (the exam's). */
export async function savedAnswers(
  db: Db,
  examId: number,
  userId: number,
  questionIds: readonly number[],
): Promise<ExamSavedAnswer[]> {
  const ea = examAnswers;
  const rows = await db.orm
    .select({ question_id: ea.question_id, answer: sql<string>`${ea.answer}`, revision: ea.revision })
    .from(ea)
    .where(and(eq(ea.exam_id, examId), eq(ea.user_id, userId), isNotNull(ea.answer)));
  const by = new Map(rows.map((r) => [r.question_id, r]));
  return questionIds.flatMap((id) => {
    const r = by.get(id);
    return r ? [{ question_id: id, answer: r.answer, revision: Number(r.revision) }] : [];
  });
}

/** The answer as kept: its type's canonical form, null for none (''); undefined when it is no answer of that type. */
function keptForm(type: string, given: string): string | null | undefined {
  if (given.trim() === '') return null;
  const c = canonicalAnswer(type, given);
  return c === null || c === '' ? undefined : c;
}

/**
 * set_exam_module_answer: keeps one answer of the player's attempt under way. A save with a
 * revision no newer than the one kept changes nothing and answers what is kept (a repeat, or a
 * queued save overtaken by a later one). The attempt row is locked, so a save and the
 * submission never interleave.
 */
export async function saveExamAnswer(
  db: Db,
  userId: number,
  o: { examId: number; questionId: number; answer: string; revision: number; graceSeconds: number },
): Promise<ExamAnswerSaved> {
  const t = examAttempts;
  const [a] = await db.orm
    .select({
      question_ids: t.question_ids,
      question_types: sql<Record<string, string>>`${t.question_types}`,
      submitted: sql<boolean>`${t.submitted_at} IS NOT NULL`,
      late: sql<boolean>`now() > ${t.deadline} + make_interval(secs => ${o.graceSeconds})`,
      deadline: jsonText(t.deadline),
      now: jsonText(sql`now()`),
    })
    .from(t)
    .where(and(eq(t.exam_id, o.examId), eq(t.user_id, userId)))
    .for('update');
  // Another player's attempt, or none started: as if the exam had none.
  if (!a) throw new AppError('not_found', { field: 'exam_module_id', message: 'Start the exam first.' });
  if (a.submitted) throw new AppError('exam_submitted', { field: 'exam_module_id' });
  if (a.late) throw new AppError('exam_time_over', { field: 'exam_module_id' });
  if (!a.question_ids.includes(o.questionId))
    throw new AppError('not_found', { field: 'question_id', message: 'This question is not in this exam.' });
  const answer = keptForm(a.question_types[String(o.questionId)] ?? 'mcq', o.answer);
  if (answer === undefined)
    throw new AppError('invalid_input', { field: 'answer', message: 'answer: is not an answer to this question' });
  await db.run(sql`INSERT INTO exam_answers (exam_id, user_id, question_id, answer, revision)
    VALUES (${o.examId}, ${userId}, ${o.questionId}, ${answer}, ${o.revision})
    ON CONFLICT (exam_id, user_id, question_id) DO UPDATE
      SET answer = excluded.answer, revision = excluded.revision, saved_at = now()
      WHERE exam_answers.revision < excluded.revision`);
  const ea = examAnswers;
  const [kept] = await db.orm
    .select({
      answer: ea.answer,
      revision: ea.revision,
      answered: sql<number>`(SELECT count(*)::int FROM exam_answers
        WHERE exam_id = ${o.examId} AND user_id = ${userId} AND answer IS NOT NULL)`,
    })
    .from(ea)
    .where(and(eq(ea.exam_id, o.examId), eq(ea.user_id, userId), eq(ea.question_id, o.questionId)));
  return {
    exam_module_id: o.examId,
    question_id: o.questionId,
    answer: kept!.answer,
    revision: Number(kept!.revision),
    answered: kept!.answered,
    deadline: new Date(a.deadline).toISOString(),
    server_time: new Date(a.now).toISOString(),
  };
}

/**
 * The answers a submission grades: those saved, with each answer the device submits in place of
 * the saved one for its question (the device's last word); a blank submitted answer keeps the saved.
 */
export async function mergedAnswers(
  db: Db,
  examId: number,
  userId: number,
  questionIds: readonly number[],
  submitted: readonly { question_id: number; answer: string | null }[],
): Promise<Map<number, string | null>> {
  const given = new Map<number, string | null>(
    (await savedAnswers(db, examId, userId, questionIds)).map((x) => [x.question_id, x.answer]),
  );
  const seen = new Set<number>();
  for (const x of submitted) {
    if (seen.has(x.question_id)) continue;
    seen.add(x.question_id);
    if (x.answer !== null && x.answer.trim() !== '') given.set(x.question_id, x.answer);
  }
  return given;
}
