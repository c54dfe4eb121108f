import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { newId } from '../../lib/ids.js';

const ALG = 'HS256';
const VERIFIED_CACHE_SIZE = 10_000;

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
  });
  // Each signed-in request carries the same token again and again: a verified token's claims are
  // kept, keyed by the whole token, so the HMAC runs once per token rather than once per request.
  // Expiry is still checked on every call; the oldest entries go first when the map is full.
  const verified = new Map<string, { sub: string; ver: number; exp: number }>();
  return {
    sign(userId, tokenVersion) {
      const iat = Math.floor(now() / 1000);
      return signer({ sub: userId, ver: tokenVersion, jti: newId(), iat, exp: iat + Math.ceil(ttlMs / 1000) });
    },
    verify(token) {
      const known = verified.get(token);
      if (known) return known.exp * 1000 <= now() ? null : { sub: known.sub, ver: known.ver };
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
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, { sub, ver, exp });
      return { sub, ver };
    },
  };
}
