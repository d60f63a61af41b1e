import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh IndexedDB and fresh modules (the storage keeps its connection) for each test.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
});
const storage = async () => (await import('./state-storage')).stateStorage;
/** The localforage instance the app used before (still what an older copy of the app reads). */
const localforageState = async () =>
  (await import('localforage')).default.createInstance({ name: 'quizhub', storeName: 'state' });

const ROOT = JSON.stringify({ auth: JSON.stringify({ token: 't1', isLogin: true }) });

describe('stateStorage (redux-persist on IndexedDB)', () => {
  it('reads a key never written as null, and gives back what it wrote', async () => {
    const s = await storage();
    expect(await s.getItem('persist:root')).toBeNull();
    await s.setItem('persist:root', ROOT);
    expect(await s.getItem('persist:root')).toBe(ROOT);
    await s.removeItem('persist:root');
    expect(await s.getItem('persist:root')).toBeNull();
  });

  it('reads the session localforage saved (a device updated to this version stays signed in)', async () => {
    await (await localforageState()).setItem('persist:root', ROOT);
    expect(await (await storage()).getItem('persist:root')).toBe(ROOT);
  });

  it('writes where localforage reads (an older copy of the app still finds the session)', async () => {
    await (await storage()).setItem('persist:root', ROOT);
    expect(await (await localforageState()).getItem('persist:root')).toBe(ROOT);
  });

  it('adds its store to a database that lacks it, one version up, keeping the other stores', async () => {
    const db = await openDB('quizhub', 3, { upgrade: (d) => void d.createObjectStore('other') });
    await db.put('other', 'kept', 'k');
    db.close();
    await (await storage()).setItem('persist:root', ROOT);
    const after = await openDB('quizhub');
    expect(after.version).toBe(4);
    expect([...after.objectStoreNames].sort()).toEqual(['other', 'state']);
    expect(await after.get('other', 'k')).toBe('kept');
    expect(await after.get('state', 'persist:root')).toBe(ROOT);
    after.close();
  });

  it('lets another tab upgrade the database, and opens it again for the next call', async () => {
    const s = await storage();
    await s.setItem('persist:root', ROOT);
    // Another tab asks for a newer version: this connection must not block it.
    const newer = await openDB('quizhub', 7, { upgrade: (d) => void d.createObjectStore('more') });
    newer.close();
    expect(await s.getItem('persist:root')).toBe(ROOT);
  });
});
