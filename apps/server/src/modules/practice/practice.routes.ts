import {
  bookmarkListResponseSchema,
  bookmarkResponseSchema,
  isStorableText,
  mistakesResponseSchema,
  practiceAnswerSchema,
  practiceChoicesResponseSchema,
  practiceFeedbackResponseSchema,
  practiceSessionListResponseSchema,
  practiceSessionResponseSchema,
  practiceStartSchema,
} from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardEveryRoute, type Guards } from '../../plugins/auth.js';
import { perUserLimit } from '../../plugins/per-user-limit.js';
import { idParams } from '../../lib/http-schemas.js';
import { addBookmark, listBookmarks, removeBookmark } from './bookmarks.js';
import { mistakesShelf } from './mistakes.service.js';
import { answerQuestion, getSession, listSessions, practiceChoices, startSession, type PracticeDeps } from './practice.service.js';

/** Sessions a candidate may start a minute: far above real use, a bound on rows written. */
const SESSION_STARTS_PER_MINUTE = 60;

type Options = { deps: PracticeDeps; guards: Guards };

/** A question id in a path: text no row has (a NUL, half a character) becomes the empty id, answered 404. */
const questionParams = z.object({
  questionId: z
    .string()
    .max(64, { error: 'Question id is too long' })
    .transform((v) => (isStorableText(v) ? v : '')),
});

/** Practice: what there is to practise, a candidate's mistakes shelf and bookmarks. */
const practiceRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards }) => {
  // Public: what there is to practise, for the practice page and the topic pages' "Practise this topic".
  app.get('/practice/choices', { schema: { response: { 200: practiceChoicesResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { data: await practiceChoices(deps) };
  });

  await app.register(candidateRoutes, { deps, guards });
};

/** Every route here is a signed-in candidate's own. */
const candidateRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards }) => {
  guardEveryRoute(app, guards.requireUser);
  // A candidate's own state: never kept by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/practice/sessions',
    {
      schema: { body: practiceStartSchema, response: { 201: practiceSessionResponseSchema }, errorStatuses: [409] },
      config: { rateLimit: perUserLimit('practice-starts', SESSION_STARTS_PER_MINUTE) },
    },
    async (request, reply) => reply.code(201).send({ data: await startSession(deps, request.user!.id, request.body) }),
  );

  app.get('/practice/sessions', { schema: { response: { 200: practiceSessionListResponseSchema } } }, async (request) => ({
    data: await listSessions(deps, request.user!.id),
  }));

  app.get('/practice/sessions/:id', { schema: { params: idParams, response: { 200: practiceSessionResponseSchema } } }, async (request) => ({
    data: await getSession(deps, request.user!.id, request.params.id),
  }));

  app.post(
    '/practice/sessions/:id/answers',
    { schema: { params: idParams, body: practiceAnswerSchema, response: { 200: practiceFeedbackResponseSchema }, errorStatuses: [409] } },
    async (request) => ({ data: await answerQuestion(deps, request.user!.id, request.params.id, request.body.questionId, request.body.optionIds) }),
  );

  app.get('/practice/mistakes', { schema: { response: { 200: mistakesResponseSchema } } }, async (request) => ({
    data: await mistakesShelf(deps, request.user!.id),
  }));

  app.get('/bookmarks', { schema: { response: { 200: bookmarkListResponseSchema } } }, async (request) => ({
    data: await listBookmarks(deps, request.user!.id),
  }));

  app.put(
    '/bookmarks/:questionId',
    { schema: { params: questionParams, response: { 200: bookmarkResponseSchema } } },
    async (request) => {
      await addBookmark(deps, request.user!.id, request.params.questionId);
      return { data: { questionId: request.params.questionId, bookmarked: true } };
    },
  );

  app.delete(
    '/bookmarks/:questionId',
    { schema: { params: questionParams, response: { 200: bookmarkResponseSchema } } },
    async (request) => {
      await removeBookmark(deps, request.user!.id, request.params.questionId);
      return { data: { questionId: request.params.questionId, bookmarked: false } };
    },
  );
};

export default practiceRoutes;
