// `npm run bench:import`: the whole OpenTriviaQA dataset (../shared/data/opentriviaqa/categories,
// or BENCH_OTQA_DIR) imported as `npm run content:import -- <folder> --skip-errors` does (each
// file in one transaction, its category named by the file, duplicates and rows in error left
// out), on PGlite (a temporary directory) and on PostgreSQL (a database of its own,
// BENCH_DATABASE, default `bench_import`, re-created) when DATABASE_URL is set or PostgreSQL
// answers on 127.0.0.1:5432. Prints rows, seconds and rows/s of the import alone (the database
// is made and migrated before the clock starts). Goal: ≤ 30 s each.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT } from '../src/server/paths';
import { sql, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { importContent } from '../src/server/domain/content-import/import-content';
import { parseContentFile } from '../src/server/domain/content-import/parse-file';
import { checkRow } from '../src/server/domain/content-import/question-row';
import { categoryNameOfFile, listImportFiles } from '../src/server/domain/content-import/import-files';
import { onPglite, onPostgres } from './bench-db';

const DIR = process.env.BENCH_OTQA_DIR ?? join(ROOT, '../shared/data/opentriviaqa/categories');
const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'bench_import';
const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

/** DATABASE_URL, else the local PostgreSQL when it answers, else undefined. */
async function postgresUrl(): Promise<string | undefined> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const c = new pg.Client({ connectionString: LOCAL_PG, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    return LOCAL_PG;
  } catch {
    return undefined;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function importDataset(db: Database, label: string) {
  await migrate(db);
  await db.run(sql`INSERT INTO languages (code, name, is_default) VALUES ('en', 'English', true)`);
  const files = listImportFiles(DIR).filter((f) => 'format' in f);
  const t0 = performance.now();
  let rows = 0;
  let imported = 0;
  let skipped = 0;
  for (const f of files) {
    const bytes = readFileSync(f.path);
    const r = await importContent(
      db,
      { name: f.path, bytes, format: 'otqa' },
      {
        category: categoryNameOfFile(f.path),
        skipErrors: true,
      },
    );
    if (r.fatal) throw new Error(`${f.path}: ${r.fatal}`);
    rows += r.rows;
    imported += r.questions;
    skipped += r.duplicates.length + r.errors.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  const stored = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions`);
  console.log(
    `${label}: ${files.length} files, ${rows} rows read, ${imported} questions imported (${stored!.n} in the table), ` +
      `${skipped} skipped (duplicates, errors) in ${seconds.toFixed(2)} s = ${Math.round(imported / seconds)} rows/s` +
      `${seconds <= 30 ? '' : '  (goal ≤ 30 s missed)'}`,
  );
}

/** Seconds to read, decode, parse and check every file without a database: the import's share that is not SQL. */
async function readingSeconds(): Promise<number> {
  const t0 = performance.now();
  for (const f of listImportFiles(DIR)) {
    if ('format' in f) (await parseContentFile({ name: f.path, bytes: readFileSync(f.path) })).rows.forEach(checkRow);
  }
  return (performance.now() - t0) / 1000;
}

async function main() {
  if (!existsSync(DIR)) {
    console.log(`${DIR} is absent: nothing to import (set BENCH_OTQA_DIR to the OpenTriviaQA categories folder).`);
    return;
  }
  console.log(`Reading and checking the files alone (no database): ${(await readingSeconds()).toFixed(2)} s`);
  await onPglite('bench-import-', (db) => importDataset(db, 'PGlite'));
  const url = await postgresUrl();
  await onPostgres(url, BENCH_DATABASE, 4, (db) => importDataset(db, 'PostgreSQL'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
