import localforage from 'localforage';
import { persistReducer, persistStore } from 'redux-persist';
import { persistConfig, rootReducer } from './store';
import type { AppStore } from './store';

/** IndexedDB through localforage: one database, the whole persisted state under key `root`. */
export const storage = localforage.createInstance({ name: 'quizhub', storeName: 'state' });

/** Swaps in the persisting reducer and rehydrates; resolves once the saved state is back (≤ 5 s). */
export function rehydrate(store: AppStore): Promise<void> {
  store.replaceReducer(persistReducer(persistConfig(storage), rootReducer) as unknown as typeof rootReducer);
  return new Promise((resolve) => {
    persistStore(store, null, resolve);
  });
}
