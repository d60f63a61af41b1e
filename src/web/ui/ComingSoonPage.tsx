import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths';

export type ComingSoonMode =
  | 'funAndLearn'
  | 'guessTheWord'
  | 'selfLearning'
  | 'contestPlay'
  | 'randomBattle'
  | 'groupBattle'
  | 'audioQuestions'
  | 'mathMania'
  | 'examModule'
  | 'dailyQuiz'
  | 'trueFalse'
  | 'bookmarks'
  | 'multiMatch';

/** One page for every mode that is not built yet: says so plainly and leads back home. */
export default function ComingSoonPage({ mode }: { mode: ComingSoonMode }) {
  const { t } = useTranslation();
  return (
    <section className="card coming-soon" data-testid="coming-soon">
      <div className="coming-soon-art" aria-hidden="true">
        <svg
          width="56"
          height="56"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <circle cx="12" cy="13" r="8" />
          <path d="M12 9v4l2.5 2M9 2h6" />
        </svg>
      </div>
      <h1>{t(`modes.${mode}`)}</h1>
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
