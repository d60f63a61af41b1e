import { useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../lib/use-translation';
import { uuid } from '../../lib/uuid';
import { ArrowIcon } from './play-icons';
import { questionOpened, quizSubmitted, unansweredCount, type Playing } from './play-machine';

/** Whole-quiz clock: previous / next, a palette of every question, and Submit (confirmed when some are unanswered). */
export function TotalNav({ play }: { play: Playing }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const confirm = useRef<HTMLDialogElement>(null);
  const { session, index } = play;
  const total = session.questions.length;
  const missing = unansweredCount(play);
  const go = (i: number) => dispatch(questionOpened(i));
  // The key is made once, when the player submits, and kept in state for every retry.
  const submit = () => dispatch(quizSubmitted({ idempotencyKey: uuid() }));

  return (
    <nav className="quiz-nav" aria-label={t('play.palette')}>
      <div className="nav-row">
        <button
          type="button"
          className="btn btn-outline"
          disabled={index === 0}
          onClick={() => go(index - 1)}
          data-testid="nav-prev"
        >
          <span className="flip-inline">
            <ArrowIcon />
          </span>
          {t('play.previous')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={index + 1 >= total}
          onClick={() => go(index + 1)}
          data-testid="nav-next"
        >
          {t('quiz.next')}
          <ArrowIcon />
        </button>
      </div>
      <ol className="palette">
        {session.questions.map((q, i) => {
          const answered = play.answers[q.id] != null;
          return (
            <li key={q.id}>
              <button
                type="button"
                className={`palette-btn${answered ? ' answered' : ''}${i === index ? ' current' : ''}`}
                aria-current={i === index ? 'step' : undefined}
                aria-label={t('play.paletteItem', {
                  n: i + 1,
                  state: answered ? t('play.answered') : t('play.unanswered'),
                })}
                onClick={() => go(i)}
                data-testid={`palette-${i + 1}`}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => (missing > 0 ? confirm.current?.showModal() : submit())}
        data-testid="submit-quiz"
      >
        {t('play.submit')}
      </button>
      <dialog
        ref={confirm}
        className="dialog"
        aria-labelledby="confirm-submit-title"
        aria-describedby="confirm-submit-body"
      >
        <h2 id="confirm-submit-title">{t('play.confirmTitle')}</h2>
        <p id="confirm-submit-body">{t('play.confirmBody', { count: missing })}</p>
        <div className="row">
          <button type="button" className="btn btn-ghost" onClick={() => confirm.current?.close()} autoFocus>
            {t('play.keepAnswering')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              confirm.current?.close();
              submit();
            }}
            data-testid="confirm-submit"
          >
            {t('play.submitAnyway')}
          </button>
        </div>
      </dialog>
    </nav>
  );
}
