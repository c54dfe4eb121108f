import {
  blogListResponseSchema,
  blogResponseSchema,
  CONTENT_LIMITS,
  topicFilterSchema,
  topicListResponseSchema,
  topicPageSchema,
  topicResponseSchema,
} from '@abhyas/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCounter } from '../../db/counters.repo.js';
import { ResponseCache } from '../../lib/response-cache.js';
import { notModified } from '../../lib/response-schemas.js';
import { BLOG_LIST_MAX, publishedBlog, publishedBlogs, type ContentDeps } from '../blogs/blogs.service.js';
import { findTopics, publishedTopic, publishedTopics } from '../topics/topics.service.js';

const slugParams = z.object({ slug: z.string().max(CONTENT_LIMITS.slugMax, { error: 'Slug is too long' }) });
const blogListQuery = z.strictObject({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, { error: 'limit must be at least 1' }).max(BLOG_LIST_MAX, { error: `limit must be at most ${BLOG_LIST_MAX}` }).optional(),
});

/**
 * The public content paths, exactly where the specification's client calls them (seed-spec §7,
 * DESIGN.md §3). Their answers change only when an editor writes, so each serialized answer is
 * cached against the content version (one indexed read per request, shared by every process) and
 * the version doubles as the ETag, letting a returning browser get a 304 with no body.
 */
const contentRoutes: FastifyPluginAsyncZod<{ deps: ContentDeps }> = async (app, { deps }) => {
  const cache = new ResponseCache();
  async function cachedJson(request: FastifyRequest, reply: FastifyReply, key: string, schema: z.ZodType, produce: () => Promise<unknown>) {
    const version = await readCounter(deps.db, 'content');
    if (request.method === 'GET') {
      const etag = `W/"c${version}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    }
    const body = await cache.through(key, version, async () => JSON.stringify(schema.parse(await produce())));
    return reply.type('application/json; charset=utf-8').send(body);
  }

  app.get('/public/allblogs', { schema: { querystring: blogListQuery, response: { 200: blogListResponseSchema, 304: notModified } } }, async (request, reply) =>
    cachedJson(request, reply, `blogs:${request.query.limit ?? BLOG_LIST_MAX}`, blogListResponseSchema, async () => ({
      data: await publishedBlogs(deps, request.query.limit),
    })),
  );

  app.get('/api/blogs/:slug', { schema: { params: slugParams, response: { 200: blogResponseSchema, 304: notModified } } }, async (request, reply) =>
    cachedJson(request, reply, `blog:${request.params.slug}`, blogResponseSchema, async () => ({ data: await publishedBlog(deps, request.params.slug) })),
  );

  app.get('/api/topics/all', { schema: { response: { 200: topicListResponseSchema, 304: notModified } } }, async (request, reply) =>
    cachedJson(request, reply, 'topics:all', topicListResponseSchema, async () => ({ data: await publishedTopics(deps) })),
  );

  app.post('/topics/all', { schema: { body: topicFilterSchema.optional(), response: { 200: topicPageSchema } } }, async (request, reply) => {
    const filter = request.body ?? {};
    const key = `topics:${JSON.stringify(filter, Object.keys(filter).sort())}`;
    return cachedJson(request, reply, key, topicPageSchema, () => findTopics(deps, filter));
  });

  app.get('/api/topics/:slug', { schema: { params: slugParams, response: { 200: topicResponseSchema, 304: notModified } } }, async (request, reply) =>
    cachedJson(request, reply, `topic:${request.params.slug}`, topicResponseSchema, async () => ({ data: await publishedTopic(deps, request.params.slug) })),
  );
};

export default contentRoutes;
