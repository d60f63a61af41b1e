import { useEffect, useEffectEvent, useState } from 'react';
import type { ContestSummary, DailyQuizStatus, NextLevel } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { selectLanguageId } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useDepsVersion } from '../../lib/use-deps-version';
import { useOnline } from '../../lib/use-online';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { useHomeT } from './home-i18n';
import { BattleCard, ContestCard, ContinueCard, DailyCard, nextContest } from './today-cards';

/** A card's data: still coming, there, or not to show (failed, or offline with nothing kept). */
type Slot<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'gone' };

// Failures here are quiet: a card that cannot load steps aside; its page says why.
const QUIET = { expect: ['network', 'unknown', 'internal_error', 'not_found', 'maintenance'] };

function useSlot<T>(load: () => Promise<T>, deps: unknown[]): Slot<T> {
  const [slot, setSlot] = useState<Slot<T>>({ state: 'loading' });
  const version = useDepsVersion(deps);
  const run = useEffectEvent(load);
  useEffect(() => {
    let live = true;
    run().then(
      (data) => live && setSlot({ state: 'ready', data }),
      () => live && setSlot({ state: 'gone' }),
    );
    return () => {
      live = false;
    };
  }, [version]);
  return slot;
}

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
  const daily = useSlot<DailyQuizStatus>(
    () => api('get_daily_quiz_status', { timezone: browserTimezone(), gmt_format: gmtOffset() }, QUIET),
    [online],
  );
  const contest = useSlot<ContestSummary | null>(async () => {
    if (!online) throw new Error('offline');
    const lists = await api(
      'get_contest',
      { language_id: languageId, timezone: browserTimezone(), gmt_format: gmtOffset() },
      QUIET,
    );
    return nextContest(lists.live, lists.upcoming);
  }, [online, languageId]);
  const next = useSlot<NextLevel | null>(async () => {
    if (!online) throw new Error('offline');
    return (await api('get_next_level', { language_id: languageId }, QUIET)).next;
  }, [online, languageId]);

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
