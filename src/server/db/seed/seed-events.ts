import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTEST_CATEGORY_TYPE, EXAM_CATEGORY_TYPE } from '../../../core/contract';
import type { Prize } from '../../../core/rules/contest';
import { createContest } from '../../domain/contests';
import { createExam } from '../../domain/exams';
import { and, eq } from 'drizzle-orm';
import { sql, type Db } from '../client';
import { categories, questions as questionsTable } from '../schema';
import { questionRow, type SeedQuestion } from './seed-modes';

type EventQuestion = SeedQuestion & { marks?: number };

/** Exams and contests as the demo content files write them (demo-content/events/*.json). */
export interface EventsFile {
  language: string;
  exams: {
    title: string;
    description: string;
    key: string;
    /** Open from this many days before the seeding day to this many after. */
    open_days_before: number;
    open_days_after: number;
    duration_minutes: number;
    questions: EventQuestion[];
  }[];
  contests: {
    name: string;
    description: string;
    image: string;
    /** Hours from the seeding instant (negative: already started). */
    starts_in_hours: number;
    duration_hours: number;
    entry_fee: number;
    prizes: Prize[];
    questions: EventQuestion[];
  }[];
}

/** The category of a language that holds exam (7) or contest (8) questions; made when missing. */
export async function eventCategory(db: Db, languageId: number, type: number): Promise<number> {
  const slug = type === EXAM_CATEGORY_TYPE ? 'exam-questions' : 'contest-questions';
  await db.run(sql`INSERT INTO categories (language_id, type, slug, name)
    VALUES (${languageId}, ${type}, ${slug}, ${type === EXAM_CATEGORY_TYPE ? 'Exams' : 'Contests'})
    ON CONFLICT (language_id, type, slug) DO NOTHING`);
  const [category] = await db.orm
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.language_id, languageId), eq(categories.type, type), eq(categories.slug, slug)));
  return category!.id;
}

/** Inserts exam or contest questions; their ids in the order given. */
export async function insertEventQuestions(
  db: Db,
  languageId: number,
  type: number,
  questions: readonly EventQuestion[],
): Promise<number[]> {
  const categoryId = await eventCategory(db, languageId, type);
  const ids: number[] = [];
  for (const q of questions) {
    const r = questionRow(q);
    const [row] = await db.orm
      .insert(questionsTable)
      .values({ language_id: languageId, category_id: categoryId, ...r, marks: q.marks ?? 1 })
      .returning({ id: questionsTable.id });
    ids.push(row!.id);
  }
  return ids;
}

/** The events files of the demo content. */
export function readEventFiles(dir: string): EventsFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as EventsFile);
}

const day = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Seeds one language's demo exams and contests, timed from `now`. */
export async function seedEventsFile(db: Db, languageId: number, file: EventsFile, now = new Date()): Promise<void> {
  for (const e of file.exams) {
    await createExam(db, {
      languageId,
      title: e.title,
      description: e.description,
      key: e.key,
      startsOn: day(now, -e.open_days_before),
      endsOn: day(now, e.open_days_after),
      durationMinutes: e.duration_minutes,
      questionIds: await insertEventQuestions(db, languageId, EXAM_CATEGORY_TYPE, e.questions),
    });
  }
  for (const c of file.contests) {
    const startsAt = new Date(now.getTime() + c.starts_in_hours * 3_600_000);
    await createContest(db, {
      languageId,
      name: c.name,
      description: c.description,
      image: c.image,
      startsAt,
      endsAt: new Date(startsAt.getTime() + c.duration_hours * 3_600_000),
      entryFee: c.entry_fee,
      prizes: c.prizes,
      questionIds: await insertEventQuestions(db, languageId, CONTEST_CATEGORY_TYPE, c.questions),
    });
  }
}
