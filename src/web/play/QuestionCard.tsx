import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Lifeline, PlayQuestion } from '../../core/contract';
import { isCorrectAnswer } from '../../core/rules/answers';
import { hintsAllowed } from '../../core/rules/lifelines';
import { useAppDispatch } from '../app/hooks';
import { useTranslation } from '../lib/use-translation';
import { uuid } from '../lib/uuid';
import { Announcer } from '../ui/question/Announcer';
import { AnswerView } from '../ui/question/AnswerView';
import { AudioPlayer } from '../ui/question/AudioPlayer';
import { ChoiceQuestion } from '../ui/question/ChoiceQuestion';
import { Lifelines } from './Lifelines';
import { MatchQuestion } from '../ui/question/MatchQuestion';
import { MultiSelectQuestion } from '../ui/question/MultiSelectQuestion';
import { BookmarkIcon } from '../ui/question/play-icons';
import {
  answerGiven,
  hasTotalClock,
  nextRequested,
  questionTimedOut,
  quizSubmitted,
  type PlayState,
} from './play-machine';
import { playStep } from './submit-play';
import { spentSeconds } from './resume-play';
import type { RendererProps } from '../ui/question/renderer-props';
import { ReportButton } from './ReportButton';
import { saidVerdict, verdict } from './said';
import { Rich } from '../ui/question/Rich';
import { LOW_TIME, Timer } from '../ui/question/Timer';
import { useQuestionLang } from '../ui/question/use-question-lang';
import { TotalNav } from './TotalNav';
import { usePlayCalls } from './use-play-calls';
import { WordQuestion } from './WordQuestion';
import { Spinner } from '../ui/Spinner';

// Only sequence questions need it: not in the play screen's first download.
const SequenceQuestion = lazy(() =>
  import('../ui/question/SequenceQuestion').then((m) => ({ default: m.SequenceQuestion })),
);

type Open = Extract<PlayState, { phase: 'question' | 'reveal' }>;

/**
 * One question of any type: counter, clock, bookmark and report, lifelines, the media, the
 * question's renderer, then the reveal and Next (per-question clock) or the navigation between
 * questions and Submit (whole-quiz clock).
 */
export function QuestionCard({ play }: { play: Open }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const calls = usePlayCalls(play.session);
  const { session, index } = play;
  const q = session.questions[index]!;
  const total = session.questions.length;
  const totalClock = hasTotalClock(session);
  const answered = play.phase === 'reveal';
  // The answer is marked right or wrong only once its key is here: the server's verdict (or a
  // pack's own key); until then the pick stays shown, and locked.
  const waiting = answered && play.verdict !== 'known';
  const revealed = answered && !waiting ? { picked: play.picked } : null;
  const [heard, setHeard] = useState<Record<number, boolean>>({});
  // An audio question's clock starts once its clip has started (issue 22 §12): the answers are
  // locked until it is heard, so the time before pressing play is not the player's to lose. The
  // server keeps its own clock (the session's deadline and each answer's elapsed time).
  const [started, setStarted] = useState<Record<number, boolean>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  // The question whose clock has said "10 seconds left" (once per question, not every second).
  const [low, setLow] = useState<number | null>(null);
  const lang = useQuestionLang();

  // Each question takes the focus (the first too: the Start or Play again button that led here
  // is gone), so keyboard and screen-reader players land on it. The page opens at its top, not
  // scrolled to the heading: the counter and the clock above it stay in view after Next.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    if (window.scrollY !== 0) window.scrollTo(0, 0);
  }, [q.id]);

  // A lifeline or hint button disables itself while its call runs (and for good once used):
  // the focus it held goes back to the question rather than to the page.
  const keepFocus = () => {
    const at = document.activeElement;
    if (!at || at === document.body || (at as HTMLButtonElement).disabled) heading.current?.focus();
  };

  const audioLocked = Boolean(q.audio) && !heard[q.id];
  const locked = audioLocked || waiting;
  const shown = answered ? 1 : 0;
  const props: RendererProps = {
    q,
    revealed,
    saved: totalClock ? (play.answers[q.id] ?? null) : waiting ? play.picked : null,
    totalClock,
    locked,
    onAnswer: (a) => dispatch(answerGiven(a)),
  };

  return (
    <section
      className={audioLocked && !answered ? 'card play-card answers-locked' : 'card play-card'}
      aria-labelledby={`q-${q.id}`}
      data-testid="play-card"
    >
      {session.comprehension && (
        <details className="comprehension">
          <summary>{t('play.readText')}</summary>
          <h2 dir="auto">{session.comprehension.title}</h2>
          {session.comprehension.detail.split(/\n{2,}/).map((p, i) => (
            <p key={i} dir="auto">
              {p}
            </p>
          ))}
        </details>
      )}
      <div className="play-top">
        <span className="counter" data-testid="question-counter">
          {t('play.questionOf', { n: index + 1, total })}
        </span>
        {totalClock ? (
          <Timer
            seconds={session.total_seconds}
            questionKey={session.session_id}
            running
            wholeQuiz
            spent={(play.resumed?.spent_ms ?? 0) / 1000}
            onExpire={() => dispatch(playStep(quizSubmitted({ idempotencyKey: uuid() })))}
            onLow={() => setLow(q.id)}
          />
        ) : session.seconds_per_question > 0 ? (
          <Timer
            seconds={session.seconds_per_question}
            questionKey={`${q.id}:${play.clockResets}`}
            spent={spentSeconds(play, q.id)}
            running={!answered && (!q.audio || Boolean(started[q.id]))}
            onExpire={() => dispatch(questionTimedOut())}
            onLow={() => setLow(q.id)}
          />
        ) : null}
      </div>
      {play.resumed?.welcome && play.resumed.question_id === q.id && (
        // After a reload: the same quiz goes on, with what was answered and paid for kept.
        <p className="notice" role="status" data-testid="resume-note">
          {t('play.resumed')}
        </p>
      )}
      <div className="progress" aria-hidden="true">
        <span style={{ inlineSize: `${((index + shown) / total) * 100}%` }} />
      </div>
      <Lifelines
        play={play}
        q={q}
        open={!answered}
        busy={calls.busy !== null}
        onUse={(l: Lifeline) => void calls.lifeline(l, q).then(keepFocus)}
      />
      {q.image && <img src={q.image} alt="" className="question-image" />}
      {q.audio && (
        <AudioPlayer
          key={`audio-${q.id}`}
          src={q.audio}
          heard={Boolean(heard[q.id])}
          onHeard={() => setHeard((h) => ({ ...h, [q.id]: true }))}
          onStarted={() => setStarted((h) => (h[q.id] ? h : { ...h, [q.id]: true }))}
        />
      )}
      <h1 className="question-text" id={`q-${q.id}`} tabIndex={-1} ref={heading} {...lang}>
        <Rich text={q.question} latex={q.latex} />
      </h1>
      <Renderer
        key={`answer-${q.id}`}
        props={props}
        play={play}
        hintBusy={calls.busy === 'hint'}
        onHint={() =>
          calls.hint(q).then((h) => {
            keepFocus();
            return h;
          })
        }
      />
      {revealed && <Reveal q={q} picked={revealed.picked} last={index + 1 === total} />}
      {waiting && <Pending queued={play.verdict === 'queued'} last={index + 1 === total} />}
      {/* Always there, so the verdict is announced when it appears; Next takes the focus at the same time. */}
      <Announcer
        text={
          revealed ? saidVerdict(t, q, revealed.picked) : low === q.id ? t('quiz.secondsLeft', { count: LOW_TIME }) : ''
        }
      />
      {totalClock && <TotalNav play={play} />}
      <div className="question-foot">
        <button
          type="button"
          className={q.bookmarked ? 'btn btn-ghost btn-small on' : 'btn btn-ghost btn-small'}
          aria-pressed={q.bookmarked}
          // Not `disabled`: the button would drop the keyboard focus while its call runs.
          aria-disabled={calls.busy === 'bookmark'}
          onClick={() => void calls.bookmark(q)}
          data-testid="bookmark"
        >
          <BookmarkIcon filled={q.bookmarked} />
          {t('play.bookmark')}
        </button>
        {/* One per question: a reason typed for another question is not this one's. */}
        <ReportButton key={q.id} q={q} mode={session.mode} />
      </div>
    </section>
  );
}

function Renderer({
  props,
  play,
  hintBusy,
  onHint,
}: {
  props: RendererProps;
  play: Open;
  hintBusy: boolean;
  onHint: () => ReturnType<ReturnType<typeof usePlayCalls>['hint']>;
}) {
  const { q } = props;
  switch (q.question_type) {
    case 'multi_select':
      return <MultiSelectQuestion {...props} />;
    case 'sequence':
      return (
        <Suspense fallback={<Spinner />}>
          <SequenceQuestion {...props} />
        </Suspense>
      );
    case 'match':
      return <MatchQuestion {...props} />;
    case 'word': {
      const hints = play.hints[q.id] ?? [];
      return (
        <WordQuestion
          {...props}
          hints={hints}
          hintCost={play.session.hint_cost}
          hintsLeft={hintsLeft(q, play.session.max_hints) - hints.length}
          hintBusy={hintBusy}
          onHint={onHint}
        />
      );
    }
    default:
      return <ChoiceQuestion {...props} removed={play.removed[q.id] ?? []} poll={play.poll[q.id]} />;
  }
}

/** Hints a word allows: from its letters when the word is here, else from its length (sealed). */
function hintsLeft(q: PlayQuestion, maxHints: number): number {
  if (q.answer !== undefined) return hintsAllowed(q.answer, maxHints);
  return Math.max(0, Math.min(maxHints, (q.word_length ?? 0) - 1));
}

/**
 * The answer is given and its verdict not here yet: being checked, or (offline) waiting in the
 * outbox, said plainly; the player may go on meanwhile.
 */
function Pending({ queued, last }: { queued: boolean; last: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="reveal">
      <p className={queued ? 'verdict queued' : 'verdict checking'} data-testid="verdict-pending" role="status">
        {queued ? t('play.verdictQueued') : t('play.verdictChecking')}
      </p>
      {queued && <NextButton last={last} />}
    </div>
  );
}

/** After the answer: right or wrong, the correct answer in the type's form, the explanation, Next. */
function Reveal({ q, picked, last }: { q: PlayQuestion; picked: string | null; last: boolean }) {
  const { t } = useTranslation();
  const good = isCorrectAnswer(q.question_type, q.answer ?? '', picked);
  const choice = q.question_type === 'mcq' || q.question_type === 'true_false';
  return (
    <div className="reveal">
      <p className={good ? 'verdict good' : 'verdict bad'} data-testid="verdict">
        {t(verdict(q, picked))}
      </p>
      {!good && (!choice || picked === null) && (
        <div className="correct-answer">
          <span className="muted">{t('quiz.correctAnswer')}: </span>
          <AnswerView q={q} answer={q.answer} />
        </div>
      )}
      {q.explanation && (
        <p className="explanation" dir="auto">
          <Rich text={q.explanation} latex={q.latex} />
        </p>
      )}
      <NextButton last={last} />
    </div>
  );
}

/** On to the next question, or to the result after the last. */
function NextButton({ last }: { last: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      // The key is made once, when the quiz ends, and kept in state for every retry.
      onClick={() => dispatch(playStep(nextRequested({ idempotencyKey: uuid() })))}
      data-testid="next-question"
      autoFocus
    >
      {last ? t('quiz.finish') : t('quiz.next')}
    </button>
  );
}
