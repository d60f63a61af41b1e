import type { App } from 'firebase-admin/app';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { ServiceAccount } from '../config';
import { closeFirebaseApp, openFirebaseApp } from '../firebase-app';
import { AppError } from '../errors';
import type { IdentityClaims } from './identity-token';

/** Where a Firebase ID token comes from (its `iss`). */
export const firebaseIssuer = (projectId: string) => `https://securetoken.google.com/${projectId}`;

/** The `iss` of a JWT, read without verifying it (to pick the verifier); undefined if unreadable. */
export function unverifiedIssuer(token: string): string | undefined {
  const part = token.split('.')[1];
  if (!part || part.length > 8192) return undefined;
  try {
    const iss = (JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { iss?: unknown }).iss;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

/** firebase-admin's error codes that say the token (or its user) is not acceptable. */
const REFUSED = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-not-found',
  'auth/project-not-found',
  'auth/tenant-id-mismatch',
]);

/**
 * Firebase mode's identity provider: verifies Firebase ID tokens with firebase-admin (signature,
 * project, expiry, and revocation: a revoked session or a disabled user is refused) and maps
 * them to the profile step's claims. The Firebase uid is the account's `firebase_id`.
 * firebase-admin is loaded on first use: the default mode never loads it. With
 * FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin checks tokens against the Auth emulator.
 */
export class FirebaseVerifier {
  private auth: Promise<Auth> | undefined;
  private app: App | undefined;

  constructor(private readonly opts: { projectId: string; serviceAccount?: ServiceAccount }) {}

  get issuer(): string {
    return firebaseIssuer(this.opts.projectId);
  }

  /** Whether `token` claims to be one of this project's Firebase ID tokens (unverified). */
  claims(token: string): boolean {
    return unverifiedIssuer(token) === this.issuer;
  }

  private getAuth(): Promise<Auth> {
    this.auth ??= (async () => {
      const [app, { getAuth }] = await Promise.all([openFirebaseApp(this.opts, 'auth'), import('firebase-admin/auth')]);
      this.app = app;
      return getAuth(app);
    })();
    return this.auth;
  }

  async verify(idToken: string): Promise<IdentityClaims> {
    let t: DecodedIdToken;
    try {
      t = await (await this.getAuth()).verifyIdToken(idToken, true);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === 'auth/user-disabled') throw new AppError('account_deactivated');
      if (typeof code === 'string' && REFUSED.has(code)) throw new AppError('invalid_id_token');
      // Firebase could not be asked (its keys or the user's record): not the player's fault.
      throw new AppError('identity_unavailable', { cause: e });
    }
    const provider = t.firebase.sign_in_provider;
    const name = typeof t.name === 'string' ? t.name.slice(0, 60) : undefined;
    const email = typeof t.email === 'string' ? t.email.toLowerCase() : undefined;
    switch (provider) {
      case 'password':
        if (!email) throw new AppError('invalid_id_token');
        if (t.email_verified !== true) throw new AppError('verify_email_first');
        return { firebase_id: t.uid, type: 'email', email, ...(name ? { name } : {}) };
      case 'phone':
        if (typeof t.phone_number !== 'string') throw new AppError('invalid_id_token');
        return { firebase_id: t.uid, type: 'mobile', mobile: t.phone_number };
      case 'google.com':
        return {
          firebase_id: t.uid,
          type: 'gmail',
          ...(email && t.email_verified === true ? { email } : {}),
          ...(name ? { name } : {}),
        };
      default:
        // Anonymous, custom tokens and providers this product does not offer.
        throw new AppError('operation_not_allowed', { message: 'This sign-in method is not allowed.' });
    }
  }

  async close(): Promise<void> {
    if (!this.app) return;
    await closeFirebaseApp(this.app);
    this.app = undefined;
    this.auth = undefined;
  }
}
