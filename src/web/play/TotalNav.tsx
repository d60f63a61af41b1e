import { useRef } from 'react';
import { useAppDispatch } from '../app/hooks';
import { useTranslation } from '../lib/use-translation';
import { uuid } from '../lib/uuid';
import { Palette, PrevNext, type PagerIds } from '../ui/question/QuestionPager';
import { questionOpened, quizSubmitted, unansweredCount, type Playing } from './play-machine';
import { playStep } from './submit-play';

const IDS: PagerIds = { prev: 'nav-prev', next: 'nav-next', palette: 'palette' };

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
  const submit = () => dispatch(playStep(quizSubmitted({ idempotencyKey: uuid() })));

  return (
    <nav className="quiz-nav" aria-label={t('play.palette')}>
      <PrevNext index={index} total={total} onGo={go} ids={IDS} />
      <Palette answered={session.questions.map((q) => play.answers[q.id] != null)} index={index} onGo={go} ids={IDS} />
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
