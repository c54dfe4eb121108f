import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * A route's rate limit counted per signed-in user (`config: { rateLimit: perUserLimit(...) }`):
 * keyed by the id of the user the route's sign-in guard loaded, never by the request's own text
 * (one token can be sent as `Bearer`, `bearer` or with extra spaces). It runs as a preHandler, after
 * the guards (onRequest hooks) have set `request.user`; candidates sharing an address (a coaching
 * centre) each get their own budget. `scope` narrows a budget further, as one attempt's saves.
 */
export function perUserLimit(name: string, perMinute: number, scope?: (request: FastifyRequest) => string): RateLimitOptions {
  return {
    max: perMinute,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request) => {
      // Only a route without a sign-in guard reaches here without a user: it is counted by address.
      const who = request.user ? request.user.id : `address:${normalizeIP(request.ip)}`;
      return scope ? `${name}:${who}:${scope(request)}` : `${name}:${who}`;
    },
  };
}
