import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { UserRecord } from '../../core/contract';
import { makeStore, type AppStore, type RootState } from '../app/store';
import '../lib/i18n';

export interface RenderOptions {
  /** The address the screen opens at. */
  route?: string;
  /** The route's pattern, for a screen that reads its parameters (`/exam-module/:id/result`). */
  path?: string;
  /** The store's state to start from (`makeStore(preloadedState)`), unless `store` is given. */
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/**
 * Renders `ui` with what the app renders it with: the real store, a router at `route` (any other
 * address renders nothing, so a test reads where a link or a navigation went from
 * `router.state.location`) and i18n with the English catalogue (test-setup.ts).
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', preloadedState, store = makeStore(preloadedState) }: RenderOptions = {},
) {
  const routes = [{ path, element: ui }, ...(path === '*' ? [] : [{ path: '*', element: null }])];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

/** A signed-in player's state for `preloadedState` (a token, and the record with `over`). */
export function signedIn(over: Partial<UserRecord> = {}): Partial<RootState> {
  const user = { id: 7, name: 'Ada', coins: 10, all_time_score: 0, ...over } as UserRecord;
  return { auth: { user, token: 't', isLogin: true } };
}
