import { adminBlogListSchema, adminBlogResponseSchema, blogInputSchema, blogPatchSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, noContent } from '../../lib/http-schemas.js';
import { MARKDOWN_BODY_LIMIT } from '../../lib/markdown/markdown.js';
import { allBlogs, blogById, createBlog, deleteBlog, setBlogPublished, updateBlogById, type BlogsDeps } from './blogs.service.js';

/** /api/admin/blogs: editing blogs, inside the admin scope (editors and admins). */
const adminBlogsRoutes: FastifyPluginAsyncZod<{ deps: BlogsDeps }> = async (app, { deps }) => {
  const write = { bodyLimit: MARKDOWN_BODY_LIMIT };

  app.get('/', { schema: { response: { 200: adminBlogListSchema } } }, async () => ({ data: await allBlogs(deps) }));
  app.get('/:id', { schema: { params: idParams, response: { 200: adminBlogResponseSchema } } }, async (req) => ({
    data: await blogById(deps, req.params.id),
  }));
  app.post('/', { ...write, schema: { body: blogInputSchema, response: { 201: adminBlogResponseSchema }, errorStatuses: [409] } }, async (req, reply) =>
    reply.code(201).send({ data: await createBlog(deps, req.user!, req.body) }),
  );
  app.patch('/:id', { ...write, schema: { params: idParams, body: blogPatchSchema, response: { 200: adminBlogResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await updateBlogById(deps, req.params.id, req.body),
  }));
  app.post('/:id/publish', { schema: { params: idParams, response: { 200: adminBlogResponseSchema } } }, async (req) => ({
    data: await setBlogPublished(deps, req.params.id, true),
  }));
  app.post('/:id/unpublish', { schema: { params: idParams, response: { 200: adminBlogResponseSchema } } }, async (req) => ({
    data: await setBlogPublished(deps, req.params.id, false),
  }));
  app.delete('/:id', { schema: { params: idParams, response: { 204: noContent } } }, async (req, reply) => {
    await deleteBlog(deps, req.params.id);
    return reply.code(204).send();
  });
};

export default adminBlogsRoutes;
