import type { Storage } from 'redux-persist';

/**
 * redux-persist's storage: IndexedDB through localforage (`quizhub` / `state`, the whole
 * persisted state under redux-persist's root key). localforage comes as a chunk of its own
 * (about 9 KB gzip, mostly drivers a PWA never uses) rather than in the first screen's entry:
 * its download starts as this module is read, beside the asked page's chunk, and the first
 * render waits for the rehydration either way.
 */
const instance = import('localforage').then((m) => m.default.createInstance({ name: 'quizhub', storeName: 'state' }));
// A failed chunk (offline with no service worker) rejects the calls, not the module.
instance.catch(() => undefined);

export const stateStorage: Storage = {
  async getItem(key: string): Promise<unknown> {
    return (await instance).getItem(key);
  },
  async setItem(key: string, value: unknown): Promise<unknown> {
    return (await instance).setItem(key, value);
  },
  async removeItem(key: string): Promise<void> {
    await (await instance).removeItem(key);
  },
};
