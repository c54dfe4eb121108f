import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { newId } from '../../lib/ids.js';

const ALG = 'HS256';

export type TokenClaims = { sub: string; ver: number };

export type TokenService = {
  sign: (userId: string, tokenVersion: number) => string;
  /** Returns the claims of a valid token, or null for any token that is forged, expired or malformed. */
  verify: (token: string) => TokenClaims | null;
};

/**
 * HS256 JWTs with the algorithm pinned, an expiry, a subject and a unique id (RFC 7519, RFC 8725 §3.1).
 * Verification is a synchronous HMAC check, cached per token; expiry is checked against the injected clock.
 */
export function createTokenService(secret: string, ttlMs: number, now: () => number): TokenService {
  const signer = createSigner({ key: secret, algorithm: ALG });
  const verifier = createVerifier({
    key: secret,
    algorithms: [ALG],
    ignoreExpiration: true,
    requiredClaims: ['sub', 'exp', 'jti', 'iat'],
    // Each signed-in request carries the same token again and again: a verified token is kept, so the
    // HMAC runs once per token and cache period rather than per request. The token itself is the key
    // (the cache lives in this process's memory only); expiry is still checked below on every call.
    cache: 10_000,
    cacheTTL: 10 * 60_000,
    cacheKeyBuilder: (token: string) => token,
  });
  return {
    sign(userId, tokenVersion) {
      const iat = Math.floor(now() / 1000);
      return signer({ sub: userId, ver: tokenVersion, jti: newId(), iat, exp: iat + Math.ceil(ttlMs / 1000) });
    },
    verify(token) {
      let payload: Record<string, unknown>;
      try {
        payload = verifier(token) as Record<string, unknown>;
      } catch (err) {
        if (err instanceof TokenError) return null;
        throw err;
      }
      const { sub, ver, exp } = payload;
      if (typeof sub !== 'string' || typeof ver !== 'number' || typeof exp !== 'number') return null;
      if (exp * 1000 <= now()) return null;
      return { sub, ver };
    },
  };
}
