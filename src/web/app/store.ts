import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  type PersistConfig,
  type Storage,
} from 'redux-persist';
import { authReducer } from '../features/auth/auth-slice';
import { languagesReducer } from '../features/languages/languages-slice';
import { playReducer } from '../features/quiz-zone/play-machine';
import { settingsReducer } from '../features/settings/settings-slice';

const rootReducer = combineReducers({
  auth: authReducer,
  settings: settingsReducer,
  languages: languagesReducer,
  quizPlay: playReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** One root key, a 5000 ms rehydrate timeout (spec §4); play state is transient. */
export function persistConfig(storage: Storage): PersistConfig<RootState> {
  return { key: 'root', storage, timeout: 5000, whitelist: ['auth', 'languages', 'settings'] };
}

/** The only way to build a store: for the app (with persistence), rehydration and tests. */
export function makeStore(preloadedState?: Partial<RootState>, storage?: Storage) {
  const reducer = storage ? persistReducer(persistConfig(storage), rootReducer) : rootReducer;
  return configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (gdm) =>
      gdm({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
