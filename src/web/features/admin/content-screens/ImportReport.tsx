import type { AdminImportReport } from '../../../../core/contract';
import { useAdminT, type AdminKey } from '../i18n';
import { count } from '../ui/format';

const SHOWN = 200;

/** The rows of a report list (errors or duplicates), the first 200 of them. */
function Problems({
  title,
  rows,
  unit,
  testId,
}: {
  title: string;
  rows: AdminImportReport['errors'];
  unit: string;
  testId: string;
}) {
  const { t } = useAdminT();
  if (rows.length === 0) return null;
  return (
    <details className="cs-problems" open={testId === 'import-errors'} data-testid={testId}>
      <summary>
        {title} ({rows.length})
      </summary>
      <ol>
        {rows.slice(0, SHOWN).map((r, i) => (
          <li key={`${r.line}-${i}`}>
            <span className="cs-line" dir="ltr">
              {t(`contentScreens.import.units.${unit}` as AdminKey, { n: r.line })}
            </span>
            <span dir="auto">{r.message}</span>
          </li>
        ))}
      </ol>
      {rows.length > SHOWN && (
        <p className="muted">{t('contentScreens.import.more', { count: rows.length - SHOWN })}</p>
      )}
    </details>
  );
}

/** What a dry run found (or an import did): counts, new categories, duplicates and rows with errors and why. */
export function ImportReport({ report }: { report: AdminImportReport }) {
  const { t, lang } = useAdminT();
  const stats: [AdminKey, number, string][] = [
    ['contentScreens.import.rows', report.rows, 'rows'],
    ['contentScreens.import.questionsFound', report.questions, 'questions'],
    ['contentScreens.import.duplicates', report.duplicates.length, 'duplicates'],
    ['contentScreens.import.errors', report.errors.length, 'errors'],
  ];
  return (
    <section className="card cs-report" aria-live="polite" data-testid="import-report">
      <div className="cs-subhead">
        <h3>{report.dryRun ? t('contentScreens.import.dryRunTitle') : t('contentScreens.import.doneTitle')}</h3>
        <span className="muted" dir="ltr">
          {report.file}
          {report.format && ` · ${report.format.toUpperCase()}`}
          {report.encoding && ` · ${report.encoding}`}
        </span>
      </div>
      {!report.dryRun && report.imported && (
        <p className="cs-banner good" role="status" data-testid="import-done">
          {t('contentScreens.import.imported', { count: report.questions })}
        </p>
      )}
      {!report.imported && !report.dryRun && (
        <p className="cs-banner bad" role="alert">
          {t('contentScreens.import.notImported')}
        </p>
      )}
      <dl className="cs-stats">
        {stats.map(([label, n, id]) => (
          <div key={id} className={id === 'errors' && n > 0 ? 'bad' : undefined}>
            <dt>{t(label)}</dt>
            <dd data-testid={`import-stat-${id}`}>{count(n, lang)}</dd>
          </div>
        ))}
      </dl>
      {(report.newCategories.length > 0 || report.newSubcategories.length > 0) && (
        <p data-testid="import-new">
          {report.newCategories.length > 0 &&
            t('contentScreens.import.newCategories', { names: report.newCategories.join(', ') })}{' '}
          {report.newSubcategories.length > 0 &&
            t('contentScreens.import.newSubcategories', { names: report.newSubcategories.join(', ') })}
        </p>
      )}
      <Problems
        title={t('contentScreens.import.errorRows')}
        rows={report.errors}
        unit={report.unit}
        testId="import-errors"
      />
      <Problems
        title={t('contentScreens.import.duplicateRows')}
        rows={report.duplicates}
        unit={report.unit}
        testId="import-duplicates"
      />
      <details className="cs-problems">
        <summary>{t('contentScreens.import.fullText')}</summary>
        <pre className="cs-report-text" dir="ltr">
          {report.text}
        </pre>
      </details>
    </section>
  );
}
