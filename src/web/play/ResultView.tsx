import { useEffect, useRef } from 'react';
import type { PlaySession, QuizResult } from '../../core/contract';
import { useTranslation } from '../lib/use-translation';
import { CountUp } from '../ui/CountUp';
import { CoinIcon, StarIcon } from '../ui/icons';
import { celebrate, flyCoins } from '../ui/motion';
import { shareOrCopy } from '../ui/share';
import { Announcer } from '../ui/question/Announcer';
import { saidResult } from './said';

/** Modes whose levels are rounds (all open from the start). */
const ROUND_MODES: readonly string[] = ['guess_the_word', 'audio', 'maths'];

export interface PlayLink {
  to: string;
  label: string;
  state?: unknown;
}

/** The graded result, as the server answered it, with Next / Play again / Review / Back. */
export function ResultView({
  session,
  result: r,
  pending = false,
  back,
  next,
  onGo,
  onPlayAgain,
  onReview,
}: {
  session: PlaySession;
  result: QuizResult;
  /** Graded on this device; the server grades and credits it once the post reaches it. */
  pending?: boolean;
  back: PlayLink;
  next: PlayLink | null;
  onGo: (link: PlayLink) => void;
  onPlayAgain: () => void;
  onReview: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const coins = useRef<HTMLElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Rewards land: confetti for a pass, the coins won fly to the header's pill (once per result).
  const credited = !pending && r.coins > 0;
  useEffect(() => {
    if (r.passed && !pending) celebrate();
    if (credited) flyCoins(coins.current);
  }, [r, pending, credited]);
  const rounds = ROUND_MODES.includes(session.mode);
  // Level progress is the server's to say: a result graded here shows none.
  // The daily quiz is played once a day: "Play again" would only meet already_played.
  const again = session.mode !== 'daily_quiz';
  // Played from a pack without its key (the daily quiz): nothing to count here until the server grades it.
  const ungraded = pending && r.review.length > 0 && r.review.every((x) => x.correct_answer === '');
  const answered = r.review.filter((x) => x.answer !== null).length;
  // A fun-and-learn play is a text read then questions on it: there is no level to clear.
  const cleared =
    session.mode === 'fun_n_learn' ? t('play.textCompleted') : rounds ? t('play.roundCleared') : t('quiz.levelCleared');
  const title =
    r.level > 0 ? (r.passed ? cleared : t('quiz.tryAgain')) : r.passed ? t('play.wellDone') : t('play.quizDone');
  return (
    <section className="card result-card" data-testid="result">
      <div className={r.passed ? 'result-badge pass' : 'result-badge fail'} aria-hidden="true">
        <StarIcon size={40} />
      </div>
      <h1 tabIndex={-1} ref={heading} className="focus-target">
        {title}
      </h1>
      {/* The heading takes the focus; the figures are said once (the counting up is not). */}
      <Announcer text={ungraded || pending ? '' : saidResult(t, r)} />
      {r.next_level_unlocked && <p className="unlocked">{t('quiz.nextUnlocked', { level: r.unlocked_level })}</p>}
      {ungraded ? (
        <p className="pending-answered" data-testid="result-answered">
          {t('play.pendingAnswered', { n: answered, total: r.review.length })}
        </p>
      ) : (
        <>
          <div
            className="ring"
            style={{ ['--p' as string]: `${r.percentage}` }}
            role="img"
            aria-label={t('play.resultSummary', { correct: r.correct, total: r.total })}
          >
            <span data-testid="result-percentage">{t('common.percent', { value: Math.round(r.percentage) })}</span>
          </div>
          <dl className="stats four">
            <div>
              <dt>{t('quiz.correctCount')}</dt>
              <dd className="good" data-testid="result-correct">
                {r.correct}
              </dd>
            </div>
            <div>
              <dt>{t('quiz.incorrectCount')}</dt>
              <dd className="bad" data-testid="result-incorrect">
                {r.incorrect}
              </dd>
            </div>
            <div>
              <dt>{t('quiz.unansweredCount')}</dt>
              <dd data-testid="result-unanswered">{r.unanswered}</dd>
            </div>
            <div>
              <dt>{t('play.skippedCount')}</dt>
              <dd data-testid="result-skipped">{r.skipped}</dd>
            </div>
          </dl>
        </>
      )}
      {pending ? (
        <p className="notice pending-result" role="status" data-testid="result-pending">
          {session.rewards ? t('play.pendingResult') : t('play.pendingResultNoCoins')}
        </p>
      ) : (
        <dl className="stats rewards">
          <div>
            <dt>{t('quiz.score')}</dt>
            <dd data-testid="result-score">
              <StarIcon size={18} /> <CountUp value={r.score} />
              {r.score_gain > 0 && <small dir="ltr"> (+{r.score_gain})</small>}
            </dd>
          </div>
          <div>
            <dt>{t('quiz.coinsEarned')}</dt>
            <dd data-testid="result-coins" ref={coins}>
              <CoinIcon size={18} />{' '}
              <span dir="ltr">
                +<CountUp value={r.coins} />
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('play.coinsSpent')}</dt>
            <dd data-testid="result-spent">
              <CoinIcon size={18} /> <span dir="ltr">{r.coins_spent > 0 ? `−${r.coins_spent}` : 0}</span>
            </dd>
          </div>
        </dl>
      )}
      {!session.rewards && !pending && (
        <p className="notice" data-testid="result-no-coins">
          {t('play.noCoins')}
        </p>
      )}
      <div className="actions">
        {next && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => onGo(next)}
            data-testid="next-level"
          >
            {next.label}
          </button>
        )}
        {again && (
          <button
            type="button"
            className={next ? 'btn btn-outline btn-block' : 'btn btn-primary btn-block'}
            onClick={onPlayAgain}
            data-testid="play-again"
          >
            {t('quiz.playAgain')}
          </button>
        )}
        <button type="button" className="btn btn-outline btn-block" onClick={onReview} data-testid="review-answers">
          {t('quiz.reviewAnswers')}
        </button>
        {!pending && (
          <button
            type="button"
            className="btn btn-outline btn-block"
            data-testid="share-result"
            onClick={() => {
              const percentage = Math.round(r.percentage);
              const text = session.title
                ? t('share.result', { percentage, title: session.title })
                : t('share.resultUntitled', { percentage });
              void shareOrCopy({ title: 'QuizHub', text, url: window.location.origin }, t('share.copied'));
            }}
          >
            {t('share.button')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => onGo(back)}
          data-testid="back-to-levels"
        >
          {back.label}
        </button>
      </div>
    </section>
  );
}
