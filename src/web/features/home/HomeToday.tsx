import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef } from 'react';
import type { ActionOutput, ContestLists } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { selectLanguageId } from '../../app/selectors';
import { useApiQuery } from '../../app/server-state/use-api-query';
import type { Loadable } from '../../lib/loadable';
import { useOnline } from '../../lib/use-online';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { useHomeT } from './home-i18n';
import { BattleCard, ContestCard, ContinueCard, DailyCard, nextContest } from './today-cards';

/** A card's data: still coming, there, or not to show (failed, or offline with nothing kept). */
type Slot<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'gone' };

// Failures here are quiet: a card that cannot load steps aside; its page says why.
const QUIET = { expect: ['network', 'unknown', 'internal_error', 'not_found', 'maintenance'] };
const GONE = { state: 'gone' } as const;

/** A card's slot from its read: a failure steps the card aside. */
function slotOf<T>(read: Loadable<T>): Slot<T> {
  if (read.status === 'ready') return { state: 'ready', data: read.data };
  return read.status === 'error' ? GONE : { state: 'loading' };
}

const soonest = (lists: ContestLists) => nextContest(lists.live, lists.upcoming);
const nextOf = (reply: ActionOutput<'get_next_level'>) => reply.next;

/** Keeps a card's place while it loads, so the modes below do not jump when it arrives. */
function Placeholder({ id }: { id: string }) {
  return <div className="today-card today-placeholder" data-testid={`today-${id}-loading`} aria-hidden="true" />;
}

/**
 * What to do today, for a signed-in player (a lazy chunk, filled in after home paints): the
 * daily quiz, the next contest, a battle, and the quiz-zone level to continue with. Offline, the
 * daily quiz answers from the device's pack; the cards that need the network step aside.
 */
export default function HomeToday() {
  const { ht } = useHomeT();
  const languageId = useAppSelector(selectLanguageId);
  const online = useOnline();
  const zone = { timezone: browserTimezone(), gmt_format: gmtOffset() };
  // The daily quiz answers from the device's pack offline: asked again when the network comes or goes.
  const [dailyRead, askDaily] = useApiQuery('get_daily_quiz_status', { ...zone, call: QUIET });
  const wasOnline = useRef(online);
  useEffect(() => {
    if (wasOnline.current === online) return;
    wasOnline.current = online;
    askDaily();
  }, [online, askDaily]);
  const daily = slotOf(dailyRead);
  // The cards that need the network step aside offline.
  const [contestRead] = useApiQuery(
    'get_contest',
    online ? { language_id: languageId, ...zone, call: QUIET } : skipToken,
    soonest,
  );
  const contest = online ? slotOf(contestRead) : GONE;
  const [nextRead] = useApiQuery(
    'get_next_level',
    online ? { language_id: languageId, call: QUIET } : skipToken,
    nextOf,
  );
  const next = online ? slotOf(nextRead) : GONE;

  // Offline with no daily pack kept: nothing to say today.
  if (!online && daily.state === 'gone') return null;
  return (
    <section className="today" aria-labelledby="today-title" data-testid="home-today">
      <h2 id="today-title" className="section-title">
        {ht('title')}
      </h2>
      <div className="today-grid">
        {daily.state === 'loading' ? (
          <Placeholder id="daily" />
        ) : (
          daily.state === 'ready' && <DailyCard status={daily.data} />
        )}
        {contest.state === 'loading' ? (
          <Placeholder id="contest" />
        ) : (
          contest.state === 'ready' && contest.data && <ContestCard contest={contest.data} />
        )}
        {online && <BattleCard />}
        {next.state === 'loading' ? (
          <Placeholder id="continue" />
        ) : (
          next.state === 'ready' && <ContinueCard next={next.data} />
        )}
      </div>
    </section>
  );
}
