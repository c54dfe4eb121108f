import type { Role } from '@abhyas/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { TokenService } from '../modules/auth/tokens.js';
import { signedInUser, type UserRow } from '../modules/users/users.service.js';

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

/** What a guard asks of a request, as the API document shows it. */
export type GuardRequirement = { signIn: 'required'; roles?: readonly Role[] } | { signIn: 'optional' };

const requirements = new WeakMap<object, GuardRequirement>();

function requiring<T extends object>(requirement: GuardRequirement, guard: T): T {
  requirements.set(guard, requirement);
  return guard;
}

/**
 * What a route's guards ask together, if it has any: every guard must let the request through, so
 * a sign-in any of them requires is required, and each guard naming roles narrows the roles.
 */
export function guardRequirement(onRequest: unknown): GuardRequirement | undefined {
  const hooks: unknown[] = Array.isArray(onRequest) ? onRequest : [onRequest];
  let together: GuardRequirement | undefined;
  for (const hook of hooks) {
    const requirement = typeof hook === 'function' ? requirements.get(hook) : undefined;
    if (!requirement) continue;
    if (!together || together.signIn === 'optional') together = requirement;
    else if (requirement.signIn === 'required' && requirement.roles) {
      const allowed = together.roles;
      together = { signIn: 'required', roles: allowed ? requirement.roles.filter((role) => allowed.includes(role)) : requirement.roles };
    }
  }
  return together;
}

/** Guards added by guardEveryRoute, told apart from a route's own hooks. */
const scopeGuards = new WeakSet<object>();

/**
 * Guards every route the plugin registers from here on. The guard becomes one of each route's own
 * onRequest hooks rather than a hook of the plugin, so the route's options show it and the API
 * document can say which routes need a sign-in and which role. It runs before the route's own
 * hooks and after the guards of enclosing plugins (their onRoute hooks run first), so a narrower
 * guard inside a guarded plugin finds the user already signed in.
 */
export function guardEveryRoute(app: Pick<FastifyInstance, 'addHook'>, guard: onRequestAsyncHookHandler) {
  scopeGuards.add(guard);
  app.addHook('onRoute', (route) => {
    const hooks = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    let at = 0;
    while (at < hooks.length && scopeGuards.has(hooks[at]!)) at++;
    route.onRequest = [...hooks.slice(0, at), guard as onRequestHookHandler, ...hooks.slice(at)];
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
    // The row may be up to half a second old (users/signed-in-users.ts): a revocation by another
    // process is seen within that, one by this process at once.
    const user = await signedInUser({ db }, claims.sub);
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
    narrowRole: (...roles) =>
      requiring({ signIn: 'required', roles }, async (request) => {
        if (!request.user) throw unauthorized('Sign in to continue');
        if (!roles.includes(request.user.role)) throw forbidden();
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
