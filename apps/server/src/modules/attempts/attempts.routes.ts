import {
  answerSaveResponseSchema,
  answerSaveSchema,
  attemptResponseSchema,
  attemptStatusResponseSchema,
  myAttemptsResponseSchema,
  resultResponseSchema,
  reviewResponseSchema,
} from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toIso } from '../../lib/clock.js';
import { idParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { perUserLimit } from '../../plugins/per-user-limit.js';
import { attemptStatus } from './attempt-status.js';
import { deviceHeaders, deviceOf } from './device.js';
import {
  attemptResult,
  attemptReview,
  getAttempt,
  myAttempts,
  saveAnswer,
  submitAttempt,
  takeOverAttempt,
  type AttemptDeps,
} from './attempts.service.js';

const answerParams = z.object({ id: idParams.shape.id, questionId: idParams.shape.id });

type Options = { deps: AttemptDeps; guards: Guards; savesPerMinute: number };

/**
 * The attempt engine for candidates: resuming an attempt (a mock test's is started by the tests
 * module, a contest's by contests), watching its status, saving answers, handing it to another
 * device, submitting, the result, the review and the candidate's history. Every answer carries the server's time; nothing here is kept by a browser or a proxy.
 * Submitting, the result and the review, dozens of statements each, are heavy (plugins/admission.ts).
 */
const attemptsRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards, savesPerMinute }) => {
  const signedIn = guards.requireUser;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const now = () => toIso(deps.clock.now());

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
      // The answer is a few hundred bytes, under the compression threshold: the hooks would only look;
      // and the exam screen sends the answer as plain JSON.
      compress: false,
      decompress: false,
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
    { onRequest: signedIn, schema: { params: idParams, headers: deviceHeaders, response: { 200: resultResponseSchema }, errorStatuses: [409] }, config: { heavy: 'submit' } },
    async (request) => ({ data: await submitAttempt(deps, request.params.id, request.user!.id, deviceOf(request)), serverTime: now() }),
  );

  app.get('/attempts/:id/result', { onRequest: signedIn, schema: { params: idParams, response: { 200: resultResponseSchema }, errorStatuses: [409] }, config: { heavy: 'read' } }, async (request) => ({
    data: await attemptResult(deps, request.params.id, request.user!.id),
    serverTime: now(),
  }));

  app.get('/attempts/:id/review', { onRequest: signedIn, schema: { params: idParams, response: { 200: reviewResponseSchema }, errorStatuses: [409] }, config: { heavy: 'read' } }, async (request) => ({
    data: await attemptReview(deps, request.params.id, request.user!.id),
    serverTime: now(),
  }));

  app.get('/me/attempts', { onRequest: signedIn, schema: { response: { 200: myAttemptsResponseSchema } } }, async (request) => ({
    data: await myAttempts(deps, request.user!.id),
    serverTime: now(),
  }));
};

export default attemptsRoutes;

