import type { AdminEventQuestion } from '../../../core/contract';
import { CONTEST_CATEGORY_TYPE, EXAM_CATEGORY_TYPE } from '../../../core/contract';
import { and, asc, eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { categories, contestQuestions, examQuestions, languages, questions } from '../../db/schema';
import { intArray, jsonText } from '../../db/sql-helpers';
import { AppError } from '../../errors';

/**
 * Contest and exam questions are ordinary question rows in the categories of their own types
 * (contest 8, exam 7) of a language, linked in order through contest_questions / exam_questions.
 */
export type EventKind = 'contest' | 'exam';

const LINKS = {
  contest: {
    table: contestQuestions,
    key: contestQuestions.contest_id,
    question: contestQuestions.question_id,
    sort: contestQuestions.sort,
    type: CONTEST_CATEGORY_TYPE,
  },
  exam: {
    table: examQuestions,
    key: examQuestions.exam_id,
    question: examQuestions.question_id,
    sort: examQuestions.sort,
    type: EXAM_CATEGORY_TYPE,
  },
};

/** The questions of a contest or exam in their order, answers included (operators only). */
export async function eventQuestions(db: Db, kind: EventKind, id: number): Promise<AdminEventQuestion[]> {
  const l = LINKS[kind];
  return db.orm
    .select({
      id: questions.id,
      type: questions.type,
      question: questions.question,
      options: questions.options,
      answer: jsonText(questions.answer),
      marks: questions.marks,
      status: questions.status,
    })
    .from(l.table)
    .innerJoin(questions, eq(questions.id, l.question))
    .where(eq(l.key, id))
    .orderBy(asc(l.sort), asc(questions.id));
}

/** The question ids of a contest or exam in order. */
export async function eventQuestionIds(db: Db, kind: EventKind, id: number): Promise<number[]> {
  const l = LINKS[kind];
  const rows = await db.orm
    .select({ id: l.question })
    .from(l.table)
    .where(eq(l.key, id))
    .orderBy(asc(l.sort), asc(l.question));
  return rows.map((r) => r.id);
}

/**
 * Refuses (400, field `questions`) any id that is not an active question of the kind's category
 * type in the language; answers the questions' current marks by id.
 */
export async function checkEventQuestions(
  db: Db,
  kind: EventKind,
  languageId: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const rows = await db.orm
    .select({ id: questions.id, marks: questions.marks })
    .from(questions)
    .innerJoin(categories, eq(categories.id, questions.category_id))
    .where(
      and(
        sql`${questions.id} = ANY(${intArray(ids)})`,
        eq(questions.status, 1),
        eq(categories.type, LINKS[kind].type),
        eq(questions.language_id, languageId),
      ),
    );
  const marks = new Map(rows.map((r) => [r.id, r.marks]));
  const stranger = ids.find((id) => !marks.has(id));
  if (stranger !== undefined)
    throw new AppError('invalid_input', {
      field: 'questions',
      message: `questions: ${stranger} is not an active ${kind} question in this language`,
    });
  return marks;
}

/** Replaces the questions of a contest or exam with `ids`, in that order. */
export async function setEventQuestions(db: Db, kind: EventKind, id: number, ids: readonly number[]): Promise<void> {
  const l = LINKS[kind];
  await db.orm.delete(l.table).where(eq(l.key, id));
  await db.run(sql`INSERT INTO ${l.table} (${sql.identifier(l.key.name)}, question_id, sort)
    SELECT ${id}, q, n FROM unnest(${intArray(ids)}) WITH ORDINALITY AS t(q, n)`);
}

/** Refuses (400, field `language_id`) a language that does not exist. */
export async function checkLanguage(db: Db, languageId: number): Promise<void> {
  const [row] = await db.orm.select({ id: languages.id }).from(languages).where(eq(languages.id, languageId));
  if (!row) throw new AppError('invalid_input', { field: 'language_id', message: 'language_id: no such language' });
}
