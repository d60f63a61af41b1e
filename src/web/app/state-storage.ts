import type { Storage } from 'redux-persist';

/**
 * redux-persist's storage: IndexedDB through localforage (`quizhub` / `state`, the whole
 * persisted state under redux-persist's root key).
 *
 * The boot's one read goes straight to IndexedDB, where localforage keeps it: it does not wait for
 * localforage's chunk (about 9 KB gzip, mostly drivers a PWA never uses), whose download and
 * evaluation stood between the entry and the first screen's own calls (a level's questions start
 * once the session is read). The chunk comes after the first screen (`holdStorage`), for the
 * writes, and for the reads where IndexedDB cannot be read directly (then localforage picks its
 * fallback driver).
 */
const DB = 'quizhub';
const STORE = 'state';

let instance: Promise<LocalForage> | undefined;
/** localforage's instance, its chunk fetched once it is no longer held (the writes wait for it). */
function forage(): Promise<LocalForage> {
  return (instance ??= (held ?? Promise.resolve())
    .then(() => import('localforage'))
    .then((m) => m.default.createInstance({ name: DB, storeName: STORE })));
}

let held: Promise<void> | undefined;
let release = () => {};
/**
 * Holds localforage's chunk, and so the writes, until `releaseStorage()`: the app holds it from
 * boot until its first screen is drawn, whose own files come first on a slow connection (the
 * state written meanwhile is the one just read). Reads are never held.
 */
export function holdStorage(): void {
  held ??= new Promise<void>((ok) => (release = ok));
}
export function releaseStorage(): void {
  release();
}

const NOT_READ = Symbol('not read');

/**
 * `key`'s value as localforage's IndexedDB driver stores it (the value itself; null when absent),
 * or NOT_READ where IndexedDB cannot answer (none, blocked, or no such store): then localforage
 * reads it. A database that does not exist yet is not created here (localforage creates it with
 * its store on the first write), and the connection is closed once read, so it never holds up an
 * upgrade localforage may make.
 */
function readDirect(key: string): Promise<unknown> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = indexedDB.open(DB);
    } catch {
      return resolve(NOT_READ);
    }
    open.onupgradeneeded = () => {
      // No database yet, so nothing saved: abort its creation.
      open.transaction?.abort();
      resolve(null);
    };
    open.onblocked = () => resolve(NOT_READ);
    open.onerror = () => resolve(NOT_READ);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const get = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
        get.onsuccess = () => resolve(get.result === undefined ? null : get.result);
        get.onerror = () => resolve(NOT_READ);
      } catch {
        resolve(NOT_READ);
      } finally {
        db.close();
      }
    };
  });
}

export const stateStorage: Storage = {
  async getItem(key: string): Promise<unknown> {
    const value = typeof indexedDB === 'undefined' ? NOT_READ : await readDirect(key);
    if (value !== NOT_READ) return value;
    // Read through localforage: its chunk is needed now (a read is never held). A failed chunk
    // (offline with no service worker) rejects the call, as a failed read would.
    release();
    return (await forage()).getItem(key);
  },
  async setItem(key: string, value: unknown): Promise<unknown> {
    return (await forage()).setItem(key, value);
  },
  async removeItem(key: string): Promise<void> {
    await (await forage()).removeItem(key);
  },
};
