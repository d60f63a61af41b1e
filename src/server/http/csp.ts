import type { Config } from '../config';

const GSI = 'https://accounts.google.com/gsi/';

/**
 * What Firebase's web SDK talks to in Firebase mode: Auth's REST APIs, and for Google sign-in
 * and phone reCAPTCHA the project's auth domain and Google's scripts and frames; Firestore, for
 * the live follow of rooms and boards; FCM's registration services when it sends pushes through
 * FCM. The Auth emulator instead when one is configured
 * (development and tests, never production): there is no Firestore for browsers beside it, so
 * the app's follow finds Firestore unreachable and the socket carries everything.
 */
function firebaseSources(config: Config) {
  const web = config.firebase?.web;
  if (!web) return { connect: [], script: [], frame: [] };
  if (web.auth_emulator) {
    // The SDK still loads Google's iframe helper for the emulator's Google sign-in popup.
    const emulator = `http://${web.auth_emulator}`;
    return { connect: [emulator], script: ['https://apis.google.com'], frame: [emulator] };
  }
  // FCM's registration of the browser's token (when the config names FCM).
  const fcm =
    web.messagingSenderId && web.vapidKey
      ? ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com']
      : [];
  return {
    connect: [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      ...fcm,
    ],
    script: ['https://apis.google.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: [`https://${web.authDomain}`, 'https://www.google.com/recaptcha/'],
  };
}

/** The Content-Security-Policy: our own origin, plus Google's sign-in and Firebase Auth when on. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const google = Boolean(config.GOOGLE_CLIENT_ID);
  const firebase = firebaseSources(config);
  const frames = [...(google ? [GSI] : []), ...firebase.frame];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(google ? [`${GSI}client`] : []), ...firebase.script],
    // React-toastify and Google's button inject styles.
    styleSrc: ["'self'", "'unsafe-inline'", ...(google ? [`${GSI}style`] : [])],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(google ? [GSI] : []), ...firebase.connect],
    frameSrc: frames.length ? frames : ["'none'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
