import type { AdminEventQuestion } from '../../../core/contract';
import { CONTEST_CATEGORY_TYPE, EXAM_CATEGORY_TYPE } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import { AppError } from '../../errors';

/**
 * Contest and exam questions are ordinary question rows in the categories of their own types
 * (contest 8, exam 7) of a language, linked in order through contest_questions / exam_questions.
 */
export type EventKind = 'contest' | 'exam';

const LINKS = {
  contest: { table: sql`contest_questions`, key: sql`contest_id`, type: CONTEST_CATEGORY_TYPE },
  exam: { table: sql`exam_questions`, key: sql`exam_id`, type: EXAM_CATEGORY_TYPE },
};

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** The questions of a contest or exam in their order, answers included (operators only). */
export async function eventQuestions(db: Db, kind: EventKind, id: number): Promise<AdminEventQuestion[]> {
  const l = LINKS[kind];
  return db.rows<AdminEventQuestion>(sql`SELECT q.id, q.type, q.question, q.options, q.answer #>> '{}' AS answer,
      q.marks, q.status
    FROM ${l.table} x JOIN questions q ON q.id = x.question_id
    WHERE x.${l.key} = ${id} ORDER BY x.sort, q.id`);
}

/** The question ids of a contest or exam in order. */
export async function eventQuestionIds(db: Db, kind: EventKind, id: number): Promise<number[]> {
  const l = LINKS[kind];
  const rows = await db.rows<{ id: number }>(sql`SELECT question_id AS id FROM ${l.table}
    WHERE ${l.key} = ${id} ORDER BY sort, question_id`);
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
  const rows = await db.rows<{ id: number; marks: number }>(sql`SELECT q.id, q.marks FROM questions q
    JOIN categories c ON c.id = q.category_id
    WHERE q.id = ANY(${intArray(ids)}::integer[]) AND q.status = 1
      AND c.type = ${LINKS[kind].type} AND q.language_id = ${languageId}`);
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
  await db.run(sql`DELETE FROM ${l.table} WHERE ${l.key} = ${id}`);
  await db.run(sql`INSERT INTO ${l.table} (${l.key}, question_id, sort)
    SELECT ${id}, q, n FROM unnest(${intArray(ids)}::integer[]) WITH ORDINALITY AS t(q, n)`);
}

/** Refuses (400, field `language_id`) a language that does not exist. */
export async function checkLanguage(db: Db, languageId: number): Promise<void> {
  const row = await db.one(sql`SELECT 1 AS one FROM languages WHERE id = ${languageId}`);
  if (!row) throw new AppError('invalid_input', { field: 'language_id', message: 'language_id: no such language' });
}

/** `%text%` for ILIKE, with the pattern characters of the search taken literally. */
export function likePattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}
