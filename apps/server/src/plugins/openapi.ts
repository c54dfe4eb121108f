import { readFileSync } from 'node:fs';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES, errorBodySchema } from '@abhyas/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardRequirement } from './auth.js';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error statuses the route answers beyond those its guard, rate limit, schemas, body and path
     * parameters imply, and beyond the 500 and 503 every route can answer (a conflict, an upstream
     * failure). Read by the API document only.
     */
    errorStatuses?: readonly ErrorStatus[];
  }
}

const ERROR_ANSWERS = {
  400: 'The request is malformed or a value is invalid; `details` names each field',
  401: 'No valid sign-in (a missing, expired or revoked token), or wrong credentials',
  403: 'Signed in without a role this needs',
  404: 'Nothing is found there',
  409: 'The request conflicts with what is stored',
  413: 'The request body is over its limit',
  415: 'The request body is not of an accepted type',
  429: 'Too many requests; `retry-after` says when to try again',
  500: 'Something went wrong on the server',
  502: 'A service the server depends on failed',
  503: 'Temporarily unavailable (the database cannot be reached, or a service this needs is busy); `retry-after` says when to try again',
} as const;
export type ErrorStatus = keyof typeof ERROR_ANSWERS;

/** Operations are grouped by module, found from the path. */
const TAGS: { name: string; description: string; paths: string[] }[] = [
  { name: 'Health', description: 'Liveness (the process answers) and readiness (its database and Redis answer, and it is not stopping)', paths: ['/api/health', '/api/health/ready'] },
  { name: 'Auth', description: 'Registration, sign-in, sign-out, password changes and resets', paths: ['/api/auth/'] },
  { name: 'Users', description: 'Profiles, and the admins’ users table', paths: ['/api/users/', '/api/admin/users'] },
  { name: 'Blogs', description: 'Published blogs, their feed, and the editors’ blog API', paths: ['/public/allblogs', '/api/blogs/', '/api/admin/blogs', '/blogs/rss.xml', '/api/admin/preview'] },
  { name: 'Topics', description: 'Learning topics, their search, and the editors’ topic API', paths: ['/api/topics/', '/topics/all', '/api/admin/topics', '/api/admin/preview'] },
  { name: 'Tests', description: 'Mock tests: the published list, each test’s instructions, and the editors’ test API', paths: ['/api/tests', '/api/admin/tests'] },
  {
    name: 'Attempts',
    description: 'Timed attempts: starting a test, saving answers against the server’s clock, another device taking over, submitting, the result, the review, the candidate’s history, and the editors’ item analysis',
    paths: ['/api/attempts/', '/api/me/', '/api/tests/:slug/attempts', '/api/admin/tests/:id/item-stats'],
  },
  {
    name: 'Contests',
    description: 'Contests: the upcoming, live and past lists, joining (free, or paid with a held seat), starting the contest’s attempt, the live leaderboard and its Server-Sent Events stream, the candidate’s contest rating, and the editors’ contest API',
    paths: ['/api/contests', '/api/admin/contests'],
  },
  { name: 'Questions', description: 'The question bank for editors: import, export, editing', paths: ['/api/admin/questions'] },
  { name: 'Practice', description: 'Practice sessions with feedback after each answer, and the mistakes shelf (spaced repetition)', paths: ['/api/practice/'] },
  { name: 'Bookmarks', description: 'A candidate’s bookmarked questions', paths: ['/api/bookmarks'] },
  { name: 'Media', description: 'Stored images: upload by editors, serving to everyone', paths: ['/api/admin/media', '/media/'] },
  {
    name: 'Payments',
    description: 'Paid contest entry: confirming a payment from the checkout, the payment provider’s webhook, a candidate’s order, and the local TEST MODE checkout page',
    paths: ['/api/payments/'],
  },
  { name: 'Location', description: 'Reverse geocoding for the location shown in the header', paths: ['/api/geo/'] },
  { name: 'Ads', description: 'Ads by PIN code, their counters, and the ad API', paths: ['/api/advertisements/', '/api/admin/ads'] },
  { name: 'Tracking', description: 'Page views sent by the web app', paths: ['/public/trackUser'] },
  { name: 'Analytics', description: 'The admins’ visitor report', paths: ['/api/admin/analytics'] },
  {
    name: 'Challenges',
    description: 'Answer-key challenges of a submitted attempt’s questions, reports of problems with questions, the editors’ queue, and key decisions that re-mark every attempt they cover',
    paths: ['/api/attempts/:id/challenges', '/api/me/challenges', '/api/questions/', '/api/admin/challenges', '/api/admin/questions/:id/key-decisions'],
  },
  { name: 'Notices', description: 'What a person is told about their own results and reports', paths: ['/api/me/notices'] },
  { name: 'Audit', description: 'The admins’ audit trail: every change to results, keys, questions, tests, contests, payments, roles and accounts, read-only', paths: ['/api/admin/audit'] },
  { name: 'SEO', description: 'Sitemap and crawler rules', paths: ['/sitemap.xml', '/robots.txt'] },
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BEARER = 'bearer';

/** The one error shape, with what the error handler puts in it: an error status and a known code. */
const errorJsonSchema = (() => {
  const documented = errorBodySchema.extend({ statusCode: z.int().min(400).max(599), code: z.enum(ERROR_CODES) });
  const { $schema: _drop, ...schema } = z.toJSONSchema(documented, { target: 'draft-2020-12' });
  return schema;
})();

type RouteLike = { method: string | string[]; url: string; onRequest?: unknown; config?: { rateLimit?: unknown }; schema?: Record<string, unknown> };

/**
 * The error statuses a route can answer, from what it declares. Any route can answer 500, and 503
 * while the database is unavailable (the error handler answers so wherever a query fails that way).
 */
function errorStatusesOf(route: RouteLike): ErrorStatus[] {
  const schema = route.schema ?? {};
  const methods = [route.method].flat();
  const acceptsBody = methods.some((m) => BODY_METHODS.has(m));
  const guard = guardRequirement(route.onRequest);
  const statuses = new Set<ErrorStatus>([500, 503]);
  if (schema.body || schema.params || schema.querystring || acceptsBody) statuses.add(400);
  if (guard?.signIn === 'required') statuses.add(401);
  if (guard?.signIn === 'required' && guard.roles) statuses.add(403);
  if (/\/:/.test(route.url)) statuses.add(404);
  if (acceptsBody) statuses.add(413).add(415);
  if (route.config?.rateLimit) statuses.add(429);
  for (const status of (schema.errorStatuses as ErrorStatus[] | undefined) ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function tagsOf(url: string) {
  return TAGS.filter((tag) => tag.paths.some((path) => url === path || url.startsWith(path))).map((tag) => tag.name);
}

const SUCCESS_ANSWERS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'Done; no body', 304: 'Not modified' };

/**
 * The zod schemas become JSON Schema; the guard becomes the security requirement; a raw body
 * (`consumes` without a body schema) is described as bytes; every error the route can answer is
 * listed with the one error shape. Only the document changes: Fastify keeps serializing errors
 * through the error handler as before.
 */
const describeRoute: SwaggerTransform = (document) => {
  const { schema: converted, url } = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  if (converted?.hide) return { schema: converted, url };
  const route = document.route as unknown as RouteLike;
  const guard = guardRequirement(route.onRequest);
  const { errorStatuses: _declared, ...schema } = (converted ?? {}) as Record<string, unknown>;
  const response: Record<string, Record<string, unknown>> = {};
  for (const [status, answer] of Object.entries((schema.response ?? {}) as Record<string, Record<string, unknown>>)) {
    response[status] = answer.description ? answer : { ...answer, description: SUCCESS_ANSWERS[status] ?? 'OK' };
  }
  for (const status of errorStatusesOf(route)) response[status] = { description: ERROR_ANSWERS[status], $ref: '#/components/schemas/Error' };
  const rawBody = schema.consumes && !schema.body ? { body: { description: 'The file as the raw request body' } } : {};
  const roles = guard?.signIn === 'required' ? guard.roles : undefined;
  return {
    url,
    schema: {
      ...schema,
      ...rawBody,
      tags: tagsOf(url),
      response,
      ...(guard ? { security: guard.signIn === 'optional' ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }] } : {}),
      ...(roles ? { description: [`For signed-in ${roles.map((role) => `${role}s`).join(' and ')} only.`, schema.description].filter(Boolean).join(' ') } : {}),
    },
  };
};

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The API describes itself: an OpenAPI 3.1 document built from the routes' zod schemas, served at
 * /api/openapi.json, and a reference page at /api/docs. Registered before the routes, whose
 * options it collects; the document is built once, on the first request for it.
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Abhyas',
          version,
          description:
            'The Abhyas API. Every error is answered with one shape, `{ statusCode, code, message, details? }`, where `details` lists `{ field, message }` for invalid input. A route that needs a sign-in takes the token `/api/auth/login` answers, as `Authorization: Bearer <token>`. This document is served at `/api/openapi.json`.',
        },
        components: {
          securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
          schemas: { Error: errorJsonSchema as Record<string, unknown> },
        },
        tags: TAGS.map(({ name, description }) => ({ name, description })),
      },
      transform: describeRoute,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', theme: { title: 'Abhyas API' }, uiConfig: { layout: 'BaseLayout', defaultModelsExpandDepth: 0 } });
    let body: string | undefined;
    app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send((body ??= JSON.stringify(app.swagger()))),
    );
  },
  { name: 'openapi' },
);
