import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { LiveQuestion, RoomResult, RoomState, RoundClose } from '../../../core/contract';
import { standings } from '../../../core/rules/battle';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { refreshUser } from '../../app/session';
import { i18n } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { Avatar } from '../../ui/Avatar';
import { CountUp } from '../../ui/CountUp';
import { CoinIcon } from '../../ui/icons';
import { celebrate, flyCoins } from '../../ui/motion';
import { Podium } from '../../ui/Podium';
import { TrophyIcon, useSeatName } from './battle-parts';
import { shareOrCopy } from '../../ui/share';
import { Announcer } from '../../ui/question/Announcer';
import { Reveal } from './BattlePlay';

/** A badge's name in the interface language (its id when the app does not know it). */
function badgeName(b: string): string {
  const key = `badges.name.${b}`;
  return i18n.exists(key) ? i18n.t(key as 'badges.title') : b;
}

type Row = { user_id: number; rank: number; points: number; correct: number; result?: string; payout?: number };

/** The last round as it closed: its answer and the question it was for (when this page saw it). */
export interface LastRound {
  close: RoundClose;
  question: LiveQuestion | null;
}

/**
 * The result: the last round's answer revealed as every other round's is (issue 22 §16), then
 * victory, defeat or draw for this player, coins won (a draw's stake back said as such), the
 * random-battle streak, and everyone's rank. A room opened after it ended (no result message) is
 * ranked from its seats.
 */
export function BattleResult({
  room,
  result,
  me,
  last = null,
}: {
  room: RoomState;
  result: RoomResult | null;
  me: number;
  last?: LastRound | null;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const nameOf = useSeatName();

  // Payouts have been credited: the header's balance catches up.
  useEffect(() => {
    void refreshUser(dispatch);
  }, [dispatch, result]);

  const rows: Row[] =
    result?.standings ??
    standings(
      room.seats.map((s) => ({
        id: s.user_id,
        points: s.points,
        correct: s.correct,
        joinedAt: s.slot,
        left: s.state === 'left',
      })),
    ).map((s) => ({ user_id: s.id, rank: s.rank, points: s.points, correct: s.correct }));
  const mine = result?.standings.find((s) => s.user_id === me);
  const outcome = mine?.result;
  const lobby = room.kind === 'group' ? paths.groupBattle : paths.randomBattle;
  const seat = (id: number) => room.seats.find((s) => s.user_id === id);
  // Two or more players: the first three on the podium, the others listed below it.
  const podium = rows.length >= 2 ? rows.slice(0, 3) : [];
  const listed = rows.slice(podium.length);
  const won = outcome === 'win' && mine !== undefined && mine.payout > 0;
  const coins = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // What the coins line says (a victory's figure counts up on screen; said once, whole).
  const coinText = !mine
    ? ''
    : won
      ? t('battle.coinsWon', { count: mine.payout })
      : room.entry_fee === 0 && mine.payout === 0
        ? t('battle.noCoins')
        : mine.payout === 0
          ? t('battle.stakeLost', { count: room.entry_fee })
          : outcome === 'draw'
            ? t('battle.stakeBack', { count: mine.payout })
            : t('battle.coinsWon', { count: mine.payout });
  const outcomeText = outcome ? t(`battle.${outcome}`) : t('battle.results');
  // The result takes the focus from the last round's options, gone with it.
  useEffect(() => heading.current?.focus(), []);

  // A victory is celebrated and its coins fly to the header's pill; a defeat stays calm.
  useEffect(() => {
    if (outcome === 'win') celebrate();
    if (won) flyCoins(coins.current);
  }, [outcome, won]);

  return (
    <>
      {last && <Reveal close={last.close} question={last.question} me={me} next={null} />}
      <section className="card battle-result" data-testid="battle-result">
        <div className={`battle-result-art ${outcome ?? 'over'}`} aria-hidden="true">
          {outcome === 'win' ? <TrophyIcon /> : outcome === 'draw' ? '=' : `#${mine?.rank ?? '–'}`}
        </div>
        <h1
          data-testid="battle-outcome"
          data-outcome={outcome ?? ''}
          tabIndex={-1}
          ref={heading}
          className="focus-target"
        >
          {outcomeText}
        </h1>
        <Announcer text={[outcomeText, coinText].filter(Boolean).join('. ')} />
        {outcome && <p className="muted">{t(`battle.${outcome}Text`)}</p>}
        {mine && (
          <p className="battle-coins" data-testid="battle-coins" ref={coins}>
            {won ? <CountUp value={mine.payout} format={(n) => t('battle.coinsWon', { count: n })} /> : coinText}
          </p>
        )}
        {mine?.win_streak !== undefined && mine.win_streak > 0 && (
          <p className="tag tag-live" data-testid="win-streak">
            {t('battle.streak', { count: mine.win_streak })}
          </p>
        )}
        {mine?.badges?.map((b) => (
          <p key={b} className="battle-badge-unlocked" role="status" data-testid={`unlocked-${b}`}>
            {b === 'quiz_warrior' ? t('battle.quizWarrior') : t('battle.badgeUnlocked', { name: badgeName(b) })}
          </p>
        ))}
        {podium.length > 0 && (
          <Podium
            label={t('battle.results')}
            places={podium.map((r) => {
              const s = seat(r.user_id);
              return {
                id: r.user_id,
                rank: r.rank,
                rankLabel: t('battle.rank', { rank: r.rank }),
                initial: s?.name || '?',
                image: s?.image || undefined,
                mine: r.user_id === me,
                testId: `standing-${r.user_id}`,
                name: (
                  <>
                    {s ? nameOf(s, me) : ''}
                    {s?.state === 'left' && <span className="tag tag-bad">{t('battle.left')}</span>}
                  </>
                ),
                score: (
                  <>
                    {t('battle.points', { count: r.points })}
                    {r.payout !== undefined && r.payout > 0 && (
                      <strong className="podium-payout">
                        <CoinIcon size={14} />
                        <bdi dir="ltr">+{r.payout}</bdi>
                      </strong>
                    )}
                  </>
                ),
              };
            })}
          />
        )}
        {listed.length > 0 && (
          <ol className="battle-standings" start={podium.length + 1}>
            {listed.map((r) => {
              const s = seat(r.user_id);
              return (
                <li
                  key={r.user_id}
                  className={r.user_id === me ? 'me' : undefined}
                  data-testid={`standing-${r.user_id}`}
                >
                  <span className="standing-rank">{t('battle.rank', { rank: r.rank })}</span>
                  <Avatar name={s?.name || '?'} src={s?.image || undefined} size={36} />
                  <span className="standing-name" dir="auto">
                    {s ? nameOf(s, me) : ''}
                    {s?.state === 'left' && <span className="tag tag-bad">{t('battle.left')}</span>}
                  </span>
                  <span className="standing-score">
                    {t('battle.scoreLine', { correct: r.correct, count: r.points })}
                    {r.payout !== undefined && r.payout > 0 && <strong> · +{r.payout}</strong>}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        <div className="battle-actions">
          <Link to={lobby} state={{ category: room.category }} className="btn btn-primary" data-testid="battle-again">
            {t('battle.playAgain')}
          </Link>
          {outcome === 'win' && (
            <button
              type="button"
              className="btn btn-outline"
              data-testid="share-victory"
              onClick={() =>
                void shareOrCopy(
                  {
                    title: 'QuizHub',
                    text: t('share.victory', { correct: mine?.correct ?? 0 }),
                    url: window.location.origin,
                  },
                  t('share.copied'),
                )
              }
            >
              {t('share.button')}
            </button>
          )}
          <Link to={paths.home} className="btn btn-ghost">
            {t('common.backHome')}
          </Link>
        </div>
      </section>
    </>
  );
}
