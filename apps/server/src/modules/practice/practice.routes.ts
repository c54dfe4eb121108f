import { bookmarkListResponseSchema, bookmarkResponseSchema, isStorableText, mistakesResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { guardEveryRoute, type Guards } from '../../plugins/auth.js';
import { addBookmark, listBookmarks, mistakesShelf, removeBookmark } from './practice.service.js';

type Options = { deps: { db: Db; clock: Clock }; guards: Guards };

/** A question id in a path: text no row has (a NUL, half a character) becomes the empty id, answered 404. */
const questionParams = z.object({
  questionId: z
    .string()
    .max(64, { error: 'Question id is too long' })
    .transform((v) => (isStorableText(v) ? v : '')),
});

/** A candidate's mistakes shelf and bookmarks: /api/practice/mistakes, /api/bookmarks. */
const practiceRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards }) => {
  guardEveryRoute(app, guards.requireUser);
  // A candidate's own state: never kept by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

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
