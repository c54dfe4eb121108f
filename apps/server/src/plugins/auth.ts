import type { Role } from '@abhyas/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { TokenService } from '../modules/auth/tokens.js';
import { userById, type UserRow } from '../modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the auth guards; null on public routes. */
    user: UserRow | null;
  }
}

export type Guards = {
  /** Any signed-in user. */
  requireUser: onRequestAsyncHookHandler;
  /** A signed-in user holding one of the roles; others get 403. */
  requireRole: (...roles: Role[]) => onRequestAsyncHookHandler;
  /**
   * For a scope inside one whose guard has already signed the user in (the admin-only routes inside
   * the admin scope): refuses a user without one of the roles with 403, without loading them again.
   */
  narrowRole: (...roles: Role[]) => onRequestAsyncHookHandler;
  /**
   * For public routes that behave differently for a signed-in user (a minor's ads and tracking):
   * sets `request.user` when a valid token comes with the request, and never refuses the request.
   */
  optionalUser: onRequestAsyncHookHandler;
};

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** Builds the route guards: verify the bearer token, load its user, refuse revoked tokens. */
export function createGuards(db: Db, tokens: TokenService): Guards {
  async function authenticate(request: FastifyRequest): Promise<UserRow> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Sign in to continue');
    const claims = tokens.verify(token);
    if (!claims) throw unauthorized(SESSION_EXPIRED);
    const user = await userById({ db }, claims.sub);
    // A token whose version is behind the user's was issued before a sign-out or password change.
    if (!user || user.token_version !== claims.ver) throw unauthorized(SESSION_EXPIRED);
    request.user = user;
    return user;
  }
  return {
    requireUser: async (request) => {
      await authenticate(request);
    },
    requireRole:
      (...roles) =>
      async (request) => {
        const user = await authenticate(request);
        if (!roles.includes(user.role)) throw forbidden();
      },
    narrowRole:
      (...roles) =>
      async (request) => {
        if (!request.user) throw unauthorized('Sign in to continue');
        if (!roles.includes(request.user.role)) throw forbidden();
      },
    optionalUser: async (request) => {
      if (!bearerToken(request)) return;
      try {
        await authenticate(request);
      } catch {
        request.user = null;
      }
    },
  };
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('user', null);
  },
  { name: 'auth' },
);
