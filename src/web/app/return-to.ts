import { paths } from './paths';

/**
 * Where a sign-in goes back to: the protected page that sent the visitor to the login. Only a
 * path of this app is taken (a `next` of `//evil.com`, `https://evil.com` or `/\evil.com` is
 * ignored), and never an auth page itself. Kept in sessionStorage while the visitor is on the
 * auth pages (login → sign-up → code), so a full-page round trip (Google's redirect sign-in)
 * comes back to it too; any other page ends the errand.
 */
const KEY = 'quizhub.returnTo';
const AUTH_PAGES = [paths.login, paths.signUp, paths.resetPassword, paths.otpVerify];

/** Whether `pathname` is one of the sign-in pages (where an errand goes on). */
export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The same-origin app path `raw` names, or null when it is anything else. */
export function safeReturnPath(raw: unknown, origin = window.location.origin): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  // Only a rooted path: not `//host`, `/\host` (browsers read `\` as `/`), nor a scheme.
  if (!/^\/(?![/\\])/.test(raw) || /[\p{Cc}\\]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (isAuthPage(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** The login page's address for a visitor sent from `from` (a protected page). */
export function loginPathFrom(from: string): string {
  const safe = safeReturnPath(from);
  return safe && safe !== paths.home ? `${paths.login}?next=${encodeURIComponent(safe)}` : paths.login;
}

/** Keeps `raw` (when it is a safe path) as where the coming sign-in returns to. */
export function rememberReturnTo(raw: unknown): void {
  const safe = safeReturnPath(raw);
  try {
    if (safe) sessionStorage.setItem(KEY, safe);
  } catch {
    // Storage refused (private mode): the query string still carries it on this page.
  }
}

/** Where the sign-in returns to: the safe path kept, else home. */
export function returnToPath(): string {
  try {
    return safeReturnPath(sessionStorage.getItem(KEY)) ?? paths.home;
  } catch {
    return paths.home;
  }
}

/** Forgets the path kept (signed in, or the visitor left the auth pages). */
export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
