import type { AdminDownload, AdminImportReport } from '../../../core/contract';
import { CATEGORY_TYPES } from '../../../core/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { LayoutRow } from '../content-import/columns';
import { exportCategoryRows } from '../content-import/export-category';
import { importContent, type ImportOptions } from '../content-import/import-content';
import type { Format } from '../content-import/parse-file';
import { reportText } from '../content-import/report-text';
import { templateRows } from '../content-import/template';
import { rowsToCsv, rowsToJson, rowsToXlsx } from '../content-import/write-rows';
import { adminCategory } from './content-categories';
import { adminLanguage } from './content-languages';

export interface ImportInput {
  format?: Format;
  category_id?: number;
  category?: string;
  subcategory?: string;
  language_id?: number;
  type?: number;
  dry_run: boolean;
  skip_errors: boolean;
}

/** Where rows that do not say go: the chosen category (its name, language and mode), or the names given. */
async function importDefaults(db: Db, o: ImportInput): Promise<ImportOptions> {
  const base = { dryRun: o.dry_run, skipErrors: o.skip_errors, subcategory: o.subcategory };
  if (o.category_id) {
    const c = await adminCategory(db, o.category_id, 'category_id');
    if (o.language_id !== undefined && o.language_id !== c.language_id)
      throw new AppError('invalid_input', { field: 'language_id', message: 'language_id: is not the category’s' });
    return { ...base, category: c.name, language: c.language_code, type: c.type };
  }
  const language = o.language_id ? (await adminLanguage(db, o.language_id, 'language_id')).code : undefined;
  return { ...base, category: o.category, language, type: o.type ?? CATEGORY_TYPES.quiz_zone };
}

/**
 * Imports one uploaded file with the content:import code, in the caller's transaction (the
 * importer's own becomes a savepoint; its advisory lock is held to the end). A file that cannot
 * be read at all (not its format, a ZIP that unpacks too large, too many rows) is a 400 and
 * writes nothing; rows with errors are reported, as the CLI does.
 */
export async function importUpload(
  db: Db,
  file: { filename: string; buffer: Buffer },
  o: ImportInput,
): Promise<AdminImportReport> {
  const options = await importDefaults(db, o);
  const report = await importContent(db, { name: file.filename, bytes: file.buffer, format: o.format }, options);
  if (report.fatal) throw new AppError('content_file_invalid', { field: 'file', message: `file: ${report.fatal}` });
  return { ...report, text: reportText(report) };
}

/** Rows as a download in a format: CSV and JSON as text, XLSX as base64. */
async function download(rows: LayoutRow[], format: 'csv' | 'json' | 'xlsx', base: string): Promise<AdminDownload> {
  const filename = `${base}.${format}`;
  if (format === 'xlsx') {
    return {
      filename,
      content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      encoding: 'base64',
      content: Buffer.from(await rowsToXlsx(rows)).toString('base64'),
      rows: rows.length,
    };
  }
  const csv = format === 'csv';
  return {
    filename,
    content_type: csv ? 'text/csv; charset=utf-8' : 'application/json',
    encoding: 'utf8',
    content: csv ? rowsToCsv(rows) : rowsToJson(rows),
    rows: rows.length,
  };
}

/** The import template (one example question of each type) as a download. */
export function importTemplate(format: 'csv' | 'json' | 'xlsx'): Promise<AdminDownload> {
  return download(templateRows(), format, 'questions-template');
}

/** A category's active questions in the import layout, as a download named by its slug. */
export async function exportCategoryFile(db: Db, categoryId: number, format: 'csv' | 'json' | 'xlsx') {
  const c = await adminCategory(db, categoryId, 'category_id');
  const rows = await exportCategoryRows(db, c, c.language_code);
  return download(rows, format, `${c.language_code}-${c.slug}`);
}
