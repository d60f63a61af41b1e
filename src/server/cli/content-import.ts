import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { importContent, type ImportOptions, type ImportReport } from '../domain/content-import/import-content';
import { categoryNameOfFile, listImportFiles, type FoundFile } from '../domain/content-import/import-files';
import { FORMATS, MAX_FILE_BYTES } from '../domain/content-import/parse-file';
import { reportText, totalsText } from '../domain/content-import/report-text';
import { categoryTypeOf, oneOf } from './content-cli';
import { closeTaskTarget, openTaskTarget, type TaskTarget } from './task-target';

const USAGE = `usage: npm run content:import -- <file|folder> [--format otqa|csv|xlsx|json]
  [--category <name>] [--subcategory <name>] [--language <code>] [--type <mode>] [--dry-run] [--skip-errors]

Imports questions into the database the server is configured with (DATABASE_URL, else the
embedded database in DATA_DIR: one process at a time opens it, so while the server runs it is
asked to do the import).
A folder imports each of its files; an OpenTriviaQA file goes to the category named by its file
name unless --category is given. Rows that name a category, subcategory or language go there.
--type: the categories' mode, quiz_zone (default), fun_n_learn, guess_the_word, audio, maths or
multi_match. A file with rows in error imports nothing unless --skip-errors.`;

function readArgs() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      category: { type: 'string' },
      subcategory: { type: 'string' },
      language: { type: 'string' },
      type: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'skip-errors': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || positionals.length !== 1) throw new Error(USAGE);
  return { path: positionals[0]!, format: oneOf('format', values.format, FORMATS), values };
}

/** Imports one found file; a file too large is refused before it is read. */
async function importFile(
  target: TaskTarget,
  f: FoundFile,
  o: ImportOptions,
  folder: boolean,
): Promise<ImportReport | string> {
  if ('skipped' in f) return `${f.path}: skipped, ${f.skipped}`;
  const size = statSync(f.path).size;
  if (size > MAX_FILE_BYTES) return `${f.path}: nothing imported: ${size} bytes, at most ${MAX_FILE_BYTES} (10 MB)`;
  // The OpenTriviaQA format names no category: its file name does (a folder's files, each its own).
  const category = o.category ?? (folder || f.format === 'otqa' ? categoryNameOfFile(f.path) : undefined);
  const name = folder ? basename(f.path) : f.path;
  const bytes = readFileSync(f.path);
  if (target.db) return importContent(target.db, { name, bytes, format: f.format }, { ...o, category });
  const args = { name, bytes: bytes.toString('base64'), format: f.format, options: { ...o, category } };
  return (await target.server.ask('content-import', args)) as ImportReport;
}

/** A database failure's own message: the query layer wraps it with the whole statement and its parameters. */
function cause(e: unknown): string {
  const err = e as Error & { cause?: unknown };
  return err.cause instanceof Error ? err.cause.message : err.message;
}

async function main(): Promise<number> {
  const { path, format, values } = readArgs();
  const options: ImportOptions = {
    category: values.category,
    subcategory: values.subcategory,
    language: values.language,
    type: categoryTypeOf(values.type),
    dryRun: values['dry-run'],
    skipErrors: values['skip-errors'],
  };
  const folder = statSync(path).isDirectory();
  const files = listImportFiles(path, format);
  const target = await openTaskTarget('npm run content:import', 'content-import');
  const started = performance.now();
  const reports: ImportReport[] = [];
  let failed = false;
  try {
    for (const f of files) {
      const r = await importFile(target, f, options, folder).catch(
        (e: unknown) => `${f.path}: nothing imported: ${cause(e)}`,
      );
      console.log(typeof r === 'string' ? r : reportText(r));
      if (typeof r !== 'string') reports.push(r);
      failed ||= typeof r === 'string' ? !('skipped' in f) : !!r.fatal || (r.errors.length > 0 && !options.skipErrors);
    }
    if (files.length > 1) console.log(totalsText(reports, (performance.now() - started) / 1000));
  } finally {
    await closeTaskTarget(target);
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error((e as Error).message);
    process.exit(2);
  },
);
