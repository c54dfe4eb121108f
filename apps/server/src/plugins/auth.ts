import type { Role } from '@abhyas/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';
import type { UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { TokenService } from '../modules/auth/tokens.js';
import { findUserById } from '../modules/users/users.repo.js';

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
   * For public routes that behave differently for a signed-in user (a minor's ads and tracking):
   * sets `request.user` when a valid token comes with the request, and never refuses the request.
   */
  optionalUser: onRequestAsyncHookHandler;
};

/** What a guard asks of a request, as the API document shows it. */
export type GuardRequirement = { signIn: 'required'; roles?: readonly Role[] } | { signIn: 'optional' };

const requirements = new WeakMap<object, GuardRequirement>();

function requiring<T extends object>(requirement: GuardRequirement, guard: T): T {
  requirements.set(guard, requirement);
  return guard;
}

/** The requirement of the first guard among a route's onRequest hooks, if it has one. */
export function guardRequirement(onRequest: unknown): GuardRequirement | undefined {
  const hooks: unknown[] = Array.isArray(onRequest) ? onRequest : [onRequest];
  for (const hook of hooks) {
    const requirement = typeof hook === 'function' ? requirements.get(hook) : undefined;
    if (requirement) return requirement;
  }
  return undefined;
}

/**
 * Guards every route the plugin registers from here on. The guard becomes each route's own first
 * onRequest hook rather than a hook of the plugin, so the route's options show it and the API
 * document can say which routes need a sign-in.
 */
export function guardEveryRoute(app: Pick<FastifyInstance, 'addHook'>, guard: onRequestAsyncHookHandler) {
  app.addHook('onRoute', (route) => {
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [guard as onRequestHookHandler, ...own];
  });
}

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
    const user = await findUserById(db, claims.sub);
    // A token whose version is behind the user's was issued before a sign-out or password change.
    if (!user || user.token_version !== claims.ver) throw unauthorized(SESSION_EXPIRED);
    request.user = user;
    return user;
  }
  return {
    requireUser: requiring({ signIn: 'required' }, async function requireUser(request) {
      await authenticate(request);
    }),
    requireRole: (...roles) =>
      requiring({ signIn: 'required', roles }, async (request) => {
        const user = await authenticate(request);
        if (!roles.includes(user.role)) throw forbidden();
      }),
    optionalUser: requiring({ signIn: 'optional' }, async function optionalUser(request) {
      if (!bearerToken(request)) return;
      try {
        await authenticate(request);
      } catch {
        request.user = null;
      }
    }),
  };
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('user', null);
  },
  { name: 'auth' },
);
