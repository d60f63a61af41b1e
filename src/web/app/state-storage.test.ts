import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh IndexedDB and fresh modules (the storage keeps its instance) for each test.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
});
const storage = async () => (await import('./state-storage')).stateStorage;
/** The localforage instance every version of the app keeps its state in. */
const localforageState = async () =>
  (await import('localforage')).default.createInstance({ name: 'quizhub', storeName: 'state' });

const ROOT = JSON.stringify({ auth: JSON.stringify({ token: 't1', isLogin: true }) });

describe('stateStorage (redux-persist on IndexedDB through a lazily loaded localforage)', () => {
  it('reads a key never written as null, and gives back what it wrote', async () => {
    const s = await storage();
    expect(await s.getItem('persist:root')).toBeNull();
    await s.setItem('persist:root', ROOT);
    expect(await s.getItem('persist:root')).toBe(ROOT);
    await s.removeItem('persist:root');
    expect(await s.getItem('persist:root')).toBeNull();
  });

  it('reads the session an earlier version of the app saved (a device updated stays signed in)', async () => {
    await (await localforageState()).setItem('persist:root', ROOT);
    expect(await (await storage()).getItem('persist:root')).toBe(ROOT);
  });

  it('writes where an earlier version reads', async () => {
    await (await storage()).setItem('persist:root', ROOT);
    expect(await (await localforageState()).getItem('persist:root')).toBe(ROOT);
  });
});
