import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ContestSummary, DailyQuizStatus, NextLevel } from '../../../core/contract';
import { paths } from '../../app/paths';
import { formatDateTime } from '../../lib/format-date';
import { useHomeT } from './home-i18n';
import { ModeIcon } from './ModeIcon';

/** One card of "today" on home: an icon well, a title, what it says, and its actions. */
function TodayCard(props: {
  id: string;
  icon: string;
  tone: string;
  title: string;
  /** Beside the title, at the end (the streak). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className={`today-card tone-${props.tone}`}
      data-testid={`today-${props.id}`}
      aria-labelledby={`today-${props.id}-title`}
    >
      <div className="today-head">
        <ModeIcon id={props.icon} />
        <h3 id={`today-${props.id}-title`}>{props.title}</h3>
        {props.aside}
      </div>
      {props.children}
    </section>
  );
}

/** The daily quiz: played today or not, today's result, the streak, and Play. */
export function DailyCard({ status }: { status: DailyQuizStatus }) {
  const { t, ht } = useHomeT();
  return (
    <TodayCard
      id="daily"
      icon="daily-quiz"
      tone="accent"
      title={t('modes.dailyQuiz')}
      aside={
        <p className="today-streak" data-testid="today-streak" data-streak={status.streak}>
          <svg width="18" height="18" aria-hidden="true">
            <use href="/icons/modes.svg#streak" />
          </svg>
          {ht('streak', { count: status.streak })}
        </p>
      }
    >
      <p className="today-line" data-testid="today-daily-state" data-played={status.played}>
        {status.played ? t('modes.daily.played') : t('modes.daily.notPlayed')}
        {status.result && ` · ${t('modes.daily.result', status.result)}`}
      </p>
      <Link
        to={paths.dailyQuiz}
        className={status.played ? 'btn btn-small btn-outline' : 'btn btn-small btn-primary'}
        data-testid="today-daily-go"
      >
        {status.played ? ht('seeResult') : ht('play')}
      </Link>
    </TodayCard>
  );
}

/** The contest to look at: the first live one, else the next to start; null when there is none. */
export function nextContest(live: ContestSummary[], upcoming: ContestSummary[]): ContestSummary | null {
  const soonest = [...upcoming].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return live[0] ?? soonest[0] ?? null;
}

/** A live contest (when it ends, Play) or the next upcoming one (when it starts). */
export function ContestCard({ contest }: { contest: ContestSummary }) {
  const { ht, i18n } = useHomeT();
  const live = contest.status === 'live';
  return (
    <TodayCard id="contest" icon="contest-play" tone="accent" title={contest.name}>
      <p className="today-line">
        <span className={live ? 'tag tag-live' : 'tag'} data-testid="today-contest-status">
          {live ? ht('live') : ht('upcoming')}
        </span>{' '}
        {live
          ? ht('ends', { date: formatDateTime(contest.ends_at, i18n.language) })
          : ht('starts', { date: formatDateTime(contest.starts_at, i18n.language) })}
      </p>
      <Link
        to={live ? paths.contestPlayOf(contest.id) : paths.contestPlay}
        className={live ? 'btn btn-small btn-primary' : 'btn btn-small btn-outline'}
        data-testid="today-contest-go"
      >
        {live ? ht('play') : ht('contests')}
      </Link>
    </TodayCard>
  );
}

/** Battles: a random opponent (or a friend, or the bot) and the group room. */
export function BattleCard() {
  const { t, ht } = useHomeT();
  return (
    <TodayCard id="battle" icon="random-battle" tone="bad" title={ht('battle')}>
      <p className="today-line">{ht('battleText')}</p>
      <div className="today-actions">
        <Link to={paths.randomBattle} className="btn btn-small btn-primary" data-testid="today-battle-go">
          {t('modes.randomBattle')}
        </Link>
        <Link to={paths.groupBattle} className="btn btn-small btn-outline">
          {t('modes.groupBattle')}
        </Link>
      </div>
    </TodayCard>
  );
}

/** Continue where you left off: the next level of the subcategory last played, or a first start. */
export function ContinueCard({ next }: { next: NextLevel | null }) {
  const { t, ht } = useHomeT();
  if (!next)
    return (
      <TodayCard id="continue" icon="quiz-zone" tone="primary" title={ht('continue')}>
        <p className="today-line">{ht('firstLevel')}</p>
        <Link to={paths.quizZone} className="btn btn-small btn-outline" data-testid="today-continue-go">
          {t('modes.quizZone')}
        </Link>
      </TodayCard>
    );
  const where = `${next.category_name} · ${next.subcategory_name}`;
  const to =
    next.level !== null && next.unlocked
      ? paths.quizZonePlay(next.category, next.subcategory, next.level)
      : paths.quizZoneLevels(next.category, next.subcategory);
  return (
    <TodayCard id="continue" icon="quiz-zone" tone="primary" title={ht('continue')}>
      <p className="today-line today-where">{where}</p>
      <p className="today-line muted" data-testid="today-continue-level" data-level={next.level ?? 'done'}>
        {next.level === null
          ? ht('allCleared', { count: next.max_level })
          : ht('level', { level: next.level, max: next.max_level })}
      </p>
      <Link to={to} className="btn btn-small btn-primary" data-testid="today-continue-go">
        {next.level === null ? ht('pickLevel') : ht('play')}
      </Link>
    </TodayCard>
  );
}
