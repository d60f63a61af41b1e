import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../errors';
import type { IdentityClaims } from './identity-token';

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Verifies Google ID tokens: signature against Google's keys, audience, issuer and expiry. */
export class GoogleVerifier {
  private readonly keys: JWTVerifyGetKey;
  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
  }

  async verify(idToken: string): Promise<IdentityClaims> {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        issuer: ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
      }));
    } catch {
      throw new AppError('invalid_id_token');
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) {
      throw new AppError('invalid_id_token');
    }
    const email =
      typeof payload.email === 'string' && payload.email_verified === true ? payload.email.toLowerCase() : undefined;
    return {
      firebase_id: `google:${payload.sub}`,
      type: 'gmail',
      ...(email ? { email } : {}),
      ...(typeof payload.name === 'string' ? { name: payload.name.slice(0, 60) } : {}),
    };
  }
}
