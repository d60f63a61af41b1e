import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { etagOf } from './etag';

const gzip = promisify(gzipCallback);

/** One representation of a kept reply: its bytes as sent and its strong ETag. */
export interface Representation {
  body: Buffer;
  etag: string;
}

/**
 * Below this, a body goes as it is: gzip saves a few hundred bytes at most, and a small reply's
 * cost is its headers and round trip.
 */
export const GZIP_MIN_BYTES = 1024;

/**
 * The content codings of the hot reads: gzip, which every browser sends in Accept-Encoding and
 * which is cheap to make (~1-4 ms for the 36 KB interface texts, to about a third). Brotli was
 * measured and left out: at quality 5 it is no smaller than gzip, at 11 (~10 % smaller) it costs
 * ~85-110 ms of CPU per 36 KB body.
 *
 * A gzip copy has a strong ETag of its own, the identity one's with `-gzip` inside the quotes:
 * RFC 9110 §8.8.3.3 says a content-coded representation's strong tag must differ from the
 * unencoded one's, or a cache could merge the two representations' bytes. Each copy is made once
 * per body: kept by the identity ETag (a hash of the bytes), so a rebuilt entry whose body did
 * not change (the 5 s age bound, a change of other content) reuses it.
 */
export class HotEncodings {
  /** Accept-Encoding headers seen, and whether each takes gzip: browsers send a handful of them; bounded, anyone can send others. */
  private readonly takes = new LRUCache<string, boolean>({ max: 100 });
  private readonly gzipped = new LRUCache<string, Representation>({
    max: 500,
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (r) => r.body.length + 100,
  });

  /** Whether a request's Accept-Encoding takes gzip (q > 0, by name or `*`). */
  takesGzip(acceptEncoding: string | string[] | undefined): boolean {
    if (typeof acceptEncoding !== 'string' || acceptEncoding === '') return false;
    let gzip = this.takes.get(acceptEncoding);
    if (gzip === undefined) {
      // RFC 9110 §12.5.3 with q-values: `gzip;q=0` refuses it, `*` takes it; gzip preferred to identity.
      gzip = negotiate(acceptEncoding, ['gzip', 'identity']) === 'gzip';
      if (acceptEncoding.length <= 200) this.takes.set(acceptEncoding, gzip);
    }
    return gzip;
  }

  /** The gzip copy of a body, made once (undefined for a body too small to gain from it). */
  async gzipOf(identity: Representation): Promise<Representation | undefined> {
    if (identity.body.length < GZIP_MIN_BYTES) return undefined;
    const kept = this.gzipped.get(identity.etag);
    if (kept) return kept;
    // In the thread pool: a large body's compression never holds the event loop.
    const made = { body: await gzip(identity.body), etag: codedEtag(identity.etag, 'gzip') };
    this.gzipped.set(identity.etag, made);
    return made;
  }
}

/** The strong ETag of a content-coded copy: the identity tag with the coding inside its quotes. */
export function codedEtag(identityEtag: string, coding: string): string {
  return `${identityEtag.slice(0, -1)}-${coding}"`;
}

/** The identity representation of a serialized reply. */
export function identityOf(json: string): Representation {
  const body = Buffer.from(json);
  return { body, etag: etagOf(body) };
}
