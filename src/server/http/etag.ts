import { createHash } from 'node:crypto';

/** A strong ETag of a body: a hash of its bytes, so equal bodies have equal tags on every node. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * True when an If-None-Match header names `etag` (a quoted tag): in a list, weak or not, or `*`
 * (RFC 9110 §13.1.2). Anything else, a malformed header included, names nothing.
 */
export function ifNoneMatchNames(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string' || header === '') return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}
