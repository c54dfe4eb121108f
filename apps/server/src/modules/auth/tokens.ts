import { SignJWT, jwtVerify, errors } from 'jose';
import { newId } from '../../lib/ids.js';

const ALG = 'HS256';

export type TokenClaims = { sub: string; ver: number };

export type TokenService = {
  sign: (userId: string, tokenVersion: number) => Promise<string>;
  /** Returns the claims of a valid token, or null for any token that is forged, expired or malformed. */
  verify: (token: string) => Promise<TokenClaims | null>;
};

/** HS256 JWTs with the algorithm pinned, an expiry, a subject and a unique id (RFC 7519, RFC 8725 §3.1). */
export function createTokenService(secret: string, ttlMs: number, now: () => number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId, tokenVersion) {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(userId)
        .setJti(newId())
        .setIssuedAt(iat)
        .setExpirationTime(iat + Math.ceil(ttlMs / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp', 'jti', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        return { sub: payload.sub, ver: payload.ver };
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
