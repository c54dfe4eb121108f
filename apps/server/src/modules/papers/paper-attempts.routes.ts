import { attemptResponseSchema, attemptStartSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slugParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { deviceHeaders, deviceOf, type AttemptDeps } from '../attempts/attempts.service.js';
import { startTestAttempt } from './paper-attempts.js';

/**
 * POST /api/tests/:slug/attempts: a candidate starts a mock test (or is answered the open attempt),
 * in the default language chosen on its instructions page when the body names one;
 * the attempt itself is then the attempt engine's (/api/attempts/:id). Never kept by a browser or a proxy.
 */
const testAttemptsRoutes: FastifyPluginAsyncZod<{ deps: AttemptDeps; guards: Guards }> = async (app, { deps, guards }) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.post(
    '/:slug/attempts',
    { onRequest: guards.requireUser, schema: { params: slugParams, headers: deviceHeaders, body: attemptStartSchema.nullish(), response: { 200: attemptResponseSchema, 201: attemptResponseSchema }, errorStatuses: [409] }, config: { heavy: 'start' } },
    async (request, reply) => {
      const { attempt, created } = await startTestAttempt(deps, request.params.slug, request.user!.id, deviceOf(request), request.body?.language);
      return reply.code(created ? 201 : 200).send({ data: attempt, serverTime: attempt.serverTime });
    },
  );
};

export default testAttemptsRoutes;
