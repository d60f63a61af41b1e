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
  return (
    <>
      <SectionHead title={t('contentScreens.import.title')} intro={t('contentScreens.import.intro')} />
      <div className="cs-import-layout">
        <div className="cs-stack">
          <ImportForm onReport={setReport} />
          {report && <ImportReport report={report} />}
        </div>
        <DownloadsCard />
      </div>
    </>
  );
}
