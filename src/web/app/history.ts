import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
  type Navigator,
} from 'react-router-dom';

/** What the app uses of the history: <Router>'s navigator plus the current entry and updates. */
export interface AppHistory extends Navigator {
  readonly action: NavigationType;
  readonly location: Location;
  listen(listener: (update: { action: NavigationType; location: Location }) => void): () => void;
}

/**
 * The one browser history of the app. Owning it (instead of <BrowserRouter>'s private one) lets
 * non-React code navigate (the api client's 401 → `/`) and lets the shell know when a route
 * change is pending, for the progress bar.
 */
export const history: AppHistory = createBrowserHistory({ v5Compat: true });
