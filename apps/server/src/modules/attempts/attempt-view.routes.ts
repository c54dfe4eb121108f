import { attemptViewInputSchema, attemptViewResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toIso } from '../../lib/clock.js';
import { idParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { perUserLimit } from '../../plugins/per-user-limit.js';
import { setAttemptView } from './attempt-view.js';
import type { AttemptDeps } from './attempt-core.js';
import { deviceHeaders, deviceOf } from './device.js';

/**
 * PUT /api/attempts/:id/view: the languages the candidate reads the attempt in, from the device that
 * writes it; answered with the view kept. Never kept by a browser or a proxy.
 */
const attemptViewRoutes: FastifyPluginAsyncZod<{ deps: AttemptDeps; guards: Guards; perMinute: number }> = async (app, { deps, guards, perMinute }) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.put(
    '/attempts/:id/view',
    {
      onRequest: guards.requireUser,
      schema: { params: idParams, headers: deviceHeaders, body: attemptViewInputSchema, response: { 200: attemptViewResponseSchema }, errorStatuses: [409] },
      // As many as saves: a change is a click, counted per candidate and attempt.
      config: { rateLimit: perUserLimit('attempt-views', perMinute, (request) => (request.params as { id: string }).id) },
    },
    async (request) => ({
      data: await setAttemptView(deps, { attemptId: request.params.id, userId: request.user!.id, deviceId: deviceOf(request), input: request.body }),
      serverTime: toIso(deps.clock.now()),
    }),
  );
};

export default attemptViewRoutes;
