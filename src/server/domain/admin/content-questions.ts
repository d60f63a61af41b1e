import type { AdminQuestion, AdminQuestionDetail, QuestionType } from '../../../core/contract';
import { and, asc, between, count, desc, eq, ilike, or } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { categories, languages, questionReports, questions, subcategories } from '../../db/schema';
import { isoSeconds, jsonText } from '../../db/sql-helpers';
import { exportRow } from '../content-import/export-category';
import { countOf, likePattern, notFound, statusFlag, statusIs } from './content-common';

const questionColumns = {
  id: questions.id,
  language_id: questions.language_id,
  category_id: questions.category_id,
  category_name: categories.name,
  category_type: sql<number>`${categories.type}::int`,
  subcategory_id: questions.subcategory_id,
  subcategory_name: sql<string>`coalesce(${subcategories.name}, '')`,
  comprehension_id: questions.comprehension_id,
  // Saves check the type against the import's rules (question-row.ts).
  type: sql<QuestionType>`${questions.type}`,
  question: questions.question,
  options: questions.options,
  match_options: questions.match_options,
  answer: jsonText(questions.answer),
  explanation: questions.explanation,
  image: questions.image,
  audio: questions.audio,
  latex: questions.latex,
  level: questions.level,
  marks: questions.marks,
  status: statusFlag(questions.status),
  created_at: isoSeconds(questions.created_at),
  open_reports: countOf(
    questionReports,
    sql`${questionReports.question_id} = ${questions.id} AND ${questionReports.status} = 'open'`,
  ),
};

/** Questions of the content modes and of the exam and contest question banks. */
const inBanks = and(eq(categories.id, questions.category_id), between(categories.type, 1, 8));

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

const SORTS = { id: questions.id, level: questions.level, created: questions.created_at };

/** Questions matching the filters (a search in their text, or an id), a page of them and how many. */
export async function listQuestions(db: Db, q: QuestionQuery): Promise<{ rows: AdminQuestion[]; total: number }> {
  const like = likePattern(q.search);
  const where = and(
    q.language_id ? eq(questions.language_id, q.language_id) : undefined,
    q.category_id ? eq(questions.category_id, q.category_id) : undefined,
    q.subcategory_id ? eq(questions.subcategory_id, q.subcategory_id) : undefined,
    q.comprehension_id ? eq(questions.comprehension_id, q.comprehension_id) : undefined,
    q.type ? eq(questions.type, q.type) : undefined,
    q.category_type
      ? eq(categories.type, q.category_type)
      : // The exam and contest banks when asked for (by type or by one of their categories) only:
        // pickers of quiz questions (the daily quiz) must not offer them.
        q.category_id
        ? undefined
        : between(categories.type, 1, 6),
    q.level ? eq(questions.level, q.level) : undefined,
    like ? or(ilike(questions.question, like), sql`${questions.id}::text = ${q.search}`) : undefined,
    statusIs(questions.status, q.status),
  );
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db.orm
    .select(questionColumns)
    .from(questions)
    .innerJoin(categories, inBanks)
    .leftJoin(subcategories, eq(subcategories.id, questions.subcategory_id))
    .where(where)
    .orderBy(dir(SORTS[q.sort]), dir(questions.id))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(questions).innerJoin(categories, inBanks).where(where);
  return { rows, total: n!.n };
}

/** One question with its answer as the form's cells (the import layout), or a 404 on `field`. */
export async function adminQuestion(db: Db, id: number, field = 'id'): Promise<AdminQuestionDetail> {
  const [q] = await db.orm
    .select({ ...questionColumns, language_code: languages.code })
    .from(questions)
    .innerJoin(categories, inBanks)
    .leftJoin(subcategories, eq(subcategories.id, questions.subcategory_id))
    .innerJoin(languages, eq(languages.id, questions.language_id))
    .where(eq(questions.id, id));
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
