import {
  DEVICE_HEADER,
  answerSaveResponseSchema,
  answerSaveSchema,
  attemptResponseSchema,
  attemptStatusResponseSchema,
  itemStatsResponseSchema,
  myAttemptsResponseSchema,
  resultResponseSchema,
  reviewResponseSchema,
} from '@abhyas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toIso } from '../../lib/clock.js';
import { idParams, slugParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { perUserLimit } from '../../plugins/per-user-limit.js';
import { attemptStatus } from './attempt-status.js';
import {
  attemptResult,
  attemptReview,
  getAttempt,
  myAttempts,
  saveAnswer,
  startTestAttempt,
  submitAttempt,
  takeOverAttempt,
  testItemStats,
  type AttemptDeps,
} from './attempts.service.js';

/** The device working on an attempt: a random id the client keeps; absent on a first request is allowed. */
const deviceHeaders = z.object({
  [DEVICE_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: 'X-Device-Id must be 1 to 64 letters, digits, dots, colons, hyphens or underscores' })
    .optional(),
});
const answerParams = z.object({ id: idParams.shape.id, questionId: idParams.shape.id });

const deviceOf = (request: FastifyRequest): string | null => {
  const value = request.headers[DEVICE_HEADER];
  return typeof value === 'string' ? value : null;
};

type Options = { deps: AttemptDeps; guards: Guards; savesPerMinute: number };

/**
 * The attempt engine for candidates: starting a test, resuming, watching its status, saving answers,
 * handing the attempt to another device, submitting, the result, the review and the candidate's
 * history. Every answer carries the server's time; nothing here is kept by a browser or a proxy.
 */
const attemptsRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards, savesPerMinute }) => {
  const signedIn = guards.requireUser;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const now = () => toIso(deps.clock.now());

  app.post(
    '/tests/:slug/attempts',
    { onRequest: signedIn, schema: { params: slugParams, headers: deviceHeaders, response: { 200: attemptResponseSchema, 201: attemptResponseSchema }, errorStatuses: [409] } },
    async (request, reply) => {
      const { attempt, created } = await startTestAttempt(deps, request.params.slug, request.user!.id, deviceOf(request));
      return reply.code(created ? 201 : 200).send({ data: attempt, serverTime: attempt.serverTime });
    },
  );

  app.get('/attempts/:id', { onRequest: signedIn, schema: { params: idParams, headers: deviceHeaders, response: { 200: attemptResponseSchema } } }, async (request) => {
    const attempt = await getAttempt(deps, request.params.id, request.user!.id, deviceOf(request));
    return { data: attempt, serverTime: attempt.serverTime };
  });

  // Polled by an open exam screen: cheap, so a device learns soon that it no longer writes or that the attempt was submitted.
  app.get('/attempts/:id/status', { onRequest: signedIn, schema: { params: idParams, headers: deviceHeaders, response: { 200: attemptStatusResponseSchema } } }, async (request) => {
    const status = await attemptStatus(deps, request.params.id, request.user!.id, deviceOf(request));
    return { data: status, serverTime: status.serverTime };
  });

  app.put(
    '/attempts/:id/answers/:questionId',
    {
      onRequest: signedIn,
      schema: { params: answerParams, headers: deviceHeaders, body: answerSaveSchema, response: { 200: answerSaveResponseSchema }, errorStatuses: [409] },
      // Counted per candidate and attempt, in Redis when several processes share it.
      config: { rateLimit: perUserLimit('attempt-saves', savesPerMinute, (request) => (request.params as { id: string }).id) },
    },
    async (request) => ({
      data: await saveAnswer(deps, { attemptId: request.params.id, userId: request.user!.id, deviceId: deviceOf(request), questionId: request.params.questionId, input: request.body }),
      serverTime: now(),
    }),
  );

  app.post(
    '/attempts/:id/takeover',
    { onRequest: signedIn, schema: { params: idParams, headers: deviceHeaders, response: { 200: attemptResponseSchema }, errorStatuses: [409] } },
    async (request) => {
      const attempt = await takeOverAttempt(deps, request.params.id, request.user!.id, deviceOf(request));
      return { data: attempt, serverTime: attempt.serverTime };
    },
  );

  app.post(
    '/attempts/:id/submit',
    { onRequest: signedIn, schema: { params: idParams, headers: deviceHeaders, response: { 200: resultResponseSchema }, errorStatuses: [409] } },
    async (request) => ({ data: await submitAttempt(deps, request.params.id, request.user!.id, deviceOf(request)), serverTime: now() }),
  );

  app.get('/attempts/:id/result', { onRequest: signedIn, schema: { params: idParams, response: { 200: resultResponseSchema }, errorStatuses: [409] } }, async (request) => ({
    data: await attemptResult(deps, request.params.id, request.user!.id),
    serverTime: now(),
  }));

  app.get('/attempts/:id/review', { onRequest: signedIn, schema: { params: idParams, response: { 200: reviewResponseSchema }, errorStatuses: [409] } }, async (request) => ({
    data: await attemptReview(deps, request.params.id, request.user!.id),
    serverTime: now(),
  }));

  app.get('/me/attempts', { onRequest: signedIn, schema: { response: { 200: myAttemptsResponseSchema } } }, async (request) => ({
    data: await myAttempts(deps, request.user!.id),
    serverTime: now(),
  }));
};

export default attemptsRoutes;

/** /api/admin/tests/:id/item-stats, inside the admin scope: the editors' item analysis of a test. */
export const itemStatsRoutes: FastifyPluginAsyncZod<{ deps: AttemptDeps }> = async (app, { deps }) => {
  app.get('/:id/item-stats', { schema: { params: idParams, response: { 200: itemStatsResponseSchema } } }, async (request) => ({ data: await testItemStats(deps, request.params.id) }));
};
