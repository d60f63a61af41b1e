/**
 * Where a profile picture may come from. Other players' apps load it, so a URL anywhere else
 * would let a player make every viewer fetch from a host of their choosing (tracking pixels,
 * unwanted content): only this server's own media, or the photo host of the identity provider
 * that proved the account (Google's, for Google sign-in, directly or through Firebase).
 */

/** A picture this server keeps (an upload re-encoded under /media). */
const OWN_MEDIA = /^\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png|jpg)$/;

/** Google account photos (lh3…lh6.googleusercontent.com and the like). */
const GOOGLE_PHOTO_HOST = /^[a-z0-9-]+\.googleusercontent\.com$/;

/** Why a profile picture URL is refused, or undefined when it is acceptable. */
export function profileUrlProblem(
  url: string,
  o: { identityType: 'email' | 'mobile' | 'gmail'; publicUrl?: string },
): string | undefined {
  if (OWN_MEDIA.test(url)) return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'must be a picture from this server or your sign-in provider';
  }
  const clean = u.protocol === 'https:' && !u.username && !u.password && !u.port;
  if (clean && o.publicUrl && u.origin === new URL(o.publicUrl).origin && OWN_MEDIA.test(u.pathname) && !u.search)
    return undefined;
  if (clean && o.identityType === 'gmail' && GOOGLE_PHOTO_HOST.test(u.hostname)) return undefined;
  return 'must be a picture from this server or your sign-in provider';
}
