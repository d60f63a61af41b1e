import { LRUCache } from 'lru-cache';
import type { Representation } from './hot-encoding';

/** A reply kept in memory: the serialized envelope as bytes, with its strong ETag, and its gzip copy. */
export interface HotEntry {
  identity: Representation;
  /** For a client whose Accept-Encoding takes gzip (none for a small body, or a player's own list). */
  gzip?: Representation;
  /** The reply's `data`, for a caller whose own answer is derived from it (premium unlocks). */
  data: unknown;
}

/** What a hot cache is built with. */
export interface HotCacheOptions {
  /** Milliseconds now (the app's clock): an entry older than `maxAgeMs` is read again. */
  now: () => number;
  maxAgeMs?: number;
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * The hot reads' replies by key, bounded in count and bytes (least recently used go first), each
 * kept at most `maxAgeMs` (the backstop when a change notification is lost). `clear()` on every
 * change of the content: a reply whose build began before a clear is handed to the callers that
 * waited for it, never kept, so a read racing an operator's change cannot outlive it here.
 */
export class HotCache {
  private readonly entries: LRUCache<string, HotEntry>;
  /** Builds under way by key (one database read however many callers wait). */
  private readonly building = new Map<string, Promise<HotEntry>>();
  private clears = 0;

  constructor(o: HotCacheOptions) {
    this.entries = new LRUCache<string, HotEntry>({
      max: o.maxEntries ?? 500,
      maxSize: o.maxBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (e) => e.identity.body.length + (e.gzip?.body.length ?? 0) + 200,
      ttl: o.maxAgeMs ?? 5000,
      // Ages read from the app's clock on every look-up (not a value cached for a millisecond).
      perf: { now: o.now },
      ttlResolution: 0,
    });
  }

  /** Forgets every reply, and the builds under way. */
  clear(): void {
    this.clears++;
    this.entries.clear();
    this.building.clear();
  }

  /** Moves on at every clear: something worked out from the content before a clear is stale. */
  get generation(): number {
    return this.clears;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The reply of `key`, built by `build` when not kept (`keep` false: handed out, not kept, e.g.
   * an empty answer to an unknown slug). A failed build is not kept either.
   */
  get(key: string, build: () => Promise<{ entry: HotEntry; keep: boolean }>): Promise<HotEntry> {
    const kept = this.entries.get(key);
    if (kept) return Promise.resolve(kept);
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.clears;
    const built = build()
      .then(({ entry, keep }) => {
        if (keep && generation === this.clears) this.entries.set(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.building.get(key) === built) this.building.delete(key);
      });
    this.building.set(key, built);
    return built;
  }
}
