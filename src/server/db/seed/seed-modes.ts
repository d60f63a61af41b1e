import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORY_TYPES } from '../../../core/contract';
import { and, count, eq } from 'drizzle-orm';
import { sql, type Db } from '../client';
import { categories, comprehensions, subcategories } from '../schema';

/** A question as the demo content files write it (see demo-content/modes/*.json). */
export type SeedQuestion =
  | {
      type: 'mcq' | 'true_false';
      question: string;
      options: string[];
      answer: number;
      explanation: string;
      latex?: boolean;
      audio?: string;
      image?: string;
    }
  | { type: 'multi_select'; question: string; options: string[]; answers: number[]; explanation: string }
  | { type: 'sequence'; question: string; items: string[]; explanation: string }
  | { type: 'match'; question: string; pairs: [string, string][]; explanation: string }
  | { type: 'word'; question: string; answer: string; image?: string; explanation: string };

interface SeedText {
  slug: string;
  title: string;
  detail: string;
  video_url?: string;
  questions: SeedQuestion[];
}

export interface ModeFile {
  language: string;
  mode: keyof typeof CATEGORY_TYPES;
  categories: {
    slug: string;
    name: string;
    image: string;
    premium_price: number;
    subcategories: { slug: string; name: string; image: string; levels?: SeedQuestion[][]; texts?: SeedText[] }[];
  }[];
}

const LEFT_IDS = 'abcde';
const RIGHT_IDS = '12345';

/** A question row: options with ids and the canonical answer (core/rules/solo-modes.ts). */
export function questionRow(q: SeedQuestion) {
  const base = { type: q.type, question: q.question, explanation: q.explanation, image: '', audio: '', latex: false };
  const opts = (texts: string[], ids = LEFT_IDS) => texts.map((text, k) => ({ id: ids[k]!, text }));
  switch (q.type) {
    case 'mcq':
    case 'true_false':
      return {
        ...base,
        image: q.image ?? '',
        audio: q.audio ?? '',
        latex: q.latex ?? false,
        options: opts(q.options),
        match_options: [],
        answer: LEFT_IDS[q.answer]!,
      };
    case 'multi_select':
      return {
        ...base,
        options: opts(q.options),
        match_options: [],
        answer: q.answers
          .map((i) => LEFT_IDS[i]!)
          .sort()
          .join(','),
      };
    case 'sequence':
      return {
        ...base,
        options: opts(q.items),
        match_options: [],
        answer: opts(q.items)
          .map((o) => o.id)
          .join(','),
      };
    case 'match':
      return {
        ...base,
        options: opts(q.pairs.map((p) => p[0])),
        match_options: opts(
          q.pairs.map((p) => p[1]),
          RIGHT_IDS,
        ),
        answer: q.pairs.map((_, k) => `${LEFT_IDS[k]}:${RIGHT_IDS[k]}`).join(','),
      };
    case 'word':
      return { ...base, image: q.image ?? '', options: [], match_options: [], answer: q.answer };
  }
}

/** The mode files of the demo content, in a stable order. */
export function readModeFiles(dir: string): ModeFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as ModeFile);
}

async function insertQuestions(
  db: Db,
  o: { languageId: number; categoryId: number; subcategoryId: number; comprehensionId: number | null },
  rows: { level: number; q: SeedQuestion }[],
) {
  if (rows.length === 0) return;
  const data = rows.map(({ level, q }) => ({ level, ...questionRow(q) }));
  await db.run(sql`INSERT INTO questions (language_id, category_id, subcategory_id, comprehension_id, level, type,
      question, options, match_options, answer, explanation, image, audio, latex)
    SELECT ${o.languageId}, ${o.categoryId}, ${o.subcategoryId}, ${o.comprehensionId}, x.level, x.type, x.question,
      x.options, x.match_options, to_jsonb(x.answer), x.explanation, x.image, x.audio, x.latex
    FROM json_to_recordset(${JSON.stringify(data)}::json) AS x(level int, type text, question text,
      options jsonb, match_options jsonb, answer text, explanation text, image text, audio text, latex boolean)`);
}

/** A demo category as a seed file writes it. */
interface SeedCategory {
  slug: string;
  name: string;
  image: string;
  premium_price: number;
}

/** Inserts a demo category at its place; answers its id. */
export async function insertCategory(
  db: Db,
  at: { language_id: number; type: number; sort: number },
  c: SeedCategory,
): Promise<number> {
  const { slug, name, image, premium_price } = c;
  const [row] = await db.orm
    .insert(categories)
    .values({ ...at, slug, name, image, premium_price })
    .returning({ id: categories.id });
  return row!.id;
}

/** Inserts a demo subcategory at its place; answers its id. */
export async function insertSubcategory(
  db: Db,
  at: { category_id: number; sort: number },
  s: Omit<SeedCategory, 'premium_price'>,
): Promise<number> {
  const { slug, name, image } = s;
  const [row] = await db.orm
    .insert(subcategories)
    .values({ ...at, slug, name, image })
    .returning({ id: subcategories.id });
  return row!.id;
}

/** Inserts one mode file's categories, subcategories, texts and questions. */
export async function seedModeFile(db: Db, languageId: number, file: ModeFile): Promise<void> {
  const type = CATEGORY_TYPES[file.mode];
  const [first] = await db.orm
    .select({ n: count() })
    .from(categories)
    .where(and(eq(categories.language_id, languageId), eq(categories.type, type)));
  let sort = first!.n;
  for (const c of file.categories) {
    const categoryId = await insertCategory(db, { language_id: languageId, type, sort: sort++ }, c);
    let subSort = 0;
    for (const s of c.subcategories) {
      const subcategoryId = await insertSubcategory(db, { category_id: categoryId, sort: subSort++ }, s);
      const ids = { languageId, categoryId, subcategoryId };
      await insertQuestions(
        db,
        { ...ids, comprehensionId: null },
        (s.levels ?? []).flatMap((qs, i) => qs.map((q) => ({ level: i + 1, q }))),
      );
      let textSort = 0;
      for (const t of s.texts ?? []) {
        const [text] = await db.orm
          .insert(comprehensions)
          .values({
            language_id: languageId,
            category_id: categoryId,
            subcategory_id: subcategoryId,
            slug: t.slug,
            title: t.title,
            detail: t.detail,
            video_url: t.video_url ?? '',
            sort: textSort++,
          })
          .returning({ id: comprehensions.id });
        await insertQuestions(
          db,
          { ...ids, comprehensionId: text!.id },
          t.questions.map((q) => ({ level: 1, q })),
        );
      }
    }
  }
}
