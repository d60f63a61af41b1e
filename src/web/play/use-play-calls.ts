import { useState } from 'react';
import type { Lifeline, PlayQuestion, PlaySession } from '../../core/contract';
import { coinsChanged } from '../app/events';
import { useAppDispatch } from '../app/hooks';
import { api } from '../lib/api-client';
import { bookmarkChanged, hintApplied, lifelineApplied, questionSkipped, type HintLetter } from './play-machine';

/**
 * The in-play calls (lifelines, hints, bookmarks). Failures are toasted by the API client
 * (lifeline_used, not_enough_coins, hint_limit, bookmark_remove_failed, ...).
 */
export function usePlayCalls(session: PlaySession) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<string | null>(null);

  async function run<T>(what: string, call: () => Promise<T>): Promise<T | null> {
    if (busy) return null;
    setBusy(what);
    try {
      return await call();
    } catch {
      return null;
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    async lifeline(lifeline: Lifeline, q: PlayQuestion) {
      const r = await run(`lifeline:${lifeline}`, () =>
        api('use_lifeline', { session_id: session.session_id, lifeline, question_id: q.id }),
      );
      if (!r) return;
      dispatch(coinsChanged(r.coins));
      if (lifeline === 'skip') dispatch(questionSkipped());
      else dispatch(lifelineApplied({ lifeline, question_id: q.id, removed: r.removed, poll: r.poll }));
    },
    async hint(q: PlayQuestion): Promise<HintLetter | null> {
      const r = await run('hint', () => api('use_hint', { session_id: session.session_id, question_id: q.id }));
      if (!r) return null;
      dispatch(coinsChanged(r.coins));
      dispatch(hintApplied({ question_id: q.id, position: r.position, letter: r.letter }));
      return { position: r.position, letter: r.letter };
    },
    async bookmark(q: PlayQuestion) {
      const r = await run('bookmark', () => api('set_bookmark', { question_id: q.id, status: q.bookmarked ? 0 : 1 }));
      if (r) dispatch(bookmarkChanged({ question_id: r.question_id, bookmarked: r.bookmarked }));
    },
  };
}

export type PlayCalls = ReturnType<typeof usePlayCalls>;
