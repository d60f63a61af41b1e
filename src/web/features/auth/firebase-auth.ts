// Firebase mode's sign-in (WebSettings.auth.firebase set): the Firebase Auth SDK proves who the
// player is, then the profile step (check_user_exists / user_signup) runs with the Firebase ID
// token, which the server verifies. The SDK is loaded only here, on first use: players of the
// default mode never download it, and in Firebase mode it is not in the first screen's bundle.
import type { Auth, ConfirmationResult, User } from 'firebase/auth';
import type { FirebaseWebConfig, IdentityProof } from '../../../core/contract';
import { ApiError } from '../../lib/api-client';
import { FirebaseAuthFailure, firebaseErrorCode } from './firebase-errors';
import {
  markFirebaseSession,
  markGoogleRedirect,
  takeFirebaseSession,
  takeGoogleRedirect,
} from '../../lib/firebase-session';
import { firebaseWebApp } from '../../lib/firebase-web-app';

let loaded: { key: string; auth: Promise<{ auth: Auth; sdk: typeof import('firebase/auth') }> } | null = null;

function firebaseAuth(config: FirebaseWebConfig) {
  const key = JSON.stringify(config);
  if (loaded?.key !== key) {
    loaded = {
      key,
      auth: Promise.all([firebaseWebApp(config), import('firebase/auth')]).then(([app, sdk]) => {
        const auth = sdk.getAuth(app);
        if (config.auth_emulator && !auth.emulatorConfig)
          sdk.connectAuthEmulator(auth, `http://${config.auth_emulator}`, { disableWarnings: true });
        return { auth, sdk };
      }),
    };
    // The SDK's chunks could not be fetched (offline): tried again next time, shown as "network".
    const mine = loaded;
    loaded.auth = loaded.auth.catch((e: unknown) => {
      if (loaded === mine) loaded = null;
      throw new FirebaseAuthFailure('network', (e as Error)?.message);
    });
  }
  return loaded.auth;
}

/**
 * Firestore as the signed-in Firebase user, for the live follow of rooms and boards (the rules
 * let a player read only their own rooms). Waits for the SDK to restore the saved session.
 */
export async function firebaseFirestore(config: FirebaseWebConfig) {
  const [{ auth }, { getFirestore }] = await Promise.all([firebaseAuth(config), import('firebase/firestore')]);
  await auth.authStateReady();
  return getFirestore(auth.app);
}

/** Runs a Firebase call; its failure becomes a FirebaseAuthFailure with this app's code (the UI's messages). */
async function firebase<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new FirebaseAuthFailure(firebaseErrorCode(e), (e as Error)?.message);
  }
}

/**
 * The profile step's proof from a signed-in Firebase user. The Firebase session stays (the live
 * sync reads as this user) and is marked, so that logging out ends it.
 */
async function proofOf(config: FirebaseWebConfig, user: User, type: IdentityProof['type']): Promise<IdentityProof> {
  markFirebaseSession(config);
  return {
    firebase_id: user.uid,
    type,
    ...(user.email ? { email: user.email } : {}),
    ...(user.phoneNumber ? { mobile: user.phoneNumber } : {}),
    ...(user.displayName ? { name: user.displayName } : {}),
    id_token: await user.getIdToken(true),
  };
}

/** Creates the Firebase account and sends its verification link; the player logs in once verified. */
export async function firebaseSignUp(config: FirebaseWebConfig, email: string, password: string, name: string) {
  const { auth, sdk } = await firebaseAuth(config);
  await firebase(async () => {
    const { user } = await sdk.createUserWithEmailAndPassword(auth, email.trim(), password);
    if (name.trim()) await sdk.updateProfile(user, { displayName: name.trim().slice(0, 60) });
    await sdk.sendEmailVerification(user);
    // Signed in only once verified: the login screen takes it from here.
    await sdk.signOut(auth);
  });
}

/**
 * Signs in with e-mail and password: the proof for the profile step, or `verify_email_first`
 * (a FirebaseAuthFailure) while the address is not verified.
 */
export async function firebaseEmailLogin(config: FirebaseWebConfig, email: string, password: string) {
  const { auth, sdk } = await firebaseAuth(config);
  return firebase(async () => {
    const { user } = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
    // The link may have been opened since the session began: ask Firebase again.
    await user.reload();
    // Unverified, the session stays for "send the link again".
    if (!user.emailVerified) throw new FirebaseAuthFailure('verify_email_first');
    return proofOf(config, user, 'email');
  });
}

/** Sends the verification link again (the player is signed in to Firebase but not verified). */
export async function firebaseResendVerification(config: FirebaseWebConfig) {
  const { auth, sdk } = await firebaseAuth(config);
  await firebase(async () => {
    if (auth.currentUser && !auth.currentUser.emailVerified) await sdk.sendEmailVerification(auth.currentUser);
  });
}

/** Firebase e-mails a link to choose a new password (on Firebase's page); the player then logs in. */
export async function firebasePasswordReset(config: FirebaseWebConfig, email: string) {
  const { auth, sdk } = await firebaseAuth(config);
  await firebase(() => sdk.sendPasswordResetEmail(auth, email.trim()));
}

/** The phone sign-in under way: the code Firebase sent to `mobile` is confirmed against it. */
let pendingPhone: { mobile: string; confirmation: ConfirmationResult } | null = null;

/**
 * Sends a 6-digit code by SMS through Firebase, behind an invisible reCAPTCHA drawn in
 * `container` (the Auth emulator's is a stand-in that always passes).
 */
export async function firebaseSendPhoneCode(config: FirebaseWebConfig, mobile: string, container: HTMLElement) {
  const { auth, sdk } = await firebaseAuth(config);
  await firebase(async () => {
    const verifier = new sdk.RecaptchaVerifier(auth, container, { size: 'invisible' });
    try {
      pendingPhone = { mobile, confirmation: await sdk.signInWithPhoneNumber(auth, mobile, verifier) };
    } finally {
      verifier.clear();
    }
  });
}

/** Confirms the SMS code: the proof for the profile step. */
export async function firebaseConfirmPhoneCode(config: FirebaseWebConfig, mobile: string, code: string) {
  const pending = pendingPhone;
  // None sent from this page (it was reloaded): "wrong or expired", and "send again" is at hand.
  if (pending?.mobile !== mobile) throw new FirebaseAuthFailure('invalid_code', 'no code was sent to this number here');
  return firebase(async () => {
    const { user } = await pending.confirmation.confirm(code.trim());
    pendingPhone = null;
    return proofOf(config, user, 'mobile');
  });
}

/** Google sign-in through Firebase (a popup on the project's auth domain): the proof for the profile step. */
export async function firebaseGoogleLogin(config: FirebaseWebConfig): Promise<IdentityProof | null> {
  const { auth, sdk } = await firebaseAuth(config);
  const provider = new sdk.GoogleAuthProvider();
  const redirect = async () => {
    markGoogleRedirect();
    await sdk.signInWithRedirect(auth, provider);
    // The page is leaving for Google; the proof comes back with firebaseGoogleRedirectResult.
    return null;
  };
  return firebase(async () => {
    // An installed app (its own window) cannot open Google's popup as a tab would: it goes there.
    if (standalone()) return redirect();
    try {
      const { user } = await sdk.signInWithPopup(auth, provider);
      return await proofOf(config, user, 'gmail');
    } catch (e) {
      const code = (e as { code?: string })?.code;
      if (code === 'auth/popup-blocked' || code === 'auth/operation-not-supported-in-this-environment')
        return redirect();
      throw e;
    }
  });
}

/**
 * Back from Google's sign-in page (the redirect of firebaseGoogleLogin): the proof of the user
 * it signed in, or null when this page was not such a return (nothing of Firebase loads then).
 */
export async function firebaseGoogleRedirectResult(config: FirebaseWebConfig): Promise<IdentityProof | null> {
  if (!takeGoogleRedirect()) return null;
  const { auth, sdk } = await firebaseAuth(config);
  return firebase(async () => {
    const result = await sdk.getRedirectResult(auth);
    return result ? proofOf(config, result.user, 'gmail') : null;
  });
}

function standalone(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}

/** Ends the Firebase session when the player logs out (loads the SDK only if there is one). */
export async function endFirebaseSession(): Promise<void> {
  const config = takeFirebaseSession();
  if (!config) return;
  const { auth, sdk } = await firebaseAuth(config);
  await sdk.signOut(auth).catch(() => undefined);
}
