import { blogListResponseSchema, blogResponseSchema, languageQuerySchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notModified, slugParams } from '../../lib/http-schemas.js';
import { ResponseCache } from '../../lib/response-cache.js';
import { replyVersioned } from '../../lib/versioned-reply.js';
import { BLOG_LIST_MAX, publishedBlogAnswer, publishedBlogsAnswer, type BlogsDeps } from './blogs.service.js';

const blogListQuery = languageQuerySchema.extend({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, { error: 'limit must be at least 1' }).max(BLOG_LIST_MAX, { error: `limit must be at most ${BLOG_LIST_MAX}` }).optional(),
});

/**
 * The public blog paths, exactly where the original client calls them (docs/PRODUCT.md §4). Their
 * answers change only when an editor writes, so each is served from memory against the content
 * version, which doubles as the ETag.
 */
const blogsRoutes: FastifyPluginAsyncZod<{ deps: BlogsDeps }> = async (app, { deps }) => {
  const publicDeps = { ...deps, answers: new ResponseCache() };

  app.get('/public/allblogs', { schema: { querystring: blogListQuery, response: { 200: blogListResponseSchema, 304: notModified } } }, async (request, reply) =>
    replyVersioned(request, reply, await publishedBlogsAnswer(publicDeps, request.query.limit, request.query.language)),
  );

  app.get('/api/blogs/:slug', { schema: { params: slugParams, response: { 200: blogResponseSchema, 304: notModified } } }, async (request, reply) =>
    replyVersioned(request, reply, await publishedBlogAnswer(publicDeps, request.params.slug)),
  );
};

export default blogsRoutes;
