import { lazy, Suspense, useState, type JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PlaySession, QuizResult } from '../../core/contract';
import { useAppDispatch } from '../app/hooks';
import { errorMessage } from '../lib/i18n';
import { useTranslation } from '../lib/use-translation';
import { Spinner } from '../ui/Spinner';
import { useTopOnChange } from '../ui/use-top-on-change';
import { submitRetried } from './play-machine';
import { playStep } from './submit-play';
import { QuestionCard } from './QuestionCard';
import { ResultView, type PlayLink } from './ResultView';
import { useSoloPlay } from './use-solo-play';

// Asked for after a play only: not part of the play screen's first download.
const ReviewView = lazy(() => import('../ui/question/ReviewView').then((m) => ({ default: m.ReviewView })));

export interface SoloPlayProps {
  /**
   * Opens the session (one of the play-opening calls). Called again on "play again". Pass the
   * codes of `expect` to its api() call as well, so they are not also toasted.
   */
  open: () => Promise<PlaySession>;
  /**
   * A session already open, if there is one, to draw in the first render instead of calling
   * `open` (the screen the app opened on, whose call started at boot has answered); undefined
   * otherwise. Asked once, when the play mounts.
   */
  opened?: () => PlaySession | undefined;
  /**
   * Changes when the thing to play changes (e.g. `${category}/${sub}/${level}`): restarts. Put
   * the content language in it too, so switching it reopens the session in that language.
   */
  playKey: string;
  /** Where "back" goes (error card, result screen). */
  back: { to: string; label: string; state?: unknown };
  /** Optional "next" on the result screen (next level / next round), or null. */
  next?: (result: QuizResult) => { to: string; label: string; state?: unknown } | null;
  /**
   * Error codes shown on the error card (not also as a toast), e.g. ['already_played',
   * 'premium_locked']. Any other failure to open is shown there too, with a "Try again".
   */
  expect?: string[];
}

/**
 * The solo play engine every mode uses: opens a session, plays its questions (each type, with
 * a per-question or a whole-quiz clock, lifelines, hints, bookmarks and reports), submits the
 * answers and shows the graded result and the review.
 */
export function SoloPlay(props: SoloPlayProps): JSX.Element {
  // A new thing to play starts from scratch: every local state goes with the old key.
  return <Play key={props.playKey} {...props} />;
}

function Play({ open, opened, back, next, expect = [] }: SoloPlayProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [reviewing, setReviewing] = useState(false);
  const play = useSoloPlay(open, attempt, opened);
  const go = (link: PlayLink) => void navigate(link.to, { state: link.state });
  // Each screen of the play opens at its top: the first question with its clock, the result, the
  // review (issue 22: a self challenge and the review opened scrolled down).
  useTopOnChange(
    play.phase === 'result' ? (reviewing ? 'review' : 'result') : play.phase === 'reveal' ? 'question' : play.phase,
  );

  switch (play.phase) {
    case 'idle':
    case 'loading':
      return <Spinner />;
    case 'error':
      return (
        <section className="card empty play-error" role="alert" data-testid="play-error">
          <p>{errorMessage(play.code)}</p>
          {!expect.includes(play.code) && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setAttempt((n) => n + 1)}
              data-testid="retry-open"
            >
              {t('common.retry')}
            </button>
          )}
          <button
            type="button"
            className={expect.includes(play.code) ? 'btn btn-primary' : 'btn btn-outline'}
            onClick={() => go(back)}
            data-testid="play-back"
          >
            {back.label}
          </button>
        </section>
      );
    case 'question':
    case 'reveal':
      return <QuestionCard play={play} />;
    case 'submitting':
      return (
        <section className="card empty" data-testid="submitting">
          {play.failed ? (
            <>
              <p role="alert">{t('quiz.submitFailed')}</p>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => dispatch(playStep(submitRetried()))}
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
          <Suspense fallback={<Spinner />}>
            <ReviewView
              questions={play.session.questions}
              review={play.result.review}
              skipped={play.skipped}
              onClose={() => setReviewing(false)}
            />
          </Suspense>
        );
      }
      return (
        <ResultView
          session={play.session}
          result={play.result}
          pending={play.pending}
          back={back}
          next={play.pending ? null : (next?.(play.result) ?? null)}
          onGo={go}
          onPlayAgain={() => setAttempt((n) => n + 1)}
          onReview={() => setReviewing(true)}
        />
      );
  }
}
