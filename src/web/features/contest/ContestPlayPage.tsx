import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ContestFinish, ContestPlay, ContestSummary, SealedQuestion } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api, ApiError, isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { formatCount } from '../../lib/format-number';
import { StarIcon } from '../../ui/icons';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { asPlayQuestion, WordField } from '../../ui/question/SealedQuestion';
import { clockOffset, useDeadline } from '../../lib/server-deadline';
import { MatchQuestion } from '../../ui/question/MatchQuestion';
import { MultiSelectQuestion } from '../../ui/question/MultiSelectQuestion';
import type { RendererProps } from '../../ui/question/renderer-props';
import { Announcer } from '../../ui/question/Announcer';
import { arrowBetweenOptions, pickedIndex, useOptionKeys } from '../../ui/question/option-keys';
import { OptionKeysHint } from '../../ui/question/OptionKeysHint';
import { LOW_TIME, WarnIcon } from '../../ui/question/Timer';
import { Rich, textDir } from '../../ui/question/Rich';
import { SequenceQuestion } from '../../ui/question/SequenceQuestion';
import { useQuestionLang } from '../../ui/question/use-question-lang';
import { listedContest, rememberContests, takeContest } from './contest-cache';
import { ENTER_EXPECT, PlayAction } from './ContestEntry';
import './contest.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'entry'; contest: ContestSummary }
  | { kind: 'playing'; play: ContestPlay; offset: number; late: boolean }
  | { kind: 'finishing' }
  | { kind: 'finished'; finish: ContestFinish }
  | { kind: 'stopped'; message: string; retry?: boolean };

const ANSWER_EXPECT = ['question_not_served', 'contest_not_live', 'already_played', 'contest_not_started', 'network'];

/**
 * A contest being played: one question at a time as the server serves it (never its answer),
 * its countdown from the server's deadline corrected by the reply's clock offset, the score so
 * far; an answer (or none, when the time runs out) brings the next question; after the last
 * the play is closed and the score, correct answers and rank are shown.
 */
export default function ContestPlayPage() {
  const { t } = useTranslation();
  const contestId = Number(useParams().id);
  const languageId = useAppSelector(selectLanguageId);
  const [phase, setPhase] = useState<Phase>(() => {
    const handed = takeContest(contestId);
    return handed
      ? {
          kind: 'playing',
          play: handed.play,
          offset: clockOffset(handed.play.server_time, handed.receivedAt),
          late: false,
        }
      : { kind: 'loading' };
  });
  const name = listedContest(contestId)?.name ?? '';

  function fail(e: unknown) {
    if (isApiError(e, 'already_played')) return void finish();
    const code = isApiError(e) ? e.code : 'unknown';
    setPhase({
      kind: 'stopped',
      message: errorMessage(code),
      retry: code !== 'contest_not_live' && code !== 'not_found',
    });
  }

  async function finish() {
    setPhase({ kind: 'finishing' });
    try {
      const done = await api(
        'set_contest_leaderboard',
        { contest_id: contestId, language_id: languageId },
        { expect: ['contest_not_started', 'network'] },
      );
      setPhase({ kind: 'finished', finish: done });
    } catch (e) {
      setPhase({ kind: 'stopped', message: errorMessage(isApiError(e) ? e.code : 'unknown'), retry: true });
    }
  }

  function playing(play: ContestPlay, receivedAt: number, late = false) {
    if (!play.question) void finish();
    else setPhase({ kind: 'playing', play, offset: clockOffset(play.server_time, receivedAt), late });
  }

  // Opened without a play in hand (a reload, a link): where the player is in this contest.
  // The latest screen's handlers, for the load below (which runs on its own keys).
  const finishNow = useEffectEvent(() => finish());
  const playFrom = useEffectEvent((...a: Parameters<typeof playing>) => playing(...a));
  const failWith = useEffectEvent((e: unknown) => fail(e));
  useEffect(() => {
    if (phase.kind !== 'loading') return;
    let live = true;
    (async () => {
      const lists = await api('get_contest', {
        language_id: languageId,
        timezone: browserTimezone(),
        gmt_format: gmtOffset(),
      });
      const all = [...lists.live, ...lists.upcoming, ...lists.past];
      rememberContests(all);
      const c = all.find((x) => x.id === contestId);
      if (!live) return;
      if (!c) throw new ApiError('not_found', 404, 'not_found');
      if (c.my_play === 'finished') return void finishNow();
      if (c.status !== 'live') return setPhase({ kind: 'stopped', message: errorMessage('contest_not_live') });
      if (c.my_play === 'none') return setPhase({ kind: 'entry', contest: c });
      // Under way: resumed (the fee was paid at the entry).
      const play = await api(
        'get_questions_by_contest',
        { contest_id: contestId, language_id: languageId },
        { expect: ENTER_EXPECT },
      );
      if (live) playFrom(play, Date.now());
    })().catch((e: unknown) => {
      if (live) failWith(e);
    });
    return () => {
      live = false;
    };
  }, [phase.kind, contestId, languageId]);

  const title = name || t('modes.contestPlay');
  if (phase.kind === 'loading' || phase.kind === 'finishing')
    return (
      <div className="contest-wait">
        <Spinner />
        {phase.kind === 'finishing' && <p className="muted">{t('contest.playing.finishing')}</p>}
      </div>
    );
  if (phase.kind === 'entry')
    return (
      <>
        <PageTitle title={phase.contest.name} back={paths.contestPlay} backLabel={t('common.back')} />
        <section className="card contest-entry">
          {phase.contest.description && <p dir="auto">{phase.contest.description}</p>}
          <p className="muted">{t('contest.noReveal')}</p>
          <PlayAction contest={phase.contest} onEntered={playing} block />
        </section>
      </>
    );
  if (phase.kind === 'stopped')
    return (
      <section className="card empty contest-stopped" role="alert" data-testid="contest-stopped">
        <p>{phase.message}</p>
        {phase.retry && (
          <button type="button" className="btn btn-primary" onClick={() => setPhase({ kind: 'loading' })}>
            {t('common.retry')}
          </button>
        )}
        <Link to={paths.contestPlay} className="btn btn-ghost">
          {t('contest.playing.back')}
        </Link>
      </section>
    );
  if (phase.kind === 'finished') return <Finish finish={phase.finish} name={name} />;
  return (
    <Question
      key={phase.play.index}
      title={title}
      play={phase.play}
      offset={phase.offset}
      late={phase.late}
      onStep={(play, late, at) => playing(play, at, late)}
      onError={(e) => {
        if (isApiError(e, 'question_not_served')) setPhase({ kind: 'loading' });
        else fail(e);
      }}
    />
  );
}

/** One question: the clock, the options; the answer (or none at zero) goes at once. */
function Question({
  title,
  play,
  offset,
  late,
  onStep,
  onError,
}: {
  title: string;
  play: ContestPlay;
  offset: number;
  /** The answer to the question before came too late to count. */
  late: boolean;
  /** The next step; `late`: this answer came too late to count. */
  onStep: (play: ContestPlay, late: boolean, receivedAt: number) => void;
  onError: (e: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const q = play.question!;
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const lang = useQuestionLang();
  // One answer in flight (two taps before a render are one answer).
  const busy = useRef(false);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function send(answer: string) {
    if (busy.current) return;
    busy.current = true;
    setSent(answer);
    setFailed(false);
    try {
      const step = await api(
        'set_contest_answer',
        { contest_id: play.contest_id, question_id: q.id, answer },
        { expect: ANSWER_EXPECT },
      );
      onStep(step.play, answer !== '' && !step.accepted, Date.now());
    } catch (e) {
      busy.current = false;
      if (isApiError(e, 'network')) setFailed(true);
      else onError(e);
    }
  }

  const left = useDeadline(play.deadline, offset, sent === null, () => void send(''));
  const seconds = Math.ceil(left / 1000);
  const total = play.total_questions;
  return (
    <div className="contest-play" data-testid="contest-play">
      <header className="contest-bar">
        <h1 dir="auto">{title}</h1>
        <span className="contest-score" data-testid="contest-score">
          <span className="contest-score-label">{t('contest.playing.score')}</span>
          <StarIcon size={16} />
          {formatCount(play.score, i18n.language)}
        </span>
      </header>
      <section className="card play-card contest-q" aria-labelledby={`q-${q.id}`}>
        <div className="play-top">
          <span className="counter" data-testid="contest-counter">
            {t('play.questionOf', { n: play.index, total })}
          </span>
          <span
            className={seconds <= 5 ? 'timer urgent' : 'timer'}
            role="timer"
            aria-label={t('quiz.secondsLeft', { count: seconds })}
            data-testid="contest-timer"
          >
            {seconds <= 5 && <WarnIcon />}
            {t('quiz.secondsShort', { count: seconds })}
          </span>
        </div>
        <div className="progress" aria-hidden="true">
          <span style={{ inlineSize: `${((play.index - 1) / Math.max(1, total)) * 100}%` }} />
        </div>
        {late && (
          <p className="contest-late" role="status" data-testid="contest-late">
            {t('contest.playing.late')}
          </p>
        )}
        {q.image && <img src={q.image} alt="" className="question-image" />}
        <h2 className="question-text" id={`q-${q.id}`} tabIndex={-1} ref={heading} {...lang}>
          <Rich text={q.question} latex={q.latex} />
        </h2>
        <Answer q={q} sent={sent} locked={sent !== null && !failed} onAnswer={(a) => void send(a)} />
        {failed ? (
          <div className="contest-retry" role="alert">
            <p>{errorMessage('network')}</p>
            <button type="button" className="btn btn-primary btn-block" onClick={() => void send(sent ?? '')}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <p className="muted contest-note">{sent !== null ? t('contest.playing.sending') : t('contest.noReveal')}</p>
        )}
        {/* The screen's one live region: the answer going, or once "10 seconds left" (not each second). */}
        <Announcer
          text={
            sent !== null
              ? t('contest.playing.sending')
              : seconds > 0 && seconds <= LOW_TIME
                ? t('quiz.secondsLeft', { count: LOW_TIME })
                : ''
          }
        />
      </section>
    </div>
  );
}

/** The options as buttons (choices), or the solo renderers with Check for other types. */
function Answer({
  q,
  sent,
  locked,
  onAnswer,
}: {
  q: SealedQuestion;
  sent: string | null;
  locked: boolean;
  onAnswer: (answer: string) => void;
}) {
  const { t } = useTranslation();
  const choice = q.question_type === 'mcq' || q.question_type === 'true_false';
  useOptionKeys(choice && !locked, (k) => {
    const i = pickedIndex(k, q.options.length);
    if (i === null) return false;
    onAnswer(q.options[i]!.id);
    return true;
  });
  if (choice)
    return (
      <>
        <ul className="options" onKeyDown={arrowBetweenOptions}>
          {q.options.map((o, i) => (
            <li key={o.id}>
              <button
                type="button"
                className={sent === o.id ? 'option selected' : 'option'}
                disabled={locked}
                aria-pressed={sent === o.id}
                aria-keyshortcuts={`${i + 1} ${String.fromCharCode(65 + i)}`}
                onClick={() => onAnswer(o.id)}
                data-testid="contest-option"
                data-option={o.id}
              >
                <span className="option-key" aria-hidden="true">
                  {String.fromCharCode(65 + i)}
                </span>
                <span className="option-text" dir={textDir(o.text)}>
                  <Rich text={o.text} latex={q.latex} />
                </span>
              </button>
            </li>
          ))}
        </ul>
        {!locked && <OptionKeysHint count={q.options.length} />}
      </>
    );
  if (q.question_type === 'word')
    return <WordAnswer locked={locked} onAnswer={onAnswer} label={t('contest.playing.send')} />;
  const props: RendererProps = {
    q: asPlayQuestion(q),
    revealed: null,
    saved: null,
    totalClock: false,
    locked,
    onAnswer,
  };
  if (q.question_type === 'multi_select') return <MultiSelectQuestion {...props} />;
  if (q.question_type === 'sequence') return <SequenceQuestion {...props} />;
  return <MatchQuestion {...props} />;
}

function WordAnswer({ locked, onAnswer, label }: { locked: boolean; onAnswer: (a: string) => void; label: string }) {
  const [word, setWord] = useState('');
  return (
    <form
      className="contest-word"
      onSubmit={(e) => {
        e.preventDefault();
        if (word.trim()) onAnswer(word.trim());
      }}
    >
      <WordField saved={null} onAnswer={setWord} />
      <button type="submit" className="btn btn-primary btn-block" disabled={locked || !word.trim()}>
        {label}
      </button>
    </form>
  );
}

function Finish({ finish: f, name }: { finish: ContestFinish; name: string }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card result-card contest-finish" data-testid="contest-finish">
      <div className="result-badge pass" aria-hidden="true">
        <StarIcon size={40} />
      </div>
      <h1 tabIndex={-1} ref={heading} className="focus-target">
        {t('contest.finish.title')}
      </h1>
      {/* The heading takes the focus; the rank and score are said once. */}
      <Announcer
        text={`${t('contest.finish.rank')}: ${t('contest.finish.rankOf', { rank: f.rank, count: f.participants })}. ${t(
          'contest.finish.score',
        )}: ${f.score}.`}
      />
      {name && (
        <p className="muted" dir="auto">
          {name}
        </p>
      )}
      <div className="contest-rank" data-testid="contest-finish-rank">
        <span className="muted">{t('contest.finish.rank')}</span>
        <strong>{t('contest.finish.rankOf', { rank: f.rank, count: f.participants })}</strong>
      </div>
      <dl className="stats">
        <div>
          <dt>{t('contest.finish.score')}</dt>
          <dd data-testid="contest-finish-score">
            <StarIcon size={18} /> {formatCount(f.score, i18n.language)}
          </dd>
        </div>
        <div>
          <dt>{t('contest.finish.correct')}</dt>
          <dd className="good" data-testid="contest-finish-correct">
            {f.correct_answers}
          </dd>
        </div>
        <div>
          <dt>{t('contest.finish.attended')}</dt>
          <dd data-testid="contest-finish-attended">
            <span dir="ltr">
              {f.questions_attended}/{f.total_questions}
            </span>
          </dd>
        </div>
      </dl>
      <p className="notice">{t('contest.finish.note')}</p>
      <div className="actions">
        <Link
          to={paths.contestLeaderboard(f.contest_id)}
          className="btn btn-primary btn-block"
          data-testid="contest-finish-leaderboard"
        >
          {t('contest.finish.leaderboard')}
        </Link>
        <Link to={paths.contestPlay} className="btn btn-ghost btn-block">
          {t('contest.finish.back')}
        </Link>
      </div>
    </section>
  );
}
