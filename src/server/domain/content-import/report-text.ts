import type { RowNote } from './import-plan';
import type { ImportReport } from './import-content';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function outcome(r: ImportReport): string {
  if (r.imported) return 'imported';
  if (r.dryRun) return 'to import (dry run, nothing written)';
  return 'NOT imported: the file has rows with errors (fix them, or --skip-errors to import the others)';
}

function notes(r: ImportReport, label: string, list: RowNote[], limit: number): string[] {
  const lines = list.slice(0, limit).map((n) => `  ${r.unit} ${n.line}: ${label}${n.message}`);
  if (list.length > limit) lines.push(`  ... and ${list.length - limit} more`);
  return lines;
}

/** A report as the CLI prints it: a summary, then the rows left out and why (at most `limit` of each kind). */
export function reportText(r: ImportReport, limit = 20): string {
  if (r.fatal) return `${r.file}: nothing imported: ${r.fatal}`;
  const how = [r.format, r.encoding].filter(Boolean).join(', ');
  const lines = [
    `${r.file} (${how}): ${count(r.rows, 'row', 'rows')}; ${count(r.questions, 'new question', 'new questions')} ` +
      `${outcome(r)}; ${count(r.duplicates.length, 'duplicate', 'duplicates')} skipped; ` +
      `${count(r.errors.length, 'row', 'rows')} with errors`,
  ];
  if (r.newCategories.length) lines.push(`  new categories: ${r.newCategories.join(', ')}`);
  if (r.newSubcategories.length) lines.push(`  new subcategories: ${r.newSubcategories.join(', ')}`);
  return [...lines, ...notes(r, '', r.errors, limit), ...notes(r, 'duplicate, ', r.duplicates, limit)].join('\n');
}

/** The line after the reports of several files. */
export function totalsText(reports: readonly ImportReport[], seconds: number): string {
  const sum = (f: (r: ImportReport) => number) => reports.reduce((n, r) => n + f(r), 0);
  return (
    `${count(reports.length, 'file', 'files')}: ${count(
      sum((r) => r.rows),
      'row',
      'rows',
    )}, ` +
    `${count(
      sum((r) => (r.imported ? r.questions : 0)),
      'question',
      'questions',
    )} imported, ` +
    `${count(
      sum((r) => r.duplicates.length),
      'duplicate',
      'duplicates',
    )}, ` +
    `${count(
      sum((r) => r.errors.length),
      'row',
      'rows',
    )} with errors, ` +
    `${count(reports.filter((r) => r.fatal).length, 'file', 'files')} unreadable, in ${seconds.toFixed(1)} s`
  );
}
