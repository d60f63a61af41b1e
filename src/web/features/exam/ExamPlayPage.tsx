import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { ExamPlay, ExamResult } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId, selectUser } from '../../app/selectors';
import { api, isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { useWakeLock } from '../../lib/use-wake-lock';
import { Spinner } from '../../ui/Spinner';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { Palette, PrevNext, type PagerIds } from '../../ui/question/QuestionPager';
import { AwayGuard, bindAwayGuard } from './away-rule';
import { takeExam } from './exam-cache';
import { clearExam, readExam, resumedAnswers, sessionStore, submission, withAnswer, writeExam } from './exam-store';
import { useAnswerSaver, type SaveState } from './use-answer-saver';
import { clockOffset, clockText, useDeadline } from '../../lib/server-deadline';
import { examTimeNotice } from './exam-time';
import { ltr } from './ExamFacts';
import { ExamResultView, type SubmitReason } from './ExamResultView';
import { WarnIcon } from '../../ui/question/Timer';
import { Announcer } from '../../ui/question/Announcer';
import { ExamQuestionBody } from '../../ui/question/SealedQuestion';
import './exam.css';

const SAVE_TEXT = {
  saved: 'exam.play.saved',
  saving: 'exam.play.saving',
  queued: 'exam.play.savedLater',
} as const satisfies Record<SaveState, string>;

const EXAM_IDS: PagerIds = { prev: 'exam-prev', next: 'exam-next', palette: 'exam-palette' };

type Phase =
  | { kind: 'loading' }
  | { kind: 'needKey' }
  | { kind: 'gone' }
  | { kind: 'error'; message: string }
  | { kind: 'playing'; play: ExamPlay; offset: number }
  | { kind: 'submitting'; play: ExamPlay; offset: number; reason: SubmitReason; failed: boolean }
  | { kind: 'result'; play: ExamPlay; result: ExamResult; reason: SubmitReason }
  | { kind: 'timeOver' };

const RESUME_EXPECT = ['invalid_exam_key', 'exam_key_required', 'already_played', 'exam_not_open', 'not_found'];
const SUBMIT_EXPECT = ['exam_time_over', 'network', 'unknown', 'internal_error', 'rate_limited'];

/**
 * An exam under way: one question at a time with a navigator of every question (answered ones
 * marked) to go back and change answers, the server's deadline as a countdown (corrected by the
 * clock offset of the reply), answers kept in this tab across a reload, Submit with a confirm,
 * the automatic submission at zero, and the 5-second rule. Then the result.
 */
export default function ExamPlayPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const examId = Number(id);
  const user = useAppSelector(selectUser);
  const userId = user?.id ?? 0;
  const languageId = useAppSelector(selectLanguageId);
  const [phase, setPhase] = useState<Phase>(() => {
    const handed = takeExam(examId);
    if (handed)
      return { kind: 'playing', play: handed.play, offset: clockOffset(handed.play.server_time, handed.receivedAt) };
    return { kind: 'loading' };
  });

  // Resumed (a reload, Resume from the list): the same attempt asked again with the tab's key.
  useEffect(() => {
    if (phase.kind !== 'loading') return;
    const { key } = readExam(sessionStore(), userId, examId);
    if (!key || !Number.isInteger(examId) || examId < 1) {
      setPhase({ kind: 'needKey' });
      return;
    }
    let live = true;
    api(
      'get_exam_module_questions',
      {
        exam_module_id: examId,
        exam_key: key,
        rules_accepted: 1,
        language_id: languageId,
        timezone: browserTimezone(),
        gmt_format: gmtOffset(),
      },
      { expect: RESUME_EXPECT },
    ).then(
      (play) => live && setPhase({ kind: 'playing', play, offset: clockOffset(play.server_time, Date.now()) }),
      (e: unknown) => {
        if (!live) return;
        if (isApiError(e, 'invalid_exam_key') || isApiError(e, 'exam_key_required')) setPhase({ kind: 'needKey' });
        else if (isApiError(e, 'already_played')) setPhase({ kind: 'gone' });
        else setPhase({ kind: 'error', message: errorMessage(isApiError(e) ? e.code : 'unknown') });
      },
    );
    return () => {
      live = false;
    };
  }, [phase.kind, examId, userId, languageId]);

  if (phase.kind === 'needKey') return <Navigate to={`${paths.examModule}?start=${examId}`} replace />;
  // Over already (submitted, or its time ran out): the result screen says which.
  if (phase.kind === 'gone') return <Navigate to={paths.examResult(examId)} replace />;
  if (phase.kind === 'loading') return <Spinner />;
  if (phase.kind === 'error') return <Failure message={phase.message} retry={() => setPhase({ kind: 'loading' })} />;
  if (phase.kind === 'timeOver') return <Failure message={t('exam.play.timeOver')} />;
  if (phase.kind === 'result')
    return (
      <ExamResultView
        title={phase.play.exam.title}
        result={phase.result}
        questions={phase.play.questions}
        reason={phase.reason}
      />
    );
  return <ExamRun key={phase.play.exam.id} phase={phase} userId={userId} setPhase={setPhase} />;
}

function Failure({ message, retry }: { message: string; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card empty exam-failure" role="alert" data-testid="exam-failure">
      <p>{message}</p>
      {retry && (
        <button type="button" className="btn btn-primary" onClick={retry}>
          {t('common.retry')}
        </button>
      )}
      <Link to={paths.examModule} className="btn btn-ghost">
        {t('exam.result.back')}
      </Link>
    </section>
  );
}

function ExamRun({
  phase,
  userId,
  setPhase,
}: {
  phase: Extract<Phase, { kind: 'playing' | 'submitting' }>;
  userId: number;
  setPhase: (p: Phase) => void;
}) {
  const { t } = useTranslation();
  // The screen stays on while the exam runs.
  useWakeLock(true);
  const { play, offset } = phase;
  const exam = play.exam;
  const questions = play.questions;
  const total = questions.length;
  const [index, setIndex] = useState(0);
  // The answers saved on the server (any device), with this tab's own on top (given here, maybe still on their way).
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    resumedAnswers(play.answers, readExam(sessionStore(), userId, exam.id).answers),
  );
  const { saveAnswer, saveState } = useAnswerSaver(exam.id, exam.title);
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const violated = useRef(false);
  const sending = useRef(false);
  const confirm = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const playing = phase.kind === 'playing';

  const submit = useCallback(
    async (reason: SubmitReason) => {
      if (reason === 'away') violated.current = true;
      if (sending.current) return;
      sending.current = true;
      confirm.current?.close?.();
      setPhase({ kind: 'submitting', play, offset, reason, failed: false });
      const { answers: given, captured } = submission(
        questions.map((q) => q.id),
        answersRef.current,
      );
      try {
        const result = await api(
          'set_exam_module_result',
          {
            exam_module_id: exam.id,
            answers: given,
            captured_question_ids: captured,
            rules_violated: violated.current ? 1 : 0,
          },
          { expect: SUBMIT_EXPECT },
        );
        clearExam(sessionStore(), userId, exam.id);
        setPhase({ kind: 'result', play, result, reason });
      } catch (e) {
        sending.current = false;
        if (isApiError(e, 'exam_time_over')) {
          clearExam(sessionStore(), userId, exam.id);
          setPhase({ kind: 'timeOver' });
        } else setPhase({ kind: 'submitting', play, offset, reason, failed: true });
      }
    },
    [exam.id, offset, play, questions, setPhase, userId],
  );
  const submitRef = useRef(submit);
  submitRef.current = submit;

  const left = useDeadline(play.deadline, offset, playing, () => void submitRef.current('time'));

  // The 5-second rule, for as long as the exam is being answered (a period away that began
  // before a reload is judged as soon as the page shows).
  useEffect(() => {
    if (!playing) return;
    const store = sessionStore();
    const guard = new AwayGuard(
      {
        onViolation: () => void submitRef.current('away'),
        remember: (since) => writeExam(store, userId, exam.id, { awaySince: since }),
      },
      readExam(store, userId, exam.id).awaySince,
    );
    return bindAwayGuard(guard);
  }, [playing, userId, exam.id]);

  useEffect(() => {
    heading.current?.focus();
  }, [index]);

  function answer(questionId: number, a: string) {
    const next = withAnswer(answersRef.current, questionId, a);
    answersRef.current = next;
    setAnswers(next);
    writeExam(sessionStore(), userId, exam.id, { answers: next });
    saveAnswer(questionId, next[String(questionId)] ?? '');
  }

  if (phase.kind === 'submitting') {
    return (
      <section className="card exam-sending" data-testid="exam-submitting" aria-live="polite">
        {phase.reason === 'away' && <p className="exam-banner bad">⚠ {t('exam.play.leftApp')}</p>}
        {phase.reason === 'time' && <p className="exam-banner">{t('exam.play.timeUp')}</p>}
        {phase.failed ? (
          <>
            <p role="alert">{t('exam.play.submitFailed')}</p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => void submit(phase.reason)}
              data-testid="exam-submit-retry"
            >
              {t('common.retry')}
            </button>
          </>
        ) : (
          <>
            <Spinner />
            <p>{t('exam.play.submitting')}</p>
          </>
        )}
      </section>
    );
  }

  const q = questions[index]!;
  const answeredCount = questions.filter((x) => answers[String(x.id)] !== undefined).length;
  const missing = total - answeredCount;
  const seconds = Math.ceil(left / 1000);
  const urgent = seconds <= 60;
  const notice = examTimeNotice(seconds);
  return (
    <div className="exam-play" data-testid="exam-play">
      <header className="exam-bar">
        <div className="exam-bar-title">
          <h1 dir="auto">{exam.title}</h1>
          <span className="muted" data-testid="exam-answered">
            {t('exam.play.answeredOf', { n: answeredCount, total })}
          </span>
          <span
            className={`exam-save ${saveState}`}
            data-testid="exam-save-state"
            data-state={saveState}
            aria-live="polite"
          >
            {t(SAVE_TEXT[saveState])}
          </span>
        </div>
        <span
          className={urgent ? 'timer urgent' : 'timer'}
          role="timer"
          aria-label={t('exam.play.timeLeft', { time: ltr(clockText(seconds)) })}
          data-testid="exam-timer"
        >
          {/* Not by colour alone: the last minute shows a warning sign too. */}
          {urgent && <WarnIcon />}
          <span dir="ltr">{clockText(seconds)}</span>
        </span>
      </header>
      <div className="progress exam-progress" aria-hidden="true">
        <span style={{ inlineSize: `${total ? (answeredCount / total) * 100 : 0}%` }} />
      </div>
      <section className="card play-card exam-card-q" aria-labelledby={`q-${q.id}`} data-testid="exam-question">
        <div className="play-top">
          <span className="counter" data-testid="exam-counter">
            {t('play.questionOf', { n: index + 1, total })}
          </span>
          <span className="tag">{t('exam.marks', { count: q.marks })}</span>
        </div>
        <ExamQuestionBody
          q={q}
          saved={answers[String(q.id)] ?? null}
          onAnswer={(a) => answer(q.id, a)}
          headingRef={heading}
        />
        <PrevNext index={index} total={total} onGo={setIndex} ids={EXAM_IDS} className="nav-row exam-nav" />
        {/* The clock's figure is no live region: its last minute and last seconds are said once each. */}
        <Announcer text={notice === null ? '' : t('quiz.secondsLeft', { count: notice })} />
      </section>
      <nav className="card exam-palette" aria-label={t('play.palette')}>
        <Palette
          answered={questions.map((x) => answers[String(x.id)] !== undefined)}
          index={index}
          onGo={setIndex}
          ids={EXAM_IDS}
        />
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => confirm.current?.showModal?.()}
          data-testid="exam-submit"
        >
          {t('exam.play.submit')}
        </button>
      </nav>
      <dialog
        ref={confirm}
        className="dialog"
        aria-labelledby="exam-confirm-title"
        aria-describedby="exam-confirm-body"
        data-testid="exam-confirm"
      >
        <h2 id="exam-confirm-title">{t('exam.play.confirmTitle')}</h2>
        <p id="exam-confirm-body">{t('exam.play.confirmBody')}</p>
        {missing > 0 && (
          <p className="exam-missing" data-testid="exam-confirm-missing">
            {t('exam.play.confirmMissing', { count: missing })}
          </p>
        )}
        <div className="row">
          <button type="button" className="btn btn-ghost" onClick={() => confirm.current?.close?.()} autoFocus>
            {t('exam.play.keepAnswering')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void submit('manual')}
            data-testid="exam-submit-confirm"
          >
            {t('exam.play.confirm')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
