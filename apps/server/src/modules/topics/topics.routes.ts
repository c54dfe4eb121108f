import { languageQuerySchema, topicFilterSchema, topicListResponseSchema, topicPageSchema, topicResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notModified, slugParams } from '../../lib/http-schemas.js';
import { ResponseCache } from '../../lib/response-cache.js';
import { replyVersioned } from '../../lib/versioned-reply.js';
import { findTopicsAnswer, publishedTopicAnswer, publishedTopicsAnswer, type TopicsDeps } from './topics.service.js';


/**
 * The public topic paths, exactly where the original client calls them (docs/PRODUCT.md §4). Their
 * answers change only when an editor writes, so each is served from memory against the content
 * version, which doubles as the ETag.
 */
const topicsRoutes: FastifyPluginAsyncZod<{ deps: TopicsDeps }> = async (app, { deps }) => {
  const publicDeps = { ...deps, answers: new ResponseCache() };

  app.get('/api/topics/all', { schema: { querystring: languageQuerySchema, response: { 200: topicListResponseSchema, 304: notModified } } }, async (request, reply) =>
    replyVersioned(request, reply, await publishedTopicsAnswer(publicDeps, request.query.language)),
  );

  app.post('/topics/all', { schema: { body: topicFilterSchema.optional(), response: { 200: topicPageSchema } } }, async (request, reply) =>
    replyVersioned(request, reply, await findTopicsAnswer(publicDeps, request.body ?? {})),
  );

  app.get('/api/topics/:slug', { schema: { params: slugParams, response: { 200: topicResponseSchema, 304: notModified } } }, async (request, reply) =>
    replyVersioned(request, reply, await publishedTopicAnswer(publicDeps, request.params.slug)),
  );
};

export default topicsRoutes;
