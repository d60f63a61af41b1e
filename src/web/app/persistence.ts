import { persistReducer, persistStore } from 'redux-persist';
import { stateStorage } from './state-storage';
import { persistConfig, rootReducer } from './store';
import type { AppStore } from './store';

/** Swaps in the persisting reducer and rehydrates; resolves once the saved state is back (≤ 5 s). */
export function rehydrate(store: AppStore): Promise<void> {
  store.replaceReducer(persistReducer(persistConfig(stateStorage), rootReducer) as unknown as typeof rootReducer);
  return new Promise((resolve) => {
    persistStore(store, null, resolve);
  });
}
