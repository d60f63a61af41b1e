import type { AdminQuestion, AdminQuestionDetail } from '../../../core/contract';
import { eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { questions } from '../../db/schema';
import { isoSeconds } from '../../db/sql-helpers';
import { exportRow } from '../content-import/export-category';
import { likePattern, notFound, statusCondition } from './content-common';

const COLUMNS = sql`q.id, q.language_id, q.category_id, c.name AS category_name, c.type::int AS category_type,
  q.subcategory_id, coalesce(s.name, '') AS subcategory_name, q.comprehension_id, q.type, q.question, q.options,
  q.match_options, q.answer #>> '{}' AS answer, q.explanation, q.image, q.audio, q.latex, q.level, q.marks,
  q.status::int AS status, ${isoSeconds(sql`q.created_at`)} AS created_at,
  (SELECT count(*)::int FROM question_reports r WHERE r.question_id = q.id AND r.status = 'open') AS open_reports`;
/** Questions of the content modes and of the exam and contest question banks. */
const FROM = sql`FROM questions q JOIN categories c ON c.id = q.category_id AND c.type BETWEEN 1 AND 8
  LEFT JOIN subcategories s ON s.id = q.subcategory_id`;

export interface QuestionQuery {
  language_id?: number;
  category_id?: number;
  subcategory_id?: number;
  comprehension_id?: number;
  category_type?: number;
  type?: string;
  level?: number;
  status: 'all' | 'active' | 'inactive';
  search?: string;
  sort: 'id' | 'level' | 'created';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const SORTS = { id: sql`q.id`, level: sql`q.level`, created: sql`q.created_at` };

/** Questions matching the filters (a search in their text, or an id), a page of them and how many. */
export async function listQuestions(db: Db, q: QuestionQuery): Promise<{ rows: AdminQuestion[]; total: number }> {
  const like = likePattern(q.search);
  const where = sql`WHERE TRUE
    ${q.language_id ? sql`AND q.language_id = ${q.language_id}` : sql``}
    ${q.category_id ? sql`AND q.category_id = ${q.category_id}` : sql``}
    ${q.subcategory_id ? sql`AND q.subcategory_id = ${q.subcategory_id}` : sql``}
    ${q.comprehension_id ? sql`AND q.comprehension_id = ${q.comprehension_id}` : sql``}
    ${q.type ? sql`AND q.type = ${q.type}` : sql``}
    ${
      q.category_type
        ? sql`AND c.type = ${q.category_type}`
        : // The exam and contest banks when asked for (by type or by one of their categories) only:
          // pickers of quiz questions (the daily quiz) must not offer them.
          q.category_id
          ? sql``
          : sql`AND c.type BETWEEN 1 AND 6`
    }
    ${q.level ? sql`AND q.level = ${q.level}` : sql``}
    ${like ? sql`AND (q.question ILIKE ${like} OR q.id::text = ${q.search})` : sql``}
    ${statusCondition(sql`q.status`, q.status)}`;
  const dir = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await db.rows<AdminQuestion>(sql`SELECT ${COLUMNS} ${FROM} ${where}
    ORDER BY ${SORTS[q.sort]} ${dir}, q.id ${dir} LIMIT ${q.limit} OFFSET ${q.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n ${FROM} ${where}`);
  return { rows, total: n!.n };
}

/** One question with its answer as the form's cells (the import layout), or a 404 on `field`. */
export async function adminQuestion(db: Db, id: number, field = 'id'): Promise<AdminQuestionDetail> {
  const q = await db.one<AdminQuestion & { language_code: string }>(sql`SELECT ${COLUMNS}, l.code AS language_code
    ${FROM} JOIN languages l ON l.id = q.language_id WHERE q.id = ${id}`);
  if (!q) notFound(field, 'question');
  const { language_code, ...question } = q;
  const fields = exportRow({ ...q, subcategory: q.subcategory_name || null }, q.category_name, language_code);
  return { ...question, fields };
}

/** Deactivates a question: status 0 keeps it for the plays, bookmarks and reports that refer to it. */
export async function deactivateQuestion(
  db: Db,
  id: number,
): Promise<{ before: AdminQuestionDetail; after: AdminQuestionDetail }> {
  const before = await adminQuestion(db, id);
  await db.orm.update(questions).set({ status: 0 }).where(eq(questions.id, id));
  return { before, after: await adminQuestion(db, id) };
}
