import { z } from 'zod';
import { action } from './define';
import { codeField, emailField, mobileField, nameField, passwordField } from './fields';

/** What every successful identity step answers: the identity and a short-lived proof of it. */
export interface IdentityProof {
  firebase_id: string;
  id_token: string;
  /** Verified attributes the profile step may use. */
  email?: string;
  mobile?: string;
  name?: string;
  type: 'email' | 'mobile' | 'gmail';
}

// Auth actions keep their own small transactions (a wrong code's attempt count must persist
// though the reply is an error), so none of them runs in the dispatcher's transaction.
export const authActions = {
  auth_email_signup: action<{ sent: true }>()({
    input: z.object({ email: emailField, password: passwordField, name: nameField }),
    access: 'public',
    mutates: false,
    limit: 'auth',
  }),
  auth_email_resend: action<{ sent: true }>()({
    input: z.object({ email: emailField }),
    access: 'public',
    mutates: false,
    limit: 'otp',
  }),
  auth_email_verify: action<IdentityProof>()({
    input: z.object({ email: emailField, code: codeField }),
    access: 'public',
    mutates: false,
    limit: 'auth',
  }),
  auth_email_login: action<IdentityProof>()({
    input: z.object({ email: emailField, password: z.string().min(1).max(128) }),
    access: 'public',
    mutates: false,
    limit: 'auth',
  }),
  auth_password_reset_request: action<{ sent: true }>()({
    input: z.object({ email: emailField }),
    access: 'public',
    mutates: false,
    limit: 'otp',
  }),
  auth_password_reset: action<{ reset: true }>()({
    input: z.object({ email: emailField, code: codeField, password: passwordField }),
    access: 'public',
    mutates: false,
    limit: 'auth',
  }),
  auth_otp_request: action<{ sent: true }>()({
    input: z.object({ mobile: mobileField }),
    access: 'public',
    mutates: false,
    limit: 'otp',
  }),
  auth_otp_verify: action<IdentityProof>()({
    input: z.object({ mobile: mobileField, otp: codeField }),
    access: 'public',
    mutates: false,
    limit: 'auth',
  }),
  auth_google: action<IdentityProof>()({
    input: z.object({ id_token: z.string().min(20).max(4096) }),
    access: 'public',
    mutates: false,
    limit: 'auth',
  }),
};
