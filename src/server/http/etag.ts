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
