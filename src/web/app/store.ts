import { configureStore, type Middleware } from '@reduxjs/toolkit';
import type { PersistConfig, Storage } from 'redux-persist';
import { accountFeedMiddleware } from './account-feed';
import { feedbackMiddleware } from './feedback-middleware';
import { lazyMiddleware, rootReducer, type RootState } from './root-reducer';

export { lazyMiddleware, rootReducer, type LazySlices, type RootState } from './root-reducer';

// Added with addMiddleware only (never by dispatching withMiddleware): a plain middleware to the
// store, so AppDispatch is the one every middleware and helper already takes.
const lazyMiddlewareOfStore = lazyMiddleware.middleware as Middleware<object, RootState>;

/** One root key, a 5000 ms rehydrate timeout (spec §4); play state is transient. */
export function persistConfig(storage: Storage): PersistConfig<RootState> {
  return { key: 'root', storage, timeout: 5000, whitelist: ['auth', 'languages', 'settings'] };
}

// redux-persist's bookkeeping actions carry functions; they are not app state.
const PERSIST_ACTIONS = [
  'persist/PERSIST',
  'persist/REHYDRATE',
  'persist/REGISTER',
  'persist/FLUSH',
  'persist/PAUSE',
  'persist/PURGE',
];

/**
 * The only way to build a store: for the app, for rehydration and for tests. Persistence is
 * attached by app/persistence.ts (a separate chunk, so the first screen's JS stays small).
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (gdm) =>
      gdm({ serializableCheck: { ignoredActions: PERSIST_ACTIONS } }).concat(
        lazyMiddlewareOfStore,
        accountFeedMiddleware,
        feedbackMiddleware(),
      ),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
