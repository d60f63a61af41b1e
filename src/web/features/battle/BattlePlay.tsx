import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LiveQuestion, RoomState, RoundClose } from '../../../core/contract';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { formatCount } from '../../lib/format-number';
import { useWakeLock } from '../../lib/use-wake-lock';
import { Announcer } from '../../ui/question/Announcer';
import { arrowBetweenOptions, pickedIndex, useOptionKeys } from '../../ui/question/option-keys';
import { OptionKeysHint } from '../../ui/question/OptionKeysHint';
import { Rich, textDir } from '../../ui/question/Rich';
import { LOW_TIME } from '../../ui/question/Timer';
import { useQuestionLang } from '../../ui/question/use-question-lang';
import { battleAnswer, battleUnfollow, type BattleState } from './battle-slice';
import { Countdown, Seats, useLeaveNotices, useSeatName, useServerNow } from './battle-parts';

/**
 * A battle being played: the players and their points, the round's question with the server's
 * countdown (corrected by the measured clock offset), this player's pick, who has answered, and
 * between rounds the last answer revealed with the next round's countdown.
 */
export function BattlePlay({ battle, room, me }: { battle: BattleState; room: RoomState; me: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const now = useServerNow(battle.clockOffsetMs);
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useLeaveNotices(room, me);
  // The screen stays on while the battle runs.
  useWakeLock(room.status === 'playing');

  const round = battle.round;
  // A round announced, its question not here yet: the countdown runs to its opening (the
  // question comes as it opens, so nothing of it can be shown or preloaded before).
  const upcoming = battle.upcoming && battle.upcoming.round > (round?.round ?? 0) ? battle.upcoming : null;
  const opens = round ? Date.parse(round.opens_at) : 0;
  const deadline = round ? Date.parse(round.deadline) : 0;
  const before = upcoming !== null || (round !== null && now < opens);
  const nextOpens = upcoming ? Date.parse(upcoming.opens_at) : opens;
  const count = Math.max(0, Math.ceil((nextOpens - now) / 1000));
  const roundNo = upcoming?.round ?? round?.round ?? 0;
  const closed = battle.closed;
  // The last round's reveal: through the next round's countdown, or until the result arrives.
  const reveal =
    closed && round && ((closed.round === round.round && !upcoming) || (before && closed.round === roundNo - 1));
  const mySeat = room.seats.find((s) => s.user_id === me);
  const iLeft = mySeat?.state === 'left';

  useEffect(() => {
    if (!before) heading.current?.focus();
  }, [round?.round, before]);
  const lang = useQuestionLang();
  const said = useBattleSaid(battle, room, me, {
    reveal: Boolean(reveal),
    low:
      !before &&
      !reveal &&
      round !== null &&
      deadline - opens > LOW_TIME * 1000 &&
      deadline - now <= LOW_TIME * 1000 &&
      now < deadline,
  });

  async function leave() {
    // Only a paid battle keeps a leaver's stake in the pot; a bot or free battle costs nothing.
    const free = room.kind === 'bot' || room.entry_fee === 0;
    if (!window.confirm(t(free ? 'battle.leaveConfirmFree' : 'battle.leaveConfirm'))) return;
    setLeaving(true);
    try {
      await api('leave_room', { room_id: room.room_id });
      dispatch(battleUnfollow());
      void navigate(room.kind === 'group' ? paths.groupBattle : paths.randomBattle);
    } catch {
      setLeaving(false);
    }
  }

  return (
    <div className="battle-play" data-testid="battle-play">
      {battle.link !== 'open' && (
        <p className="battle-banner offline" role="status" data-testid="battle-offline">
          {/* Firebase mode: the room's Firestore document still moves the battle on. */}
          {t(battle.mirror === 'live' ? 'battle.offlineFollowing' : 'battle.offline')}
        </p>
      )}
      <Seats room={room} me={me} answered={battle.answered} />
      {!round && !upcoming ? null : reveal && closed && round ? (
        <Reveal
          close={closed}
          question={
            closed.round === round.round
              ? round.question
              : battle.previous?.round === closed.round
                ? battle.previous.question
                : null
          }
          me={me}
          next={before ? count : null}
        />
      ) : before ? (
        // Not live: the figure changes every second; the round's question takes the focus as it opens.
        <section className="card battle-ready">
          <p className="muted">{t('battle.round', { round: roundNo, total: room.no_of_que })}</p>
          <p className="battle-ready-title">{t('battle.getReady')}</p>
          {/* A new element each second, so each figure pops in (motion.css). */}
          <p className="battle-ready-count" data-testid="ready-count" key={count}>
            {count}
          </p>
        </section>
      ) : !round ? null : (
        <section className="card battle-question" aria-labelledby="battle-q">
          <div className="battle-question-head">
            <span className="muted" data-testid="battle-round">
              {t('battle.round', { round: round.round, total: room.no_of_que })}
            </span>
            <Countdown left={deadline - now} total={deadline - opens} label={t('battle.timeLeft')} />
          </div>
          <h2 id="battle-q" ref={heading} tabIndex={-1} className="question-text" {...lang}>
            <Rich text={round.question.question} latex={false} />
          </h2>
          {round.question.image && <img className="question-image" src={round.question.image} alt="" />}
          <Options
            q={round.question}
            picked={battle.picked}
            disabled={battle.picked !== null || now > deadline || iLeft || battle.link !== 'open'}
            onPick={(answer) => dispatch(battleAnswer({ round: round.round, question_id: round.question.id, answer }))}
          />
          <p className="battle-status muted" role="status">
            {battle.picked !== null ? t('battle.waitingOthers') : now > deadline ? t('battle.timeUp') : ''}
          </p>
        </section>
      )}
      <Announcer text={said} />
      <div className="battle-actions">
        <button
          type="button"
          className="btn btn-danger-ghost btn-small"
          disabled={leaving || iLeft}
          data-testid="leave-battle"
          onClick={() => void leave()}
        >
          {t('battle.leave')}
        </button>
      </div>
    </div>
  );
}

function Options({
  q,
  picked,
  disabled,
  onPick,
  close,
  mine,
}: {
  q: LiveQuestion;
  picked: string | null;
  disabled: boolean;
  onPick?: (id: string) => void;
  close?: RoundClose;
  mine?: string | null;
}) {
  const { t } = useTranslation();
  const open = Boolean(onPick) && !disabled;
  useOptionKeys(open, (k) => {
    const i = pickedIndex(k, q.options.length);
    if (i === null) return false;
    onPick?.(q.options[i]!.id);
    return true;
  });
  function cls(id: string) {
    if (!close) return picked === id ? 'option selected' : 'option';
    if (id === close.answer) return 'option correct';
    if (id === mine) return 'option incorrect';
    return 'option dimmed';
  }
  return (
    <>
      <ul className="options" onKeyDown={arrowBetweenOptions}>
        {q.options.map((o, i) => (
          <li key={o.id}>
            <button
              type="button"
              className={cls(o.id)}
              disabled={disabled}
              aria-pressed={picked === o.id}
              aria-keyshortcuts={open ? `${i + 1} ${String.fromCharCode(65 + i)}` : undefined}
              onClick={() => onPick?.(o.id)}
              data-testid={`battle-option-${o.id}`}
              // Revealed: the pick pops (right) or shakes (wrong); the right answer lights up after.
              data-picked={close && o.id === mine ? '' : undefined}
            >
              <span className="option-key" aria-hidden="true">
                {close && o.id === close.answer ? '✓' : close && o.id === mine ? '✗' : String.fromCharCode(65 + i)}
              </span>
              <span className="option-text" dir={textDir(o.text)}>
                <Rich text={o.text} latex={false} />
              </span>
              {close && o.id === close.answer && <span className="sr-only">{t('quiz.correctAnswer')}</span>}
              {close && o.id === mine && o.id !== close.answer && (
                <span className="sr-only">{t('quiz.yourAnswer')}</span>
              )}
              {/* Not by colour alone: the pick waiting for the round's end carries a tick. */}
              {!close && picked === o.id && (
                <span className="option-tick" aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {open && <OptionKeysHint count={q.options.length} />}
    </>
  );
}

/**
 * A closed round: the right answer, this player's verdict, and the countdown to the next round
 * (none after the last round: the result shows it above the standings).
 */
export function Reveal({
  close,
  question,
  me,
  next,
}: {
  close: RoundClose;
  question: LiveQuestion | null;
  me: number;
  next: number | null;
}) {
  const { t, i18n } = useTranslation();
  const mine = close.answers.find((a) => a.user_id === me);
  const verdict = roundVerdict(close, me);
  return (
    // Not live: BattlePlay's announcer says the verdict (and the countdown below is not read each second).
    <section className="card battle-reveal" data-testid="battle-reveal">
      <p className={`battle-verdict ${verdict}`} data-testid="battle-verdict">
        {t(`battle.${verdict}`)}
        {mine && mine.points > 0 && <span className="battle-gain"> +{formatCount(mine.points, i18n.language)}</span>}
      </p>
      {question && (
        <>
          <h2 className="question-text" dir={textDir(question.question)}>
            <Rich text={question.question} latex={false} />
          </h2>
          <Options q={question} picked={null} disabled close={close} mine={mine?.answer ?? null} />
        </>
      )}
      {next !== null && (
        // A new element each second: the countdown to the next round ticks (motion.css).
        <p className="battle-next muted" data-testid="next-in" key={next}>
          {t('battle.nextIn', { count: next })}
        </p>
      )}
    </section>
  );
}

/** This player's verdict on a closed round. */
export function roundVerdict(close: RoundClose, me: number): 'correct' | 'wrong' | 'noAnswer' {
  const mine = close.answers.find((a) => a.user_id === me);
  return !mine?.answer ? 'noAnswer' : mine.correct ? 'correct' : 'wrong';
}

/**
 * What the battle screen says (its one live region): the round's verdict once it closes; while a
 * round is open, who else has answered ("Opponent answered" in a duel) and "10 seconds left".
 */
function useBattleSaid(battle: BattleState, room: RoomState, me: number, at: { reveal: boolean; low: boolean }) {
  const { t } = useTranslation();
  const nameOf = useSeatName();
  if (at.reveal && battle.closed) {
    const mine = battle.closed.answers.find((a) => a.user_id === me);
    const v = t(`battle.${roundVerdict(battle.closed, me)}`);
    return mine && mine.points > 0 ? `${v} +${mine.points}` : v;
  }
  const others = battle.answered.filter((id) => id !== me);
  const last = room.seats.find((s) => s.user_id === others[others.length - 1]);
  const answered = !last
    ? ''
    : room.max_players === 2
      ? t('battle.saidOpponentAnswered')
      : t('battle.saidPlayerAnswered', { name: nameOf(last, me) });
  return [answered, at.low ? t('quiz.secondsLeft', { count: LOW_TIME }) : ''].filter(Boolean).join(' ');
}
