import {
  adminTestListQuerySchema,
  adminTestPageSchema,
  adminTestResponseSchema,
  itemStatsResponseSchema,
  testDeleteResponseSchema,
  testInputSchema,
  testPreviewQuerySchema,
  testPreviewResponseSchema,
} from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/http-schemas.js';
import { MARKDOWN_BODY_LIMIT } from '../../lib/markdown/markdown.js';
import { actorOf } from '../audit/audit.service.js';
import { itemStatsOfTest, previewTest } from './paper-attempts.js';
import { createTest, deleteTest, getAdminTest, listAdminTests, publishTest, unpublishTest, updateTest, type TestsDeps } from './papers.service.js';

/**
 * /api/admin/tests, inside the admin scope: editors build, preview, publish and delete mock tests,
 * and read a test's item analysis.
 * Deleting a test candidates have attempted archives it, keeping their attempts and results.
 */
const adminTestsRoutes: FastifyPluginAsyncZod<{ deps: TestsDeps }> = async (app, { deps }) => {
  const write = { bodyLimit: MARKDOWN_BODY_LIMIT };

  app.get('/', { schema: { querystring: adminTestListQuerySchema, response: { 200: adminTestPageSchema } } }, async (req) => listAdminTests(deps, req.query));
  app.get('/:id', { schema: { params: idParams, response: { 200: adminTestResponseSchema } } }, async (req) => ({ data: await getAdminTest(deps, req.params.id) }));
  app.post('/', { ...write, schema: { body: testInputSchema, response: { 201: adminTestResponseSchema }, errorStatuses: [409] } }, async (req, reply) =>
    reply.code(201).send({ data: await createTest(deps, actorOf(req), req.body, req.user!.id) }),
  );
  app.put('/:id', { ...write, schema: { params: idParams, body: testInputSchema, response: { 200: adminTestResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await updateTest(deps, actorOf(req), req.params.id, req.body),
  }));
  app.post('/:id/publish', { schema: { params: idParams, response: { 200: adminTestResponseSchema } } }, async (req) => ({ data: await publishTest(deps, actorOf(req), req.params.id) }));
  app.post('/:id/unpublish', { schema: { params: idParams, response: { 200: adminTestResponseSchema } } }, async (req) => ({ data: await unpublishTest(deps, actorOf(req), req.params.id) }));
  app.get('/:id/preview', { schema: { params: idParams, querystring: testPreviewQuerySchema, response: { 200: testPreviewResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await previewTest(deps, req.params.id, req.query.seed),
  }));
  app.get('/:id/item-stats', { schema: { params: idParams, response: { 200: itemStatsResponseSchema } } }, async (req) => ({ data: await itemStatsOfTest(deps, req.params.id) }));
  app.delete('/:id', { schema: { params: idParams, response: { 200: testDeleteResponseSchema }, errorStatuses: [409] } }, async (req) => ({ outcome: await deleteTest(deps, actorOf(req), req.params.id) }));
};

export default adminTestsRoutes;
