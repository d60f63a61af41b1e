import { useTranslation } from '../lib/use-translation';

/** An inline loading indicator for a section of a page. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="section-loader" role="status" aria-label={t('common.loading')}>
      <span className="spinner" />
    </div>
  );
}
