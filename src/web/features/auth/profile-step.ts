import type { IdentityProof } from '../../../core/contract';
import { loggedIn } from '../../app/events';
import type { AppDispatch } from '../../app/store';
import { api } from '../../lib/api-client';
import { deviceId } from '../../lib/device-id';
import { fcmTokenSent, signInFcmToken } from '../../lib/fcm';
import { onboardingDueForNewAccount } from '../../lib/onboarding-flag';
import { compactMobile } from '../../../core/contract/formats';

/** Sign-up extras the profile step may send (a referral code, a name typed at sign-up). */
export interface ProfileExtras {
  name?: string;
  friends_code?: string;
  /** The interface language in use, kept on a new account. */
  web_language?: string;
}

/** Auth step 2: with the identity proof, load or create the profile; the reply is the login. */
export async function completeSignIn(proof: IdentityProof, dispatch: AppDispatch, extras: ProfileExtras = {}) {
  const opts = { token: proof.id_token };
  const { exists } = await api('check_user_exists', { firebase_id: proof.firebase_id }, opts);
  // Firebase mode with FCM, notifications already allowed: this device's token comes along.
  const fcm_id = await signInFcmToken();
  const user = await api(
    'user_signup',
    {
      firebase_id: proof.firebase_id,
      type: proof.type,
      name: extras.name ?? proof.name ?? '',
      email: proof.email ?? '',
      mobile: proof.mobile ?? '',
      friends_code: extras.friends_code ?? '',
      device_id: deviceId(),
      fcm_id,
      web_language: extras.web_language ?? document.documentElement.lang ?? 'en',
    },
    opts,
  );
  if (!user.api_token) throw new Error('user_signup answered without api_token');
  fcmTokenSent(fcm_id);
  // A new account: the first-run onboarding shows on this device (before the login renders).
  if (!exists) onboardingDueForNewAccount();
  dispatch(loggedIn({ user, token: user.api_token }));
  return user;
}

/** Joins a country code and a number into E.164, dropping spaces, dashes and a leading 0. */
export function toE164(countryCode: string, number: string): string {
  const cc = countryCode.replace(/[^\d]/g, '');
  const n = compactMobile(number);
  if (n.startsWith('+')) return n;
  return `+${cc}${n.replace(/^0+/, '')}`;
}
