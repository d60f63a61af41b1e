import { randomUUID } from 'node:crypto';
import { passwordProblem } from '../../core/contract/password-policy';
import { burnVerification, hashPassword, passwordMatches } from '../auth/passwords';
import { consumeCode, issueCode } from '../auth/one-time-codes';
import {
  createLocalAccount,
  localAccount,
  markLocalAccountVerified,
  renameLocalAccount,
  resetLocalPassword,
} from '../auth/local-accounts';
import type { Handlers, Services } from '../http/context';
import { AppError, fail } from '../errors';

function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new AppError('weak_password', { field: 'password', message: `Password ${problem}.` });
}

async function sendEmailCode(s: Services, email: string, purpose: 'verify_email' | 'reset_password') {
  const code = await issueCode(s.db, email, purpose);
  const app = (await s.settings.system(s.db)).app_name;
  const what = purpose === 'verify_email' ? 'confirm your e-mail address' : 'reset your password';
  await s.messenger.send({
    channel: 'email',
    to: email,
    subject: `${app}: your code is ${code}`,
    body: `Use ${code} to ${what}. The code is valid for 10 minutes. If you did not ask for it, ignore this message.`,
    code,
  });
}

/** The local identity provider: e-mail and password, phone OTP, Google ID tokens. */
export const authHandlers: Handlers<
  | 'auth_email_signup'
  | 'auth_email_resend'
  | 'auth_email_verify'
  | 'auth_email_login'
  | 'auth_password_reset_request'
  | 'auth_password_reset'
  | 'auth_otp_request'
  | 'auth_otp_verify'
  | 'auth_google'
> = {
  async auth_email_signup({ email, password, name }, { db, services, ip }) {
    checkPassword(password);
    // Before anything is written: an account whose code could never arrive is no account.
    services.messenger.assertCanSend('email');
    await services.rateLimits.auth('otp', ip, email);
    const existing = await localAccount(db, email);
    if (existing) {
      // The first sign-up's password stands until the address is verified: a stranger who
      // signs up with someone's address cannot swap it for theirs. A retry with the same
      // password sends a new code; anyone else recovers the address by password reset.
      if (existing.verified || !(await passwordMatches(existing.password_hash, password))) {
        fail('email_already_in_use', { field: 'email' });
      }
      await renameLocalAccount(db, existing.id, name);
    } else {
      const hash = await hashPassword(password);
      await createLocalAccount(db, { id: randomUUID(), email, password_hash: hash, name });
    }
    await sendEmailCode(services, email, 'verify_email');
    return { sent: true };
  },

  async auth_email_resend({ email }, { db, services }) {
    services.messenger.assertCanSend('email');
    const acct = await localAccount(db, email);
    if (acct && !acct.verified) await sendEmailCode(services, email, 'verify_email');
    return { sent: true };
  },

  async auth_email_verify({ email, code }, { db, services }) {
    const acct = await localAccount(db, email);
    if (!acct || !(await consumeCode(db, email, 'verify_email', code))) {
      fail('invalid_code', { field: 'code' });
    }
    await markLocalAccountVerified(db, acct.id);
    return services.identityTokens.issue({ firebase_id: `email:${acct.id}`, type: 'email', email, name: acct.name });
  },

  async auth_email_login({ email, password }, { db, services }) {
    const acct = await localAccount(db, email);
    // An unknown address and a wrong password answer alike, after the same work (a dummy
    // hash is verified for an unknown address): nobody learns which addresses have accounts.
    if (!acct) {
      await burnVerification(password);
      fail('invalid_credentials');
    }
    if (!(await passwordMatches(acct.password_hash, password))) fail('invalid_credentials');
    if (!acct.verified) fail('verify_email_first');
    return services.identityTokens.issue({ firebase_id: `email:${acct.id}`, type: 'email', email, name: acct.name });
  },

  async auth_password_reset_request({ email }, { db, services }) {
    services.messenger.assertCanSend('email');
    const acct = await localAccount(db, email);
    // The same answer whether or not the address has an account.
    if (acct) await sendEmailCode(services, email, 'reset_password');
    return { sent: true };
  },

  async auth_password_reset({ email, code, password }, { db }) {
    checkPassword(password);
    const acct = await localAccount(db, email);
    if (!acct || !(await consumeCode(db, email, 'reset_password', code))) {
      fail('invalid_code', { field: 'code' });
    }
    const hash = await hashPassword(password);
    await resetLocalPassword(db, acct.id, hash);
    return { reset: true };
  },

  async auth_otp_request({ mobile }, { services }) {
    services.messenger.assertCanSend('sms');
    const code = await issueCode(services.db, mobile, 'login_otp');
    const app = (await services.settings.system(services.db)).app_name;
    await services.messenger.send({
      channel: 'sms',
      to: mobile,
      subject: 'OTP',
      body: `${code} is your ${app} code. It expires in 10 minutes.`,
      code,
    });
    return { sent: true };
  },

  async auth_otp_verify({ mobile, otp }, { db, services }) {
    if (!(await consumeCode(db, mobile, 'login_otp', otp))) fail('invalid_code', { field: 'otp' });
    return services.identityTokens.issue({ firebase_id: `phone:${mobile}`, type: 'mobile', mobile });
  },

  async auth_google({ id_token }, { services }) {
    if (!services.google) fail('operation_not_allowed', { message: 'Google sign-in is not set up on this server.' });
    const claims = await services.google.verify(id_token);
    return services.identityTokens.issue(claims);
  },
};
