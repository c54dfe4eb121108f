import { attemptResponseSchema, attemptStartSchema, contestListResponseSchema, contestResponseSchema, DEVICE_HEADER, joinResponseSchema } from '@abhyas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, slugParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { perUserLimit } from '../../plugins/per-user-limit.js';
import { getContest, joinContest, listContests, startContestAttempt, type ContestPlayDeps } from './contests.service.js';

/** The device working on an attempt, as the attempt engine's routes take it. */
const deviceHeaders = z.object({
  [DEVICE_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: 'X-Device-Id must be 1 to 64 letters, digits, dots, colons, hyphens or underscores' })
    .optional(),
});
/** A contest's id or its slug (slugs are the longer). */
const idOrSlugParams = z.object({ idOrSlug: slugParams.shape.slug });

const deviceOf = (request: FastifyRequest): string | null => {
  const value = request.headers[DEVICE_HEADER];
  return typeof value === 'string' ? value : null;
};

type Options = { deps: ContestPlayDeps; guards: Guards; joinsPerMinute: number };

/**
 * /api/contests for candidates: the lists (upcoming, the caller's live ones, past), one contest,
 * joining (rate-limited per candidate) and starting the contest's attempt. Answers depend on the
 * caller and on seats that change by the second, so nothing here is kept by a browser or a proxy.
 */
const contestsRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards, joinsPerMinute }) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.get('/', { onRequest: guards.optionalUser, schema: { response: { 200: contestListResponseSchema } } }, async (request) => listContests(deps, request.user?.id ?? null));

  app.get('/:idOrSlug', { onRequest: guards.optionalUser, schema: { params: idOrSlugParams, response: { 200: contestResponseSchema } } }, async (request) => {
    const user = request.user;
    return { data: await getContest(deps, request.params.idOrSlug, user ? { userId: user.id, editor: user.role === 'editor' || user.role === 'admin' } : null) };
  });

  app.post(
    '/:id/join',
    {
      onRequest: guards.requireUser,
      schema: { params: idParams, response: { 200: joinResponseSchema }, errorStatuses: [409, 502] },
      // Counted per candidate, in Redis when several processes share it.
      config: { rateLimit: perUserLimit('contest-joins', joinsPerMinute) },
    },
    async (request) => joinContest(deps, request.params.id, request.user!.id),
  );

  app.post(
    '/:id/attempt',
    {
      onRequest: guards.requireUser,
      schema: { params: idParams, headers: deviceHeaders, body: attemptStartSchema.nullish(), response: { 200: attemptResponseSchema, 201: attemptResponseSchema }, errorStatuses: [409] },
      // Dozens of statements: run in a turn of the process's admission (plugins/admission.ts).
      config: { heavy: 'start' },
    },
    async (request, reply) => {
      const { attempt, created } = await startContestAttempt(deps, request.params.id, request.user!.id, deviceOf(request), request.body?.language);
      return reply.code(created ? 201 : 200).send({ data: attempt, serverTime: attempt.serverTime });
    },
  );
};

export default contestsRoutes;
