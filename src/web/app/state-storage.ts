import { openDB, type IDBPDatabase } from 'idb';
import type { Storage } from 'redux-persist';

/**
 * redux-persist's storage: IndexedDB through `idb` (about 1 KB, the library the service worker's
 * outbox uses), where the app used localforage (about 9 KB, mostly its WebSQL and localStorage
 * drivers, which a PWA that needs IndexedDB never uses). Same database and store as
 * localforage's instance (`quizhub` / `state`, the value under redux-persist's key as it is), so
 * a device keeps its saved session across the change, either way.
 */
export const STATE_DB = 'quizhub';
export const STATE_STORE = 'state';

let opened: Promise<IDBPDatabase> | undefined;

/**
 * A connection at `version` (the database's own when undefined), creating the store in an
 * upgrade. Another tab asking for a newer version gets it: this connection closes, and the next
 * call opens again.
 */
function connect(version?: number): Promise<IDBPDatabase> {
  const db = openDB(STATE_DB, version, {
    upgrade: (d) => {
      if (!d.objectStoreNames.contains(STATE_STORE)) d.createObjectStore(STATE_STORE);
    },
    blocking: () => {
      opened = undefined;
      void db.then((x) => x.close());
    },
  });
  return db;
}

/** The database as it is (a new one is made with the store); one version up if the store is missing. */
async function open(): Promise<IDBPDatabase> {
  const db = await connect();
  if (db.objectStoreNames.contains(STATE_STORE)) return db;
  db.close();
  return connect(db.version + 1);
}

function database(): Promise<IDBPDatabase> {
  return (opened ??= open().catch((e: unknown) => {
    opened = undefined; // tried again by the next call
    throw e;
  }));
}

export const stateStorage: Storage = {
  async getItem(key: string): Promise<unknown> {
    return (await (await database()).get(STATE_STORE, key)) ?? null;
  },
  async setItem(key: string, value: unknown): Promise<void> {
    await (await database()).put(STATE_STORE, value, key);
  },
  async removeItem(key: string): Promise<void> {
    await (await database()).delete(STATE_STORE, key);
  },
};
