import { useLocation } from 'react-router-dom';
import { paths } from './paths';

// Routes whose page is a play in progress: a level or round, a text's questions, a battle room,
// an exam, a contest, the bookmarked questions. Their pickers, lists and results are not.
const PLAY_ROUTES: RegExp[] = [
  /^\/(quiz-zone|guess-the-word|audio-questions|math-mania|multi-match-questions)\/[^/]+\/[^/]+\/\d+\/?$/,
  /^\/fun-and-learn\/[^/]+\/[^/]+\/[^/]+\/play\/?$/,
  /^\/(random-battle|group-battle)\/[^/]+\/?$/,
  /^\/(exam-module|contest-play)\/\d+\/?$/,
  new RegExp(`^${paths.playBookmarks}/?$`),
];

/**
 * Whether a location shows a play in progress (a question, a battle round, an exam), where the
 * tab bar would distract and invite a mis-tap. A start screen and its play share a route (the
 * daily quiz, true or false, self challenge): the play carries a `run` in the history state.
 */
export function isPlayScreen(pathname: string, state: unknown): boolean {
  if (state && typeof state === 'object' && 'run' in state && (state as { run?: unknown }).run) return true;
  return PLAY_ROUTES.some((r) => r.test(pathname));
}

/** True while the current page is a play in progress. */
export function useInPlay(): boolean {
  const { pathname, state } = useLocation();
  return isPlayScreen(pathname, state);
}
