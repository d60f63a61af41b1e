import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATHS } from '../../paths';
import { count } from 'drizzle-orm';
import { sql, type Db } from '../client';
import { languages } from '../schema';
import { insertCategory, insertSubcategory, readModeFiles, seedModeFile } from './seed-modes';
import { readEventFiles, seedEventsFile } from './seed-events';

interface SeedQuestion {
  type: 'mcq' | 'true_false';
  question: string;
  options: string[];
  answer: number;
  explanation: string;
}
interface SeedFile {
  language: { code: string; name: string; rtl: boolean };
  categories: {
    slug: string;
    name: string;
    image: string;
    premium_price: number;
    subcategories: { slug: string; name: string; image: string; levels: SeedQuestion[][] }[];
  }[];
}

const OPTION_IDS = 'abcde';

const HOME: Record<string, { title: string; subtitle: string }> = {
  en: { title: 'Ready for a challenge?', subtitle: 'Pick a mode, clear levels, earn coins.' },
  ar: { title: 'مستعد للتحدي؟', subtitle: 'اختر نمطًا، اجتز المستويات، واربح العملات.' },
  fr: { title: 'Prêt à relever le défi ?', subtitle: 'Choisissez un mode, passez les niveaux, gagnez des pièces.' },
  hi: { title: 'चुनौती के लिए तैयार?', subtitle: 'कोई मोड चुनें, स्तर पार करें, सिक्के जीतें।' },
};

/** The demo content files, grouped by language code (`en-*.json`, `ar-*.json`, `fr-*.json`). */
function readDemoContent(dir: string): Map<string, SeedFile> {
  const byLang = new Map<string, SeedFile>();
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(dir, f), 'utf8')) as SeedFile;
    const cur = byLang.get(data.language.code);
    if (cur) cur.categories.push(...data.categories);
    else byLang.set(data.language.code, data);
  }
  return byLang;
}

/**
 * Fills an empty database with languages, default settings and the demo content. Does
 * nothing when languages exist already, so it is safe at every start and on every node.
 */
export async function seedDemoContent(db: Db, dir = PATHS.demoContent): Promise<boolean> {
  return db.tx(async (tx) => {
    await tx.run(sql`SELECT pg_advisory_xact_lock(727272)`);
    const [any] = await tx.orm.select({ n: count() }).from(languages);
    if (any!.n > 0) return false;
    const content = readDemoContent(dir);
    const codes = [...content.keys()].sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
    for (const code of codes) {
      const file = content.get(code)!;
      const [lang] = await tx.orm
        .insert(languages)
        .values({ code, name: file.language.name, rtl: file.language.rtl, is_default: code === codes[0] })
        .returning({ id: languages.id });
      let sort = 0;
      for (const c of file.categories) {
        const categoryId = await insertCategory(tx, { language_id: lang!.id, type: 1, sort: sort++ }, c);
        let subSort = 0;
        for (const s of c.subcategories) {
          const subcategoryId = await insertSubcategory(tx, { category_id: categoryId, sort: subSort++ }, s);
          const rows = s.levels.flatMap((qs, i) =>
            qs.map((q) => ({
              level: i + 1,
              type: q.type,
              question: q.question,
              options: q.options.map((text, k) => ({ id: OPTION_IDS[k], text })),
              answer: OPTION_IDS[q.answer],
              explanation: q.explanation,
            })),
          );
          await tx.run(sql`INSERT INTO questions
            (language_id, category_id, subcategory_id, level, type, question, options, answer, explanation)
            SELECT ${lang!.id}, ${categoryId}, ${subcategoryId}, x.level, x.type, x.question, x.options,
              to_jsonb(x.answer), x.explanation
            FROM json_to_recordset(${JSON.stringify(rows)}::json)
              AS x(level int, type text, question text, options jsonb, answer text, explanation text)`);
        }
      }
    }
    const languageIds = new Map(
      (await tx.orm.select({ id: languages.id, code: languages.code }).from(languages)).map((l) => [l.code, l.id]),
    );
    for (const file of readModeFiles(join(dir, 'modes'))) {
      const id = languageIds.get(file.language);
      if (id) await seedModeFile(tx, id, file);
    }
    for (const file of readEventFiles(join(dir, 'events'))) {
      const id = languageIds.get(file.language);
      if (id) await seedEventsFile(tx, id, file);
    }
    await tx.run(sql`INSERT INTO settings (key, value) VALUES ('home', ${JSON.stringify(HOME)}::jsonb)
      ON CONFLICT (key) DO NOTHING`);
    return true;
  });
}
