import type { ProfileExtras } from './profile-step';

// The name and referral code typed at sign-up are needed after the e-mail code step, which may
// happen after a reload: sessionStorage keeps them for this tab only.
const key = (email: string) => `quizhub.signup.${email.trim().toLowerCase()}`;

/** Remembers sign-up extras for the verify step. */
export function saveSignUpExtras(email: string, extras: ProfileExtras): void {
  try {
    sessionStorage.setItem(key(email), JSON.stringify(extras));
  } catch {
    // Without storage the profile step falls back to the name from the proof.
  }
}

/** Reads (and forgets) the sign-up extras for `email`. */
export function takeSignUpExtras(email: string): ProfileExtras {
  try {
    const raw = sessionStorage.getItem(key(email));
    sessionStorage.removeItem(key(email));
    const v = raw ? (JSON.parse(raw) as ProfileExtras) : {};
    return { ...(v.name ? { name: v.name } : {}), ...(v.friends_code ? { friends_code: v.friends_code } : {}) };
  } catch {
    return {};
  }
}
