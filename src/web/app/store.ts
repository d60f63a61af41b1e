import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { PersistConfig, Storage } from 'redux-persist';
import { authReducer } from '../features/auth/auth-slice';
import { accountFeedMiddleware } from './account-feed';
import { feedbackMiddleware } from './feedback-middleware';
import { liveReducer } from './live-slice';
import { battleMiddleware } from '../features/battle/battle-middleware';
import { battleReducer } from '../features/battle/battle-slice';
import { languagesReducer } from '../features/languages/languages-slice';
import { playReducer } from '../features/play/play-machine';
import { settingsReducer } from '../features/settings/settings-slice';

export const rootReducer = combineReducers({
  auth: authReducer,
  settings: settingsReducer,
  languages: languagesReducer,
  /** The solo play screen of every mode (transient, never persisted). */
  play: playReducer,
  /** The live battle on screen (transient: a reload joins the room again). */
  battle: battleReducer,
  /** The account as the server pushes it: unread count, arrived notifications, clock (transient). */
  live: liveReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

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
        battleMiddleware,
        accountFeedMiddleware,
        feedbackMiddleware(),
      ),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
