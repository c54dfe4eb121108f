import {
  blogListResponseSchema,
  blogResponseSchema,
  CONTENT_LIMITS,
  topicFilterSchema,
  topicListResponseSchema,
  topicPageSchema,
  topicResponseSchema,
} from '@abhyas/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_LIST_MAX, publishedBlog, publishedBlogs, type ContentDeps } from '../blogs/blogs.service.js';
import { findTopics, publishedTopic, publishedTopics } from '../topics/topics.service.js';

const slugParams = z.object({ slug: z.string().max(CONTENT_LIMITS.slugMax, { error: 'Slug is too long' }) });
const blogListQuery = z.strictObject({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, { error: 'limit must be at least 1' }).max(BLOG_LIST_MAX, { error: `limit must be at most ${BLOG_LIST_MAX}` }).optional(),
});

// Public content changes rarely; a short shared cache lets a CDN or the browser absorb repeat visits.
const cacheable = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');

/** The public content paths, exactly where the specification's client calls them (seed-spec §7, DESIGN.md §3). */
const contentRoutes: FastifyPluginAsyncZod<{ deps: ContentDeps }> = async (app, { deps }) => {
  app.get('/public/allblogs', { schema: { querystring: blogListQuery, response: { 200: blogListResponseSchema } } }, async (request, reply) => {
    cacheable(reply);
    return { data: await publishedBlogs(deps, request.query.limit) };
  });

  app.get('/api/blogs/:slug', { schema: { params: slugParams, response: { 200: blogResponseSchema } } }, async (request, reply) => {
    cacheable(reply);
    return { data: await publishedBlog(deps, request.params.slug) };
  });

  app.get('/api/topics/all', { schema: { response: { 200: topicListResponseSchema } } }, async (_request, reply) => {
    cacheable(reply);
    return { data: await publishedTopics(deps) };
  });

  app.post('/topics/all', { schema: { body: topicFilterSchema.optional(), response: { 200: topicPageSchema } } }, async (request) =>
    findTopics(deps, request.body ?? {}),
  );

  app.get('/api/topics/:slug', { schema: { params: slugParams, response: { 200: topicResponseSchema } } }, async (request, reply) => {
    cacheable(reply);
    return { data: await publishedTopic(deps, request.params.slug) };
  });
};

export default contentRoutes;
