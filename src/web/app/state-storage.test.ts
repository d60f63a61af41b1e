import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const storage = async () => (await import('./state-storage')).stateStorage;
/** The localforage instance every version of the app keeps its state in. */
const localforageState = async () =>
  (await import('localforage')).default.createInstance({ name: 'quizhub', storeName: 'state' });

// Fresh modules (the storage keeps its instance) and an empty store for each test. localforage, a
// dependency, is loaded once for the file and keeps the IndexedDB it found then: the store is
// emptied rather than the factory replaced.
beforeEach(async () => {
  vi.resetModules();
  await (await localforageState()).clear();
});

const ROOT = JSON.stringify({ auth: JSON.stringify({ token: 't1', isLogin: true }) });

describe('stateStorage (redux-persist on IndexedDB through a lazily loaded localforage)', () => {
  it("reads the saved session straight from IndexedDB, without waiting for localforage's chunk", async () => {
    await (await localforageState()).setItem('persist:root', ROOT);
    // The chunk cannot load (offline, no worker yet): the boot's read does not need it.
    vi.doMock('localforage', () => {
      throw new Error('the localforage chunk was fetched');
    });
    try {
      expect(await (await storage()).getItem('persist:root')).toBe(ROOT);
      expect(await (await storage()).getItem('persist:other')).toBeNull();
    } finally {
      vi.doUnmock('localforage');
    }
  });

  it('holds the writes (and the chunk) until released, and never a read', async () => {
    const m = await import('./state-storage');
    await (await localforageState()).setItem('persist:root', ROOT);
    m.holdStorage();
    let written = false;
    const write = m.stateStorage.setItem('persist:other', 'x').then(() => (written = true));
    // A read answers while the writes are held.
    expect(await m.stateStorage.getItem('persist:root')).toBe(ROOT);
    await new Promise((ok) => setTimeout(ok, 20));
    expect(written).toBe(false);
    expect(await (await localforageState()).getItem('persist:other')).toBeNull();
    m.releaseStorage();
    await write;
    expect(await m.stateStorage.getItem('persist:other')).toBe('x');
  });

  it('does not create the database by reading it (localforage creates it, with its store)', async () => {
    const kept = globalThis.indexedDB;
    const empty = new IDBFactory();
    globalThis.indexedDB = empty;
    try {
      expect(await (await storage()).getItem('persist:root')).toBeNull();
      expect((await empty.databases()).map((d) => d.name)).not.toContain('quizhub');
    } finally {
      globalThis.indexedDB = kept;
    }
  });

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
