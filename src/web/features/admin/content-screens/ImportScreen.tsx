import { useState } from 'react';
import type { AdminImportReport } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import { DownloadsCard } from './DownloadsCard';
import { ImportForm } from './ImportForm';
import { ImportReport } from './ImportReport';
import { SectionHead } from '../ui/PageHead';

/** Bulk import (a dry run first, then the import) beside the template and category exports. */
export function ImportScreen() {
  const { t } = useAdminT();
  const [report, setReport] = useState<AdminImportReport | null>(null);
  // An import may make categories: the export's picker loads again after each.
  const [imports, setImports] = useState(0);
  return (
    <>
      <SectionHead title={t('contentScreens.import.title')} intro={t('contentScreens.import.intro')} />
      <div className="cs-import-layout">
        <div className="cs-stack">
          <ImportForm
            onReport={(r) => {
              setReport(r);
              if (r && !r.dryRun) setImports((n) => n + 1);
            }}
          />
          {report && <ImportReport report={report} />}
        </div>
        <DownloadsCard reloadKey={imports} />
      </div>
    </>
  );
}
