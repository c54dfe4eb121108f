import { previewRequestSchema, previewResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MARKDOWN_BODY_LIMIT, renderField } from '../../lib/markdown/markdown.js';

/** POST /api/admin/preview: an editor's Markdown rendered exactly as candidates will see it, inside the admin scope. */
const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/preview', { bodyLimit: MARKDOWN_BODY_LIMIT, schema: { body: previewRequestSchema, response: { 200: previewResponseSchema } } }, async (req) => ({
    html: renderField('content', req.body.content),
  }));
};

export default previewRoutes;
