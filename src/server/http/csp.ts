import type { Config } from '../config';

const GSI = 'https://accounts.google.com/gsi/';

/** The Content-Security-Policy: our own origin, plus Google's sign-in when it is on. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const google = Boolean(config.GOOGLE_CLIENT_ID);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(google ? [`${GSI}client`] : [])],
    // React-toastify and Google's button inject styles.
    styleSrc: ["'self'", "'unsafe-inline'", ...(google ? [`${GSI}style`] : [])],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(google ? [GSI] : [])],
    frameSrc: google ? [GSI] : ["'none'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
