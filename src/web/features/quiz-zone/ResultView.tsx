import { useTranslation } from '../../lib/use-translation';
import type { QuizResult } from '../../../core/contract';
import { CoinIcon, StarIcon } from '../../ui/icons';

interface Props {
  result: QuizResult;
  onNextLevel: () => void;
  onPlayAgain: () => void;
  onReview: () => void;
  onLevels: () => void;
}

/** The graded result, as the server answered it. */
export function ResultView({ result: r, onNextLevel, onPlayAgain, onReview, onLevels }: Props) {
  const { t } = useTranslation();
  const hasNext = r.next_level_unlocked || (r.passed && r.level < r.max_level);
  return (
    <section className="card result-card" data-testid="result">
      <div className={r.passed ? 'result-badge pass' : 'result-badge fail'} aria-hidden="true">
        <StarIcon size={40} />
      </div>
      <h1>{r.passed ? t('quiz.levelCleared') : t('quiz.tryAgain')}</h1>
      {r.next_level_unlocked && <p className="unlocked">{t('quiz.nextUnlocked', { level: r.unlocked_level })}</p>}
      <div className="ring" style={{ ['--p' as string]: `${r.percentage}` }}>
        <span data-testid="result-percentage">{Math.round(r.percentage)}%</span>
      </div>
      <dl className="stats">
        <div>
          <dt>{t('quiz.correctCount')}</dt>
          <dd className="good" data-testid="result-correct">
            {r.correct}
          </dd>
        </div>
        <div>
          <dt>{t('quiz.incorrectCount')}</dt>
          <dd className="bad">{r.incorrect}</dd>
        </div>
        <div>
          <dt>{t('quiz.unansweredCount')}</dt>
          <dd>{r.unanswered}</dd>
        </div>
      </dl>
      <dl className="stats rewards">
        <div>
          <dt>{t('quiz.score')}</dt>
          <dd data-testid="result-score">
            <StarIcon size={18} /> {r.score}
            {r.score_gain > 0 && <small> (+{r.score_gain})</small>}
          </dd>
        </div>
        <div>
          <dt>{t('quiz.coinsEarned')}</dt>
          <dd data-testid="result-coins">
            <CoinIcon size={18} /> +{r.coins}
          </dd>
        </div>
      </dl>
      <div className="actions">
        {hasNext && r.level < r.max_level && (
          <button type="button" className="btn btn-primary btn-block" onClick={onNextLevel} data-testid="next-level">
            {t('quiz.playNextLevel')}
          </button>
        )}
        <button
          type="button"
          className={hasNext ? 'btn btn-outline btn-block' : 'btn btn-primary btn-block'}
          onClick={onPlayAgain}
          data-testid="play-again"
        >
          {t('quiz.playAgain')}
        </button>
        <button type="button" className="btn btn-outline btn-block" onClick={onReview} data-testid="review-answers">
          {t('quiz.reviewAnswers')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onLevels} data-testid="back-to-levels">
          {t('quiz.backToLevels')}
        </button>
      </div>
    </section>
  );
}
