import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { LayoutRow } from '../domain/content-import/columns';
import { exportCategory } from '../domain/content-import/export-category';
import { templateRows } from '../domain/content-import/template';
import { rowsToCsv, rowsToJson, rowsToXlsx } from '../domain/content-import/write-rows';
import { categoryTypeOf, oneOf } from './content-cli';
import { closeTaskTarget, openTaskTarget } from './task-target';

const USAGE = `usage: npm run -s content:export -- --category <name|slug> [--language <code>] [--type <mode>]
         [--format csv|json|xlsx] [--out <file>]
       npm run -s content:export -- --template [--format csv|json|xlsx] [--out <file>]

Writes a category's active questions (or the import template: the columns with an example of
each question type) in the import's column layout, to --out or to standard output (xlsx needs
--out). Reads the database the server is configured with, like content:import (through the
running server when it has the embedded database open).`;

function readArgs() {
  const { values } = parseArgs({
    options: {
      category: { type: 'string' },
      language: { type: 'string' },
      type: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      out: { type: 'string' },
      template: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const format = oneOf('format', values.format, ['csv', 'json', 'xlsx'] as const)!;
  if (values.help || values.template === !!values.category) throw new Error(USAGE);
  if (format === 'xlsx' && !values.out) throw new Error('--format xlsx writes a file: give --out <file>');
  return { ...values, format };
}

/** The category's rows, read from the configured database (or by the server that has it open). */
async function categoryRows(category: string, language: string | undefined, type: string | undefined) {
  const what = { category, language, type: categoryTypeOf(type) };
  const target = await openTaskTarget('npm run content:export', 'content-export');
  try {
    return target.db
      ? await exportCategory(target.db, what)
      : ((await target.server.ask('content-export', what)) as LayoutRow[]);
  } finally {
    await closeTaskTarget(target);
  }
}

async function encode(rows: LayoutRow[], format: 'csv' | 'json' | 'xlsx'): Promise<string | Uint8Array> {
  if (format === 'xlsx') return rowsToXlsx(rows);
  return format === 'json' ? rowsToJson(rows) : rowsToCsv(rows);
}

async function main() {
  const a = readArgs();
  const rows = a.template ? templateRows() : await categoryRows(a.category!, a.language, a.type);
  const data = await encode(rows, a.format);
  if (a.out) {
    writeFileSync(a.out, data);
    console.error(`${rows.length} questions written to ${a.out}`);
  } else {
    // A reader that stops early (`| head`) is not an error.
    process.stdout.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? 0 : 2));
    process.stdout.write(data);
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(2);
});
