import { describe, expect, it } from 'vitest';
import { etagOf } from './etag';
import { HotCache, type HotEntry } from './hot-cache';
import { identityOf } from './hot-encoding';

/** An entry whose data is its body's text (what the tests compare). */
const entry = (body: string): HotEntry => ({ identity: identityOf(body), data: body });
/** A build that resolves when the test says so, counting how often it ran. */
function gate(body: string) {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const build = Object.assign(
    async () => {
      build.runs++;
      await opened;
      return { entry: entry(body), keep: true };
    },
    { runs: 0 },
  );
  return { build, open };
}

describe('the hot reads’ memory', () => {
  it('tags a body by its bytes: equal bodies, equal strong ETags; another body, another tag', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf('x')).toMatch(/^"[\w-]{32}"$/);
  });

  it('builds an entry once however many callers wait for it, then answers from memory', async () => {
    const cache = new HotCache({ now: () => 0 });
    const { build, open } = gate('one');
    const waiting = [cache.get('k', build), cache.get('k', build), cache.get('k', build)];
    open();
    expect((await Promise.all(waiting)).map((e) => e.data)).toEqual(['one', 'one', 'one']);
    expect((await cache.get('k', build)).data).toBe('one');
    expect(build.runs).toBe(1);
  });

  it('keeps no reply whose build began before a clear: a read racing a change cannot outlive it', async () => {
    const cache = new HotCache({ now: () => 0 });
    const stale = gate('before the change');
    const racing = cache.get('k', stale.build);
    cache.clear();
    // A caller after the change does not join the stale build.
    const fresh = gate('after the change');
    const after = cache.get('k', fresh.build);
    stale.open();
    fresh.open();
    expect((await racing).data).toBe('before the change');
    expect((await after).data).toBe('after the change');
    expect((await cache.get('k', gate('never').build)).data).toBe('after the change');
  });

  it('keeps neither a failed build nor one marked not to keep', async () => {
    const cache = new HotCache({ now: () => 0 });
    await expect(cache.get('k', () => Promise.reject(new Error('no such slug')))).rejects.toThrow('no such slug');
    await cache.get('k', async () => ({ entry: entry('empty'), keep: false }));
    expect(cache.size).toBe(0);
  });

  it('reads an entry again once it is older than the maximum age (the clock the test moves)', async () => {
    let now = 1_000;
    const cache = new HotCache({ now: () => now, maxAgeMs: 5_000 });
    await cache.get('k', async () => ({ entry: entry('old'), keep: true }));
    now += 4_999;
    expect((await cache.get('k', async () => ({ entry: entry('new'), keep: true }))).data).toBe('old');
    now += 2;
    expect((await cache.get('k', async () => ({ entry: entry('new'), keep: true }))).data).toBe('new');
  });

  it('holds at most its bound of entries and of bytes, whatever keys come', async () => {
    const cache = new HotCache({ now: () => 0, maxEntries: 3, maxBytes: 1_000_000 });
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => ({ entry: entry(k), keep: true }));
    for (let i = 0; i < 100; i++) await cache.get(`made-up-${i}`, async () => ({ entry: entry('x'), keep: true }));
    expect(cache.size).toBe(3);
    const bytes = new HotCache({ now: () => 0, maxEntries: 100, maxBytes: 10_000 });
    // 2,000 bytes and its bookkeeping each: four fit in 10,000.
    for (let i = 0; i < 20; i++)
      await bytes.get(`k${i}`, async () => ({ entry: entry('y'.repeat(2_000)), keep: true }));
    expect(bytes.size).toBeLessThanOrEqual(4);
  });
});
