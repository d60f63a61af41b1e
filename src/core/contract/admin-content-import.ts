import { z } from 'zod';
import { action } from './define';
import { flagField, idField, optionalText } from './fields';
import { CONTENT_IMPORT_MAX_BYTES, categoryType } from './admin-content-fields';

/** The console's bulk import and export of questions (issue 8). */

/** What an import found and did: the report the content:import CLI prints, and its text. */
export interface AdminImportReport {
  file: string;
  format: 'otqa' | 'csv' | 'xlsx' | 'json' | null;
  encoding: string | null;
  unit: 'line' | 'row' | 'item';
  rows: number;
  questions: number;
  imported: boolean;
  dryRun: boolean;
  duplicates: { line: number; message: string }[];
  errors: { line: number; message: string }[];
  newCategories: string[];
  newSubcategories: string[];
  fatal: string | null;
  /** The CLI's text of the report. */
  text: string;
}

/** A file for the console to offer as a download. */
export interface AdminDownload {
  filename: string;
  content_type: string;
  /** How `content` holds the bytes: text as is, or base64 (XLSX). */
  encoding: 'utf8' | 'base64';
  content: string;
  /** Questions in it. */
  rows: number;
}

export const adminImportActions = {
  /**
   * Imports a file of questions (CSV, XLSX, JSON or OpenTriviaQA) as content:import does: into
   * `category_id`, or categories by name (`category`, else each row's), made when missing.
   * `dry_run` reports and writes nothing; a file with rows in error imports nothing unless `skip_errors`.
   */
  admin_import_content: action<AdminImportReport>()({
    input: z.object({
      format: z.enum(['otqa', 'csv', 'xlsx', 'json']).optional(),
      category_id: idField.optional(),
      category: optionalText(100),
      subcategory: optionalText(100),
      language_id: idField.optional(),
      type: categoryType.optional(),
      dry_run: flagField.default(false),
      skip_errors: flagField.default(false),
    }),
    access: 'admin',
    mutates: true,
    files: { file: CONTENT_IMPORT_MAX_BYTES },
  }),
  /** The import template: the columns with an example question of each type. */
  admin_get_import_template: action<AdminDownload>()({
    input: z.object({ format: z.enum(['csv', 'xlsx', 'json']).default('csv') }),
    access: 'admin',
    mutates: false,
  }),
  /** A category's active questions in the import layout (an import of it stores them again). */
  admin_export_category: action<AdminDownload>()({
    input: z.object({ category_id: idField, format: z.enum(['csv', 'json', 'xlsx']).default('csv') }),
    access: 'admin',
    mutates: false,
  }),
};
