import { matchPath } from 'react-router-dom';
import { answeredBootCall, pageCall, startBootCall } from '../../../app/boot-calls';
import type { PlaySession } from '../../../../core/contract';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';

/** The play screen of one quiz-zone level. */
export const LEVEL_ROUTE = `${paths.quizZone}/:category/:subcategory/:level`;

/** Failures the play screen's error card names; a toast as well would say it twice. */
export const SHOWN_ON_CARD = ['level_locked', 'not_found', 'premium_locked'];

/** The level a route parameter names: only a whole number from 1; 0 for anything else. */
export const levelNumber = (param: string) => (/^[1-9]\d{0,3}$/.test(param) ? Number(param) : 0);

// `resume`: the player's open session of this level comes back (a reload mid-quiz), not a new one.
const fields = (category: string, subcategory: string, level: number, languageId: number) => ({
  category,
  subcategory,
  level,
  language_id: languageId,
  resume: 1,
});

/** Opens a level's play: its questions, from the call started at boot when the app opened here. */
export function openLevel(category: string, subcategory: string, level: number, languageId: number) {
  return level < 1
    ? Promise.reject(new ApiError('not_found', 404, 'not_found'))
    : pageCall('get_questions_by_level', fields(category, subcategory, level, languageId), { expect: SHOWN_ON_CARD });
}

/**
 * The level's session if the call started at boot has brought it already and `usable` takes it
 * (the play screen then draws its first question in its first render); else undefined.
 */
export function answeredLevel(
  category: string,
  subcategory: string,
  level: number,
  languageId: number,
  usable: (session: PlaySession) => boolean,
): PlaySession | undefined {
  return level < 1
    ? undefined
    : answeredBootCall('get_questions_by_level', fields(category, subcategory, level, languageId), usable);
}

/** At boot on a level's play screen: asks for its questions while the screen's chunk loads. */
export function startLevelCall(pathname: string, languageId: number): void {
  const m = matchPath(LEVEL_ROUTE, pathname);
  const level = levelNumber(m?.params.level ?? '');
  if (!m || level < 1) return;
  startBootCall('get_questions_by_level', fields(m.params.category!, m.params.subcategory!, level, languageId), {
    expect: SHOWN_ON_CARD,
  });
}
