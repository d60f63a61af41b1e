import { CATEGORY_TYPES } from '../../../core/contract';
import { sql, type Db } from '../../db/client';
import { ContentFileError, type RowUnit } from './columns';
import { applyPlan, planImport, type ImportDefaults, type RowNote } from './import-plan';
import { parseContentFile, type ContentSource, type Format } from './parse-file';
import { checkRow, type ImportQuestion } from './question-row';

export interface ImportOptions extends Partial<ImportDefaults> {
  /** Report what would be imported, write nothing. */
  dryRun?: boolean;
  /** Import the good rows of a file that has rows with errors (else such a file imports nothing). */
  skipErrors?: boolean;
  /** Rows a statement inserts. */
  batchSize?: number;
}

/** What an import of one file found and did. */
export interface ImportReport {
  file: string;
  format: Format | null;
  encoding: string | null;
  unit: RowUnit;
  /** Records read (questions, good or not). */
  rows: number;
  /** New questions: imported, or that a dry run or a refused file would have imported. */
  questions: number;
  /** Whether anything was written. */
  imported: boolean;
  dryRun: boolean;
  duplicates: RowNote[];
  errors: RowNote[];
  newCategories: string[];
  newSubcategories: string[];
  /** Why the file as a whole could not be read or imported; null when it could. */
  fatal: string | null;
}

/**
 * Imports wait for each other: two at once into one category would each miss the other's
 * questions as duplicates (and race to make the same new category).
 */
const IMPORT_LOCK = 727273;

function blankReport(src: ContentSource, dryRun: boolean): ImportReport {
  return {
    file: src.name,
    format: src.format ?? null,
    encoding: null,
    unit: 'line',
    rows: 0,
    questions: 0,
    imported: false,
    dryRun,
    duplicates: [],
    errors: [],
    newCategories: [],
    newSubcategories: [],
    fatal: null,
  };
}

/**
 * Imports one file's questions in one transaction: rows checked, duplicates (in the file, or of
 * a question already in the category) skipped, categories and subcategories made by name when
 * missing, the rest inserted in batches. A file with rows in error imports nothing unless
 * `skipErrors`; a dry run reports the same and writes nothing.
 */
export async function importContent(db: Db, src: ContentSource, o: ImportOptions = {}): Promise<ImportReport> {
  const report = blankReport(src, o.dryRun ?? false);
  try {
    const parsed = await parseContentFile(src);
    Object.assign(report, { format: parsed.format, encoding: parsed.encoding, unit: parsed.unit });
    report.rows = parsed.rows.length;
    const questions: ImportQuestion[] = [];
    for (const c of parsed.rows.map(checkRow)) {
      if (c.ok) questions.push(c.question);
      else report.errors.push({ line: c.line, message: c.errors.join('; ') });
    }
    return await db.tx(async (tx) => {
      await tx.run(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const defaults = { ...o, type: o.type ?? CATEGORY_TYPES.quiz_zone };
      const plan = await planImport(tx, questions, defaults, parsed.unit);
      report.errors = [...report.errors, ...plan.errors].sort((a, b) => a.line - b.line);
      Object.assign(report, {
        duplicates: plan.duplicates,
        newCategories: plan.newCategories,
        newSubcategories: plan.newSubcategories,
        questions: plan.items.length,
      });
      if (report.dryRun || (report.errors.length > 0 && !o.skipErrors)) return report;
      await applyPlan(tx, plan, defaults.type, o.batchSize);
      report.imported = true;
      return report;
    });
  } catch (e) {
    if (!(e instanceof ContentFileError)) throw e;
    return { ...report, fatal: e.message };
  }
}
