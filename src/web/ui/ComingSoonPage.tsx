import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router-dom';
import { paths } from '../app/paths';

/** One page for every mode that is not built yet: says so plainly and leads back home. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as { mode?: string } | undefined;
  const mode = handle?.mode ?? 'funAndLearn';
  return (
    <section className="card coming-soon" data-testid="coming-soon">
      <div className="coming-soon-art" aria-hidden="true">⏳</div>
      <h1>{t(`modes.${mode}` as 'modes.funAndLearn')}</h1>
      <p>{t('comingSoon.body')}</p>
      <Link to={paths.quizZone} className="btn btn-primary">
        {t('comingSoon.playQuizZone')}
      </Link>
      <Link to={paths.home} className="btn btn-ghost">
        {t('common.backHome')}
      </Link>
    </section>
  );
}
