import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths';

/** The 404 page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="card page-notice" data-testid="not-found">
      <div className="page-notice-art" aria-hidden="true">
        404
      </div>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t('common.backHome')}
      </Link>
    </section>
  );
}
