import type { IdentityProof } from '../../core/contract';
import { AppError } from '../errors';

export type IdentityClaims = Omit<IdentityProof, 'id_token'>;

const ISSUER = 'quiz-local-auth';
const AUDIENCE = 'quiz-profile';
const TTL = '15m';

// jose is imported on first use (start-up time).

/**
 * Short-lived proofs of identity the local provider issues after a verified sign-in, the
 * counterpart of a Firebase ID token: the profile step accepts nothing else.
 */
export class IdentityTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: IdentityClaims): Promise<IdentityProof> {
    const { SignJWT } = await import('jose');
    const { firebase_id, ...rest } = claims;
    const id_token = await new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(firebase_id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(TTL)
      .sign(this.key);
    return { ...claims, id_token };
  }

  async verify(token: string): Promise<IdentityClaims> {
    const { jwtVerify } = await import('jose');
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const type = payload.type;
      if (typeof payload.sub !== 'string' || (type !== 'email' && type !== 'mobile' && type !== 'gmail')) {
        throw new Error('bad claims');
      }
      return {
        firebase_id: payload.sub,
        type,
        ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
        ...(typeof payload.mobile === 'string' ? { mobile: payload.mobile } : {}),
        ...(typeof payload.name === 'string' ? { name: payload.name } : {}),
      };
    } catch {
      throw new AppError('invalid_id_token');
    }
  }
}
