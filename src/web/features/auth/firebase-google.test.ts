import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firebaseGoogleLogin, firebaseGoogleRedirectResult } from './firebase-auth';

// Google's sign-in cannot run here (its pages and scripts are Google's): these tests hold the
// SDK's answers and check which way the app goes, popup or redirect, and what comes back.
const sdk = vi.hoisted(() => ({
  popup: vi.fn(),
  redirect: vi.fn(async () => undefined),
  redirectResult: vi.fn(),
}));
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: (o: object, name: string) => ({ ...o, name }) }));
vi.mock('firebase/auth', () => ({
  getAuth: () => ({ emulatorConfig: null }),
  connectAuthEmulator: () => undefined,
  GoogleAuthProvider: class {},
  signInWithPopup: sdk.popup,
  signInWithRedirect: sdk.redirect,
  getRedirectResult: sdk.redirectResult,
}));

const config = { apiKey: 'k', authDomain: 'demo-quiz.firebaseapp.com', projectId: 'demo-quiz', appId: 'a' };
const user = {
  uid: 'u1',
  email: 'ann@example.com',
  phoneNumber: null,
  displayName: 'Ann',
  getIdToken: async () => 'id-token',
};

function browser(standalone = false) {
  const stores = [new Map<string, string>(), new Map<string, string>()];
  const storage = (m: Map<string, string>) => ({
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  });
  vi.stubGlobal('localStorage', storage(stores[0]!));
  vi.stubGlobal('sessionStorage', storage(stores[1]!));
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: standalone && q === '(display-mode: standalone)' }));
}

beforeEach(() => {
  sdk.popup.mockReset();
  sdk.redirect.mockClear();
  sdk.redirectResult.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('Google sign-in in Firebase mode', () => {
  it("signs in through the popup: the proof carries Firebase's uid and ID token", async () => {
    browser();
    sdk.popup.mockResolvedValue({ user });
    expect(await firebaseGoogleLogin(config)).toEqual({
      firebase_id: 'u1',
      type: 'gmail',
      email: 'ann@example.com',
      name: 'Ann',
      id_token: 'id-token',
    });
    expect(sdk.redirect).not.toHaveBeenCalled();
    // Not a return from Google's page: nothing to take.
    expect(await firebaseGoogleRedirectResult(config)).toBeNull();
    expect(sdk.redirectResult).not.toHaveBeenCalled();
  });

  it("goes to Google's page when the popup is blocked, and takes the sign-in back on return", async () => {
    browser();
    sdk.popup.mockRejectedValue(Object.assign(new Error('blocked'), { code: 'auth/popup-blocked' }));
    expect(await firebaseGoogleLogin(config)).toBeNull();
    expect(sdk.redirect).toHaveBeenCalledTimes(1);
    // Back on the login page.
    sdk.redirectResult.mockResolvedValue({ user });
    expect(await firebaseGoogleRedirectResult(config)).toMatchObject({ firebase_id: 'u1', type: 'gmail' });
    // Once only.
    expect(await firebaseGoogleRedirectResult(config)).toBeNull();
  });

  it("goes to Google's page at once from the installed app (its own window)", async () => {
    browser(true);
    expect(await firebaseGoogleLogin(config)).toBeNull();
    expect(sdk.popup).not.toHaveBeenCalled();
    expect(sdk.redirect).toHaveBeenCalledTimes(1);
  });

  it("shows Firebase's other refusals as the app's codes", async () => {
    browser();
    sdk.popup.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/user-disabled' }));
    await expect(firebaseGoogleLogin(config)).rejects.toMatchObject({ code: 'account_deactivated' });
    expect(sdk.redirect).not.toHaveBeenCalled();
  });
});
