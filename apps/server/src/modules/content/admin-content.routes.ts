import {
  adminBlogListSchema,
  adminBlogResponseSchema,
  adminTopicListSchema,
  adminTopicResponseSchema,
  blogInputSchema,
  blogPatchSchema,
  previewRequestSchema,
  previewResponseSchema,
  topicInputSchema,
  topicPatchSchema,
} from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../lib/response-schemas.js';
import { guardEveryRoute, type Guards } from '../../plugins/auth.js';
import * as blogs from '../blogs/blogs.service.js';
import * as topics from '../topics/topics.service.js';
import { renderMarkdown } from './markdown.js';

const idParams = z.object({ id: z.string().max(64, { error: 'Id is too long' }) });

/** Markdown up to 200,000 characters can take three bytes a character. */
const CONTENT_BODY_LIMIT = 1024 * 1024;

/** Editing blogs and topics: editors and admins only. */
const adminContentRoutes: FastifyPluginAsyncZod<{ deps: blogs.ContentDeps; guards: Guards }> = async (app, { deps, guards }) => {
  guardEveryRoute(app, guards.requireRole('editor', 'admin'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const write = { bodyLimit: CONTENT_BODY_LIMIT };

  app.get('/blogs', { schema: { response: { 200: adminBlogListSchema } } }, async () => ({ data: await blogs.allBlogs(deps) }));
  app.get('/blogs/:id', { schema: { params: idParams, response: { 200: adminBlogResponseSchema } } }, async (req) => ({
    data: await blogs.blogById(deps, req.params.id),
  }));
  app.post('/blogs', { ...write, schema: { body: blogInputSchema, response: { 201: adminBlogResponseSchema }, errorStatuses: [409] } }, async (req, reply) =>
    reply.code(201).send({ data: await blogs.createBlog(deps, req.user!, req.body) }),
  );
  app.patch('/blogs/:id', { ...write, schema: { params: idParams, body: blogPatchSchema, response: { 200: adminBlogResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await blogs.updateBlogById(deps, req.params.id, req.body),
  }));
  app.post('/blogs/:id/publish', { schema: { params: idParams, response: { 200: adminBlogResponseSchema } } }, async (req) => ({
    data: await blogs.setBlogPublished(deps, req.params.id, true),
  }));
  app.post('/blogs/:id/unpublish', { schema: { params: idParams, response: { 200: adminBlogResponseSchema } } }, async (req) => ({
    data: await blogs.setBlogPublished(deps, req.params.id, false),
  }));
  app.delete('/blogs/:id', { schema: { params: idParams, response: { 204: noContent } } }, async (req, reply) => {
    await blogs.deleteBlog(deps, req.params.id);
    return reply.code(204).send();
  });

  app.get('/topics', { schema: { response: { 200: adminTopicListSchema } } }, async () => ({ data: await topics.allTopics(deps) }));
  app.get('/topics/:id', { schema: { params: idParams, response: { 200: adminTopicResponseSchema } } }, async (req) => ({
    data: await topics.topicById(deps, req.params.id),
  }));
  app.post('/topics', { ...write, schema: { body: topicInputSchema, response: { 201: adminTopicResponseSchema }, errorStatuses: [409] } }, async (req, reply) =>
    reply.code(201).send({ data: await topics.createTopic(deps, req.body) }),
  );
  app.patch('/topics/:id', { ...write, schema: { params: idParams, body: topicPatchSchema, response: { 200: adminTopicResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await topics.updateTopicById(deps, req.params.id, req.body),
  }));
  app.post('/topics/:id/publish', { schema: { params: idParams, response: { 200: adminTopicResponseSchema } } }, async (req) => ({
    data: await topics.setTopicPublished(deps, req.params.id, true),
  }));
  app.post('/topics/:id/unpublish', { schema: { params: idParams, response: { 200: adminTopicResponseSchema } } }, async (req) => ({
    data: await topics.setTopicPublished(deps, req.params.id, false),
  }));
  app.delete('/topics/:id', { schema: { params: idParams, response: { 204: noContent } } }, async (req, reply) => {
    await topics.deleteTopic(deps, req.params.id);
    return reply.code(204).send();
  });

  app.post('/preview', { ...write, schema: { body: previewRequestSchema, response: { 200: previewResponseSchema } } }, async (req) => ({
    html: renderMarkdown(req.body.content),
  }));
};

export default adminContentRoutes;
