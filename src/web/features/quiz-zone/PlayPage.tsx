import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { errorMessage } from '../../lib/i18n';
import { uuid } from '../../lib/uuid';
import { Spinner } from '../../ui/Spinner';
import { answerPicked, currentQuestion, nextRequested, questionTimedOut, submitRetried } from './play-machine';
import { QuestionView } from './QuestionView';
import { ResultView } from './ResultView';
import { ReviewView } from './ReviewView';
import { useLevelPlay } from './use-level-play';

/** Plays one quiz-zone level: questions with a countdown, the reveal, then the graded result. */
export default function PlayPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { category = '', subcategory = '', level: levelParam = '' } = useParams();
  // Only a whole number from 1 names a level; anything else is not a page of ours.
  const level = /^[1-9]\d{0,3}$/.test(levelParam) ? Number(levelParam) : 0;
  const [attempt, setAttempt] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const play = useLevelPlay(category, subcategory, level, attempt);
  const levels = paths.quizZoneLevels(category, subcategory);
  // The subcategory's name travels with the navigation, so headings stay translated.
  const back = { state: useLocation().state as unknown };

  switch (play.phase) {
    case 'idle':
    case 'loading':
      return <Spinner />;
    case 'error':
      return (
        <section className="card empty" role="alert" data-testid="play-error">
          <p>{errorMessage(play.code)}</p>
          <button type="button" className="btn btn-primary" onClick={() => void navigate(levels, back)}>
            {t('quiz.backToLevels')}
          </button>
        </section>
      );
    case 'question':
    case 'reveal': {
      const q = currentQuestion(play)!;
      return (
        <QuestionView
          question={q}
          index={play.index}
          total={play.session.questions.length}
          seconds={play.session.seconds_per_question}
          revealed={play.phase === 'reveal' ? { picked: play.picked } : null}
          onPick={(id) => dispatch(answerPicked(id))}
          onTimeout={() => dispatch(questionTimedOut())}
          // The key is made once, when the level ends, and kept in state for every retry.
          onNext={() => dispatch(nextRequested({ idempotencyKey: uuid() }))}
        />
      );
    }
    case 'submitting':
      return (
        <section className="card empty" data-testid="submitting">
          {play.failed ? (
            <>
              <p role="alert">{t('quiz.submitFailed')}</p>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => dispatch(submitRetried())}
                data-testid="retry-submit"
              >
                {t('common.retry')}
              </button>
            </>
          ) : (
            <>
              <Spinner />
              <p>{t('quiz.grading')}</p>
            </>
          )}
        </section>
      );
    case 'result':
      if (reviewing) {
        return (
          <ReviewView
            questions={play.session.questions}
            review={play.result.review}
            onClose={() => setReviewing(false)}
          />
        );
      }
      return (
        <ResultView
          result={play.result}
          onNextLevel={() => {
            setReviewing(false);
            void navigate(paths.quizZonePlay(category, subcategory, play.result.level + 1), back);
          }}
          onPlayAgain={() => {
            setReviewing(false);
            setAttempt((n) => n + 1);
          }}
          onReview={() => setReviewing(true)}
          onLevels={() => void navigate(levels, back)}
        />
      );
  }
}
